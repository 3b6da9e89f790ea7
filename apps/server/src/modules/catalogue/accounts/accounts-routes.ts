import {
  ACCOUNT_MESSAGES,
  accountCreateBodySchema,
  accountHoldingsResponse,
  accountResponse,
  accountSavedResponse,
  accountStatusSchema,
  accountUpdateBodySchema,
} from '@wms/contract/accounts';
import { ACCOUNT_STATUSES, accountSchema } from '@wms/contract/entities';
import { idParams, idSchema, optionalIdQuery } from '@wms/contract/ids';
import { pageMetaSchema, paginationQuery } from '@wms/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireRule } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  createAccount,
  deleteAccount,
  getAccountHoldings,
  getAccountInScope,
  listAccountsInScope,
  setAccountStatus,
  updateAccount,
} from './accounts-service';

/** Far above any warehouse's real number of accounts; the list is for pickers, which search the first page. */
const ACCOUNTS_OF_WAREHOUSE_LIMIT = 1000;

export const accountsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/accounts',
    {
      config: { permission: 'view accounts' },
      schema: {
        summary: 'List accounts',
        operationId: 'listAccounts',
        tags: ['accounts'],
        // account_id is deliberately not a filter here: this list is what the account selector chooses from.
        querystring: paginationQuery.extend({
          status: z.enum(ACCOUNT_STATUSES).optional(),
          warehouse_id: optionalIdQuery(),
        }),
        response: { 200: z.object({ data: z.array(accountSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) => listAccountsInScope(db, requireAuth(request.auth), request.query),
  );

  /** Spec 2 §7: the accounts of one warehouse (in the caller's scope), unpaged: a warehouse's list of accounts. */
  app.get(
    '/accountByWarehouseId',
    {
      config: { permission: 'view accounts' },
      schema: {
        summary: 'List accounts linked to a warehouse',
        operationId: 'listAccountsByWarehouse',
        tags: ['accounts'],
        querystring: z.object({
          wId: idSchema(ACCOUNT_MESSAGES.warehouseIdRequired),
        }),
        response: { 200: z.object({ data: z.array(accountSchema), accounts: z.array(accountSchema) }) },
      },
    },
    async (request) => {
      const page = await listAccountsInScope(db, requireAuth(request.auth), {
        page: 1,
        per_page: ACCOUNTS_OF_WAREHOUSE_LIMIT,
        warehouse_id: request.query.wId,
      });
      return { data: page.data, accounts: page.data };
    },
  );

  app.get(
    '/accounts/:id',
    {
      config: { permission: 'view accounts' },
      schema: {
        summary: 'Get an account',
        operationId: 'getAccount',
        tags: ['accounts'],
        params: idParams,
        response: { 200: accountResponse },
      },
    },
    async (request) => ({ data: await getAccountInScope(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/accounts',
    {
      config: { permission: 'create accounts' },
      schema: {
        summary: 'Create an account',
        operationId: 'createAccount',
        tags: ['accounts'],
        body: accountCreateBodySchema,
        response: { 201: accountSavedResponse },
      },
    },
    async (request, reply) => {
      const data = await createAccount(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ data, message: ACCOUNT_MESSAGES.created });
    },
  );

  app.put(
    '/accounts/:id',
    {
      config: { permission: 'edit accounts' },
      schema: {
        summary: 'Update an account',
        operationId: 'updateAccount',
        tags: ['accounts'],
        params: idParams,
        body: accountUpdateBodySchema,
        response: { 200: accountSavedResponse },
      },
    },
    async (request) => ({
      data: await updateAccount(db, requireAuth(request.auth), request.params.id, request.body),
      message: ACCOUNT_MESSAGES.updated,
    }),
  );

  app.put(
    '/accounts/:id/status',
    {
      config: { permission: 'edit accounts' },
      // Before body validation, so a client gets 403 whatever they send.
      onRequest: requireRule('manageAccountFields', ACCOUNT_MESSAGES.clientCannotChangeStatus),
      schema: {
        summary: 'Activate or deactivate an account',
        operationId: 'setAccountStatus',
        tags: ['accounts'],
        params: idParams,
        body: accountStatusSchema,
        response: { 200: accountSavedResponse },
      },
    },
    async (request) => ({
      data: await setAccountStatus(db, requireAuth(request.auth), request.params.id, request.body.status),
      message: ACCOUNT_MESSAGES.statusUpdated,
    }),
  );

  app.get(
    '/accounts/:id/holdings',
    {
      // Asked by the delete dialog: who may delete may see what deleting would meet.
      config: { permission: 'delete accounts' },
      schema: {
        summary: 'Count what an account holds (products, units in stock, open and all orders)',
        operationId: 'getAccountHoldings',
        tags: ['accounts'],
        params: idParams,
        response: { 200: accountHoldingsResponse },
      },
    },
    async (request) => ({ data: await getAccountHoldings(db, requireAuth(request.auth), request.params.id) }),
  );

  app.delete(
    '/accounts/:id',
    {
      config: { permission: 'delete accounts' },
      schema: {
        summary: 'Delete an account',
        operationId: 'deleteAccount',
        tags: ['accounts'],
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteAccount(db, requireAuth(request.auth), request.params.id);
      return { message: ACCOUNT_MESSAGES.deleted };
    },
  );
};
