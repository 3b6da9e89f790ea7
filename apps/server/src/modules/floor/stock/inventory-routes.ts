import { idParams, idSchema } from '@wms/contract/ids';
import {
  INVENTORY_MESSAGES,
  inventoryAdjustSchema,
  inventoryCreateSchema,
  inventoryListQuery,
  inventoryListResponse,
  inventoryResponse,
  inventorySummaryResponse,
  inventoryUpdateSchema,
  inventoryVerifySchema,
  lowStockQuery,
  movementListResponse,
  stockFilterResponse,
} from '@wms/contract/inventory';
import { pageMetaSchema, paginationQuery } from '@wms/contract/pagination';
import { exportQuery } from '@wms/contract/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { sheetDownload } from '../../../http/openapi/file-responses';
import { sendSheetFile } from '../../../http/send-file';
import {
  adjustInventory,
  createInventory,
  deleteInventory,
  getInventory,
  listAccountInventories,
  listInventoriesInStatus,
  listInventoriesWithCounts,
  listInventoryMovements,
  updateInventory,
  verifyInventory,
} from './inventory-service';
import { exportInventories } from './inventory-spreadsheets';
import { inventorySummary } from './inventory-summary';

const messageResponse = z.object({ message: z.string() });

export const inventoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/inventories',
    {
      config: { permission: 'view inventories' },
      schema: {
        summary: 'List inventory rows',
        operationId: 'listInventories',
        tags: ['inventory'],
        querystring: inventoryListQuery,
        response: { 200: inventoryListResponse },
      },
    },
    async (request) => listInventoriesWithCounts(db, requireAuth(request.auth), request.query),
  );

  app.get(
    '/accounts/:accountId/inventories',
    {
      config: { permission: 'view inventories' },
      schema: {
        summary: 'List an account’s inventory rows',
        operationId: 'listAccountInventories',
        tags: ['inventory'],
        params: z.object({ accountId: idSchema() }),
        querystring: inventoryListQuery.omit({ account_id: true }),
        response: { 200: inventoryListResponse },
      },
    },
    async (request) => listAccountInventories(db, requireAuth(request.auth), request.params.accountId, request.query),
  );

  app.get(
    '/inventories/low-stock',
    {
      config: { permission: 'view inventories' },
      schema: {
        summary: 'List low-stock inventory rows',
        operationId: 'listLowStockInventories',
        tags: ['inventory'],
        querystring: lowStockQuery,
        response: { 200: stockFilterResponse },
      },
    },
    async (request) => {
      const filter = { ...request.query, stock_status: 'low_stock' as const };
      const page = await listInventoriesInStatus(db, requireAuth(request.auth), filter);
      return { inventories: page.data, ...page };
    },
  );

  app.get(
    '/inventories/out-of-stock',
    {
      config: { permission: 'view inventories' },
      schema: {
        summary: 'List out-of-stock inventory rows',
        operationId: 'listOutOfStockInventories',
        tags: ['inventory'],
        querystring: inventoryListQuery.omit({ stock_status: true, cursor: true }),
        response: { 200: stockFilterResponse },
      },
    },
    async (request) => {
      const filter = { ...request.query, stock_status: 'out_of_stock' as const };
      const page = await listInventoriesInStatus(db, requireAuth(request.auth), filter);
      return { inventories: page.data, ...page };
    },
  );

  app.get(
    '/inventories/summary',
    {
      config: { permission: 'view inventories' },
      schema: {
        summary: 'Stock totals per warehouse and account',
        operationId: 'getInventorySummary',
        tags: ['inventory'],
        querystring: inventoryListQuery.pick({ account_id: true, warehouse_id: true }),
        response: { 200: inventorySummaryResponse },
      },
    },
    async (request) => inventorySummary(db, await requireAuth(request.auth).scope(), request.query),
  );

  app.get(
    '/inventories/export',
    {
      config: { permission: 'view inventories' },
      schema: {
        summary: 'Export inventory rows (CSV or XLSX)',
        operationId: 'exportInventories',
        tags: ['inventory'],
        querystring: inventoryListQuery.omit({ page: true, per_page: true, cursor: true }).extend(exportQuery.shape),
        response: { 200: sheetDownload('The matching inventory rows, up to 50 000') },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendSheetFile(reply, await exportInventories(db, await requireAuth(request.auth).scope(), filter, format));
    },
  );

  app.post(
    '/inventories',
    {
      config: { permission: 'create inventories' },
      schema: {
        summary: 'Create an inventory row',
        operationId: 'createInventory',
        tags: ['inventory'],
        body: inventoryCreateSchema,
        response: { 201: inventoryResponse },
      },
    },
    async (request, reply) => {
      const data = await createInventory(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ message: INVENTORY_MESSAGES.created, data });
    },
  );

  app.get(
    '/inventories/:id',
    {
      config: { permission: 'view inventories' },
      schema: {
        summary: 'Get an inventory row',
        operationId: 'getInventory',
        tags: ['inventory'],
        params: idParams,
        response: { 200: inventoryResponse },
      },
    },
    async (request) => ({ data: await getInventory(db, requireAuth(request.auth), request.params.id) }),
  );

  app.put(
    '/inventories/:id',
    {
      config: { permission: 'edit inventories' },
      schema: {
        summary: 'Edit an inventory row',
        operationId: 'updateInventory',
        tags: ['inventory'],
        params: idParams,
        body: inventoryUpdateSchema,
        response: { 200: inventoryResponse },
      },
    },
    async (request) => ({
      message: INVENTORY_MESSAGES.updated,
      data: await updateInventory(db, requireAuth(request.auth), request.params.id, request.body),
    }),
  );

  app.delete(
    '/inventories/:id',
    {
      config: { permission: 'delete inventories' },
      schema: {
        summary: 'Delete an inventory row',
        operationId: 'deleteInventory',
        tags: ['inventory'],
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await deleteInventory(db, requireAuth(request.auth), request.params.id);
      return { message: INVENTORY_MESSAGES.deleted };
    },
  );

  app.post(
    '/inventories/:id/adjust',
    {
      config: { permission: 'edit inventories' },
      schema: {
        summary: 'Adjust stock with a reason',
        operationId: 'adjustInventory',
        tags: ['inventory'],
        params: idParams,
        body: inventoryAdjustSchema,
        response: { 200: inventoryResponse },
      },
    },
    async (request) => ({
      message: INVENTORY_MESSAGES.adjusted,
      data: await adjustInventory(db, requireAuth(request.auth), request.params.id, request.body),
    }),
  );

  app.post(
    '/inventories/:id/verify',
    {
      config: { permission: 'edit inventories' },
      schema: {
        summary: 'Set the verified flag',
        operationId: 'verifyInventory',
        tags: ['inventory'],
        params: idParams,
        body: inventoryVerifySchema,
        response: { 200: inventoryResponse },
      },
    },
    async (request) => ({
      message: INVENTORY_MESSAGES.verified,
      data: await verifyInventory(db, requireAuth(request.auth), request.params.id, request.body.verified),
    }),
  );

  app.get(
    '/inventories/:id/movements',
    {
      config: { permission: 'view inventories' },
      schema: {
        summary: 'List an inventory row’s ledger movements',
        operationId: 'listInventoryMovements',
        tags: ['inventory'],
        params: idParams,
        querystring: paginationQuery.omit({ search: true }),
        response: { 200: movementListResponse.extend({ meta: pageMetaSchema }) },
      },
    },
    async (request) => listInventoryMovements(db, requireAuth(request.auth), request.params.id, request.query),
  );
};
