import { idParams, idSchema } from '@wms/contract/ids';
import {
  itemVerifySchema,
  ORDER_MESSAGES,
  orderChangedResponse,
  orderDetailResponse,
  orderListQuery,
  orderListResponse,
  orderStatisticsQuery,
  orderStatisticsResponse,
  orderStatusChangeSchema,
  orderStatusOptionsQuery,
  orderStatusOptionsResponse,
  orderUpdateSchema,
  scanResponse,
  scanSchema,
  statusChangeErrorResponse,
} from '@wms/contract/orders';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireRule } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { HttpError } from '../../../http/errors';
import { getOrderDetail } from './order-detail';
import { deleteOrder, updateOrder } from './order-edit';
import { getOrderStatistics, listOrders, statusOptionsFor } from './order-lists';
import { changeOrderStatus } from './order-status-change';
import { scanOrderSku, verifyOrderItem } from './order-verification';

const tags = ['orders'];
const itemParams = z.object({ id: idSchema(), itemId: idSchema() });
const messageResponse = z.object({ message: z.string() });

export interface OrdersRoutesOptions {
  db: Database;
  storage: FileStorage;
}

/**
 * Spec 2 §7 says a status change's error comes in an `error` field; every other answer uses `message`. Both are
 * sent, so either reading works.
 */
async function withErrorField<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return reply
      .status(error.statusCode)
      .send({ message: error.message, error: error.message, ...(error.errors ? { errors: error.errors } : {}) });
  }
}

/** The orders list, statistics, detail, status changes, verification, edit and delete. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { db, storage }) => {
  app.get(
    '/orders/with-merge-items',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'List orders and merge items (main list, or the shipped archive with type=all)',
        operationId: 'listOrdersWithMergeItems',
        tags,
        querystring: orderListQuery,
        response: { 200: orderListResponse },
      },
    },
    async (request) => listOrders(db, requireAuth(request.auth), request.query),
  );

  app.get(
    '/orders/statistics',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Order counts for the stat cards',
        operationId: 'getOrderStatistics',
        tags,
        querystring: orderStatisticsQuery,
        response: { 200: orderStatisticsResponse },
      },
    },
    async (request) => {
      const stats = await getOrderStatistics(db, requireAuth(request.auth), request.query);
      return { ...stats, data: stats };
    },
  );

  app.get(
    '/orders/status-options',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Order statuses the caller may set (active, orders module, filtered by audience)',
        operationId: 'listOrderStatusOptions',
        tags,
        querystring: orderStatusOptionsQuery,
        response: { 200: orderStatusOptionsResponse },
      },
    },
    async (request) => ({ data: await statusOptionsFor(db, requireAuth(request.auth), request.query) }),
  );

  app.get(
    '/orders/:id',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Get an order with its items, labels and timeline',
        operationId: 'getOrder',
        tags,
        params: idParams,
        response: { 200: orderDetailResponse },
      },
    },
    async (request) => ({
      data: await getOrderDetail(db, await requireAuth(request.auth).scope(), request.params.id),
    }),
  );

  const statusRoute = (method: 'POST' | 'PUT', operationId: string) =>
    app.route({
      method,
      url: '/orders/:id/status',
      config: { permission: 'edit orders' },
      schema: {
        summary:
          method === 'POST'
            ? 'Change an order status (moves stock on ship, cancel and re-open)'
            : 'Change an order status (same as POST)',
        operationId,
        tags,
        params: idParams,
        body: orderStatusChangeSchema,
        response: {
          200: orderChangedResponse,
          404: statusChangeErrorResponse,
          409: statusChangeErrorResponse,
          422: statusChangeErrorResponse,
        },
      },
      handler: async (request, reply) =>
        withErrorField(reply, async () => {
          const auth = requireAuth(request.auth);
          const result = await changeOrderStatus(db, auth, request.params.id, request.body.status);
          return {
            message: ORDER_MESSAGES.statusUpdated,
            data: await getOrderDetail(db, await auth.scope(), request.params.id),
            backorder_items: result.backorderItems,
          };
        }),
    });
  statusRoute('POST', 'changeOrderStatus');
  statusRoute('PUT', 'replaceOrderStatus');

  app.post(
    '/orders/:id/items/:itemId/verify',
    {
      config: { permission: 'edit orders' },
      onRequest: requireRule('verifyOrderItems'),
      schema: {
        summary: 'Verify or un-verify an order item (staff)',
        description:
          'Body `{verified: true}` verifies every unit, `{verified: false}` none, `{verified_quantity: n}` exactly n. Open orders only (409 otherwise).',
        operationId: 'verifyOrderItem',
        tags,
        params: itemParams,
        body: itemVerifySchema,
        response: { 200: orderChangedResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id: orderId, itemId } = request.params;
      await verifyOrderItem(db, auth, orderId, itemId, request.body);
      const data = await getOrderDetail(db, await auth.scope(), orderId);
      const item = data.order_items.find((i) => i.id === itemId);
      return {
        message: item?.verified ? ORDER_MESSAGES.itemVerified : ORDER_MESSAGES.itemUnverified,
        data,
        backorder_items: [],
      };
    },
  );

  app.post(
    '/orders/:id/scan',
    {
      config: { permission: 'edit orders' },
      onRequest: requireRule('verifyOrderItems'),
      schema: {
        summary: 'Scan a SKU or barcode: verifies the next unverified unit of that product (staff)',
        description:
          "A barcode scanner types the code and Enter; `sku` takes a SKU or a product barcode (SKU first), matched case-insensitively among the order's items. 422 on `sku` for a code not in the order or one whose units are all verified.",
        operationId: 'scanOrderSku',
        tags,
        params: idParams,
        body: scanSchema,
        response: { 200: scanResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const result = await scanOrderSku(db, auth, request.params.id, request.body.sku);
      const data = await getOrderDetail(db, await auth.scope(), request.params.id);
      return {
        message: result.message,
        item: data.order_items.find((i) => i.id === result.itemId)!,
        all_verified: result.allVerified,
        data,
      };
    },
  );

  app.put(
    '/orders/:id',
    {
      config: { permission: 'edit orders' },
      schema: {
        summary: 'Edit an open order (customer, ship date, shipper, notes, item quantities)',
        operationId: 'updateOrder',
        tags,
        params: idParams,
        body: orderUpdateSchema,
        response: { 200: orderChangedResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const backorder = await updateOrder(db, auth, request.params.id, request.body);
      return {
        message: ORDER_MESSAGES.updated,
        data: await getOrderDetail(db, await auth.scope(), request.params.id),
        backorder_items: backorder,
      };
    },
  );

  app.delete(
    '/orders/:id',
    {
      config: { permission: 'delete orders' },
      schema: {
        summary: 'Delete a pending order (releases its reservations)',
        operationId: 'deleteOrder',
        tags,
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await deleteOrder(db, requireAuth(request.auth), request.params.id, storage);
      return { message: ORDER_MESSAGES.deleted };
    },
  );
};
