import { idParams } from '@wms/contract/ids';
import {
  SHIPPER_MESSAGES,
  shipperInputSchema,
  shipperListQuery,
  shipperListResponse,
  shipperResponse,
  shipperSavedResponse,
  shipperUpdateSchema,
} from '@wms/contract/shippers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { createShipper, deleteShipper, getShipper, listShippers, updateShipper } from './shippers-service';

/**
 * Shippers are global master data (no warehouse or account scope): every route needs its shippers permission
 * (`view/create/edit/delete shippers`), held by administrators only for writes by default. Spec 1 §6 gates the
 * buttons on the shipments permissions; we do not (README, API): managers hold those for their warehouses, and a
 * shipper is shared by every warehouse, outside a manager's scope.
 */
export const shippersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/shippers',
    {
      config: { permission: 'view shippers' },
      schema: {
        summary: 'List shippers',
        operationId: 'listShippers',
        tags: ['shippers'],
        querystring: shipperListQuery,
        response: { 200: shipperListResponse },
      },
    },
    async (request) => {
      const page = await listShippers(db, request.query);
      return { shippers: page.data, ...page };
    },
  );

  app.get(
    '/shippers/:id',
    {
      config: { permission: 'view shippers' },
      schema: {
        summary: 'Get a shipper',
        operationId: 'getShipper',
        tags: ['shippers'],
        params: idParams,
        response: { 200: shipperResponse },
      },
    },
    async (request) => ({ shipper: await getShipper(db, request.params.id) }),
  );

  app.post(
    '/shippers',
    {
      config: { permission: 'create shippers' },
      schema: {
        summary: 'Create a shipper',
        operationId: 'createShipper',
        tags: ['shippers'],
        body: shipperInputSchema,
        response: { 201: shipperSavedResponse },
      },
    },
    async (request, reply) => {
      const shipper = await createShipper(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ shipper, message: SHIPPER_MESSAGES.created });
    },
  );

  app.put(
    '/shippers/:id',
    {
      config: { permission: 'edit shippers' },
      schema: {
        summary: 'Update a shipper',
        operationId: 'updateShipper',
        tags: ['shippers'],
        params: idParams,
        body: shipperUpdateSchema,
        response: { 200: shipperSavedResponse },
      },
    },
    async (request) => ({
      shipper: await updateShipper(db, requireAuth(request.auth), request.params.id, request.body),
      message: SHIPPER_MESSAGES.updated,
    }),
  );

  app.delete(
    '/shippers/:id',
    {
      config: { permission: 'delete shippers' },
      schema: {
        summary: 'Delete a shipper',
        operationId: 'deleteShipper',
        tags: ['shippers'],
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteShipper(db, requireAuth(request.auth), request.params.id);
      return { message: SHIPPER_MESSAGES.deleted };
    },
  );
};
