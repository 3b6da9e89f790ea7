import { idParams } from '@wms/contract/ids';
import {
  KIT_WORK_ORDER_MESSAGES,
  kitWorkOrderCreateSchema,
  kitWorkOrderListQuery,
  kitWorkOrderPageResponse,
  kitWorkOrderResponse,
} from '@wms/contract/kit-work-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  cancelKitWorkOrder,
  completeKitWorkOrder,
  createKitWorkOrder,
  getKitWorkOrder,
  listKitWorkOrders,
} from './kit-work-orders-service';

/**
 * Kit work orders (docs/catalogue-kits.md): build assembled kits from their components, or take them apart.
 * Warehouse work under `assemble kits`: staff by their warehouses (another warehouse's order answers 404); clients
 * hold no such permission.
 */
export const kitWorkOrdersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ['kits'];
  const config = { permission: 'assemble kits' } as const;

  app.get(
    '/kit-work-orders',
    {
      config,
      schema: {
        summary: 'Kit work orders, newest first, filtered by status, warehouse, account or kit',
        operationId: 'listKitWorkOrders',
        tags,
        querystring: kitWorkOrderListQuery,
        response: { 200: kitWorkOrderPageResponse },
      },
    },
    async (request) => listKitWorkOrders(db, requireAuth(request.auth), request.query),
  );

  app.post(
    '/kit-work-orders',
    {
      config,
      schema: {
        summary: 'Creates a work order: builds (or takes apart) N kits, reserving and allocating what it consumes',
        description:
          'Refused with 422 on `quantity` naming every short product (needed and available) when the warehouse cannot give all of it.',
        operationId: 'createKitWorkOrder',
        tags,
        body: kitWorkOrderCreateSchema,
        response: { 201: kitWorkOrderResponse },
      },
    },
    async (request, reply) => {
      const data = await createKitWorkOrder(db, requireAuth(request.auth), request.body);
      return reply.code(201).send({ message: KIT_WORK_ORDER_MESSAGES.created(data.number), data });
    },
  );

  app.get(
    '/kit-work-orders/:id',
    {
      config,
      schema: {
        summary: 'A kit work order with its components and pick list (the allocated locations and lots)',
        operationId: 'getKitWorkOrder',
        tags,
        params: idParams,
        response: { 200: kitWorkOrderResponse },
      },
    },
    async (request) => ({ data: await getKitWorkOrder(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/kit-work-orders/:id/complete',
    {
      config,
      schema: {
        summary: 'Completes an open work order: kit_consume and kit_build ledger rows in one transaction',
        description: 'Completing a completed order answers it unchanged; a cancelled order is a 409.',
        operationId: 'completeKitWorkOrder',
        tags,
        params: idParams,
        response: { 200: kitWorkOrderResponse },
      },
    },
    async (request) => completeKitWorkOrder(db, requireAuth(request.auth), request.params.id),
  );

  app.post(
    '/kit-work-orders/:id/cancel',
    {
      config,
      schema: {
        summary: 'Cancels an open work order, releasing its reservations and allocation',
        description: 'Cancelling a cancelled order answers it unchanged; a completed order is a 409.',
        operationId: 'cancelKitWorkOrder',
        tags,
        params: idParams,
        response: { 200: kitWorkOrderResponse },
      },
    },
    async (request) => cancelKitWorkOrder(db, requireAuth(request.auth), request.params.id),
  );
};
