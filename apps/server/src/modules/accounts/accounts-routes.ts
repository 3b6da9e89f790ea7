import {
  ACCOUNT_MESSAGES,
  accountCreateBodySchema,
  accountResponse,
  accountSavedResponse,
  accountStatusSchema,
  accountUpdateBodySchema,
} from '@wms/contract/accounts';
import { ACCOUNT_STATUSES, accountSchema } from '@wms/contract/entities';
import { pageMetaSchema, paginationQuery } from '@wms/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireRule } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import {
  createAccount,
  deleteAccount,
  getAccountInScope,
  listAccountsInScope,
  setAccountStatus,
  updateAccount,
} from './accounts-service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Far above any warehouse's real number of accounts; the list is for pickers, which search the first page. */
const ACCOUNTS_OF_WAREHOUSE_LIMIT = 1000;

export const accountsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/accounts',
    {
      config: { permission: 'view accounts' },
      schema: {
        tags: ['accounts'],
        // account_id is deliberately not a filter here: this list is what the account selector chooses from.
        querystring: paginationQuery.extend({
          status: z.enum(ACCOUNT_STATUSES).optional(),
          warehouse_id: z.coerce.number().int().positive().optional(),
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
        tags: ['accounts'],
        querystring: z.object({
          wId: z.coerce.number({ error: ACCOUNT_MESSAGES.warehouseIdRequired }).int().positive(),
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
      schema: { tags: ['accounts'], params: idParams, response: { 200: accountResponse } },
    },
    async (request) => ({ data: await getAccountInScope(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/accounts',
    {
      config: { permission: 'create accounts' },
      schema: { tags: ['accounts'], body: accountCreateBodySchema, response: { 201: accountSavedResponse } },
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

  app.delete(
    '/accounts/:id',
    {
      config: { permission: 'delete accounts' },
      schema: { tags: ['accounts'], params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await deleteAccount(db, requireAuth(request.auth), request.params.id);
      return { message: ACCOUNT_MESSAGES.deleted };
    },
  );
};
