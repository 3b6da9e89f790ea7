import { warehouseSchema, warehouseSummarySchema } from '@wms/contract/entities';
import { idParams } from '@wms/contract/ids';
import { pageMetaSchema, paginationQuery } from '@wms/contract/pagination';
import {
  assignUsersSchema,
  removeUserSchema,
  WAREHOUSE_MESSAGES,
  warehouseInputSchema,
  warehouseResponse,
  warehouseSavedResponse,
  warehouseStatisticsResponse,
} from '@wms/contract/warehouses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  assignUsers,
  createWarehouse,
  deleteWarehouse,
  getWarehouseDetail,
  getWarehouseStatistics,
  listActiveWarehousesInScope,
  listRegistrationWarehouses,
  listWarehousesInScope,
  removeUser,
  updateWarehouse,
} from './warehouses-service';

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const warehousesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/all-warehouses',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Active warehouses for the registration form',
        operationId: 'listPublicWarehouses',
        tags: ['warehouses'],
        response: { 200: z.object({ data: z.array(warehouseSummarySchema) }) },
      },
    },
    async () => ({ data: await listRegistrationWarehouses(db) }),
  );

  app.get(
    '/warehouses',
    {
      config: { permission: 'view warehouses' },
      schema: {
        summary: 'List warehouses',
        operationId: 'listWarehouses',
        tags: ['warehouses'],
        // warehouse_id is deliberately not a filter here: this list is what the warehouse selector chooses from.
        querystring: paginationQuery.extend({ is_active: booleanQuery.optional() }),
        response: {
          200: z.object({
            data: z.array(
              warehouseSchema.extend({
                users_count: z.number().int(),
                // Only for callers with `view users`: clients must not learn who else works in a warehouse.
                users: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
              }),
            ),
            meta: pageMetaSchema,
          }),
        },
      },
    },
    async (request) => {
      return listWarehousesInScope(db, requireAuth(request.auth), request.query);
    },
  );

  app.get(
    '/warehouses/active',
    {
      config: { permission: 'view warehouses' },
      schema: {
        summary: 'List active warehouses',
        operationId: 'listActiveWarehouses',
        tags: ['warehouses'],
        response: { 200: z.object({ data: z.array(warehouseSchema) }) },
      },
    },
    async (request) => ({ data: await listActiveWarehousesInScope(db, requireAuth(request.auth)) }),
  );

  app.get(
    '/warehouses/:id',
    {
      config: { permission: 'view warehouses' },
      schema: {
        summary: 'Get a warehouse',
        operationId: 'getWarehouse',
        tags: ['warehouses'],
        params: idParams,
        response: { 200: warehouseResponse },
      },
    },
    async (request) => ({ warehouse: await getWarehouseDetail(db, requireAuth(request.auth), request.params.id) }),
  );

  app.get(
    '/warehouses/:id/statistics',
    {
      config: { permission: 'view warehouses' },
      schema: {
        summary: 'Warehouse statistics',
        operationId: 'getWarehouseStatistics',
        tags: ['warehouses'],
        params: idParams,
        response: { 200: warehouseStatisticsResponse },
      },
    },
    async (request) => ({ data: await getWarehouseStatistics(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/warehouses',
    {
      config: { permission: 'create warehouses' },
      schema: {
        summary: 'Create a warehouse',
        operationId: 'createWarehouse',
        tags: ['warehouses'],
        body: warehouseInputSchema,
        response: { 201: warehouseSavedResponse },
      },
    },
    async (request, reply) => {
      const warehouse = await createWarehouse(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ warehouse, message: WAREHOUSE_MESSAGES.created });
    },
  );

  app.put(
    '/warehouses/:id',
    {
      config: { permission: 'edit warehouses' },
      schema: {
        summary: 'Update a warehouse',
        operationId: 'updateWarehouse',
        tags: ['warehouses'],
        params: idParams,
        body: warehouseInputSchema,
        response: { 200: warehouseSavedResponse },
      },
    },
    async (request) => ({
      warehouse: await updateWarehouse(db, requireAuth(request.auth), request.params.id, request.body),
      message: WAREHOUSE_MESSAGES.updated,
    }),
  );

  app.delete(
    '/warehouses/:id',
    {
      config: { permission: 'delete warehouses' },
      schema: {
        summary: 'Delete a warehouse',
        operationId: 'deleteWarehouse',
        tags: ['warehouses'],
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteWarehouse(db, requireAuth(request.auth), request.params.id);
      return { message: WAREHOUSE_MESSAGES.deleted };
    },
  );

  app.post(
    '/warehouses/:id/assign-users',
    {
      config: { permission: 'edit warehouses' },
      schema: {
        summary: 'Assign users to a warehouse',
        operationId: 'assignWarehouseUsers',
        tags: ['warehouses'],
        params: idParams,
        body: assignUsersSchema,
        response: { 200: warehouseSavedResponse },
      },
    },
    async (request) => ({
      warehouse: await assignUsers(db, requireAuth(request.auth), request.params.id, request.body.user_ids),
      message: WAREHOUSE_MESSAGES.usersAssigned,
    }),
  );

  app.post(
    '/warehouses/:id/remove-user',
    {
      config: { permission: 'edit warehouses' },
      schema: {
        summary: 'Remove a user from a warehouse',
        operationId: 'removeWarehouseUser',
        tags: ['warehouses'],
        params: idParams,
        body: removeUserSchema,
        response: { 200: warehouseSavedResponse },
      },
    },
    async (request) => ({
      warehouse: await removeUser(db, requireAuth(request.auth), request.params.id, request.body.user_id),
      message: WAREHOUSE_MESSAGES.userRemoved,
    }),
  );
};
