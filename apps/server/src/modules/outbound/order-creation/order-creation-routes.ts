import { errorResponseSchema } from '@wms/contract/errors';
import {
  availableInventoryQuery,
  availableInventoryResponse,
  bulkCreateOrdersSchema,
  bulkCreateResponse,
  orderShippersResponse,
} from '@wms/contract/order-creation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { bulkCreateOrders } from './bulk-create-service';
import { availableInventoryFor, orderShippers } from './order-form-lists';

const tags = ['orders'];

/** Spec 2 §7 Orders: what the create screen calls (POST /orders/bulk and its two look-ups). */
export const orderCreationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/orders/bulk',
    {
      config: { permission: 'create orders', idempotent: 'json' },
      schema: {
        summary: 'Create several orders at once, reserving what is available',
        operationId: 'bulkCreateOrders',
        tags,
        body: bulkCreateOrdersSchema,
        response: { 201: bulkCreateResponse },
      },
    },
    async (request, reply) => {
      const result = await bulkCreateOrders(db, requireAuth(request.auth), request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/orders/available-inventory',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Search the products an order can contain, with what is available in the warehouse',
        operationId: 'listAvailableInventory',
        tags,
        querystring: availableInventoryQuery,
        // A read without a path id: standard-errors.ts does not derive its 404 (an account or warehouse out of scope).
        response: { 200: availableInventoryResponse, 404: errorResponseSchema },
      },
    },
    async (request) => {
      return { data: await availableInventoryFor(db, requireAuth(request.auth), request.query) };
    },
  );

  app.get(
    '/orders/shippers',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'List the active shippers an order can name',
        operationId: 'listOrderShippers',
        tags,
        response: { 200: orderShippersResponse },
      },
    },
    async () => ({ data: await orderShippers(db) }),
  );
};
