import { idParams } from '@wms/contract/ids';
import { STATUS_MODULES } from '@wms/contract/order-lifecycle';
import {
  assignModulesSchema,
  STATUS_MESSAGES,
  statusCreateSchema,
  statusListQuery,
  statusListResponse,
  statusModulesResponse,
  statusResponse,
  statusSavedResponse,
  statusUpdateSchema,
} from '@wms/contract/statuses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  assignStatusModules,
  createStatus,
  deleteStatus,
  getStatus,
  listStatuses,
  toggleStatusActive,
  updateStatus,
} from './statuses-service';

const tags = ['statuses'];

/** Spec 2 §7 Statuses: global configuration, read with `view statuses`, changed with the matching permission. */
export const statusesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/statuses',
    {
      config: { permission: 'view statuses' },
      schema: {
        summary: 'List statuses',
        operationId: 'listStatuses',
        tags,
        querystring: statusListQuery,
        response: { 200: statusListResponse },
      },
    },
    async (request) => {
      const list = await listStatuses(db, request.query);
      return { statuses: list, data: list };
    },
  );

  app.get(
    '/statuses/modules',
    {
      config: { permission: 'view statuses' },
      schema: {
        summary: 'List the modules a status can be assigned to',
        operationId: 'listStatusModules',
        tags,
        response: { 200: statusModulesResponse },
      },
    },
    async () => ({ modules: { ...STATUS_MODULES } }),
  );

  app.get(
    '/statuses/:id',
    {
      config: { permission: 'view statuses' },
      schema: {
        summary: 'Get a status',
        operationId: 'getStatus',
        tags,
        params: idParams,
        response: { 200: statusResponse },
      },
    },
    async (request) => {
      const status = await getStatus(db, request.params.id);
      return { status, data: status };
    },
  );

  app.post(
    '/statuses',
    {
      config: { permission: 'create statuses' },
      schema: {
        summary: 'Create a status',
        operationId: 'createStatus',
        tags,
        body: statusCreateSchema,
        response: { 201: statusSavedResponse },
      },
    },
    async (request, reply) => {
      const status = await createStatus(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ status, data: status, message: STATUS_MESSAGES.created });
    },
  );

  app.put(
    '/statuses/:id',
    {
      config: { permission: 'edit statuses' },
      schema: {
        summary: 'Replace a status',
        operationId: 'updateStatus',
        tags,
        params: idParams,
        body: statusUpdateSchema,
        response: { 200: statusSavedResponse },
      },
    },
    async (request) => {
      const status = await updateStatus(db, requireAuth(request.auth), request.params.id, request.body);
      return { status, data: status, message: STATUS_MESSAGES.updated };
    },
  );

  app.post(
    '/statuses/:id/toggle-active',
    {
      config: { permission: 'edit statuses' },
      schema: {
        summary: 'Activate or deactivate a status',
        operationId: 'toggleStatusActive',
        tags,
        params: idParams,
        response: { 200: statusSavedResponse },
      },
    },
    async (request) => {
      const status = await toggleStatusActive(db, requireAuth(request.auth), request.params.id);
      return {
        status,
        data: status,
        message: status.is_active ? STATUS_MESSAGES.activated : STATUS_MESSAGES.deactivated,
      };
    },
  );

  app.post(
    '/statuses/:id/assign-modules',
    {
      config: { permission: 'edit statuses' },
      schema: {
        summary: 'Assign a status to modules',
        operationId: 'assignStatusModules',
        tags,
        params: idParams,
        body: assignModulesSchema,
        response: { 200: statusSavedResponse },
      },
    },
    async (request) => {
      const status = await assignStatusModules(db, requireAuth(request.auth), request.params.id, request.body.modules);
      return { status, data: status, message: STATUS_MESSAGES.assigned };
    },
  );

  app.delete(
    '/statuses/:id',
    {
      config: { permission: 'delete statuses' },
      schema: {
        summary: 'Delete a status',
        operationId: 'deleteStatus',
        tags,
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteStatus(db, requireAuth(request.auth), request.params.id);
      return { message: STATUS_MESSAGES.deleted };
    },
  );
};
