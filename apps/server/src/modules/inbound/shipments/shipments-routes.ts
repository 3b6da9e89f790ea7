import { idParams } from '@wms/contract/ids';
import {
  putawaySuggestionsResponse,
  SHIPMENT_MESSAGES,
  shipmentCreateSchema,
  shipmentDeletedResponse,
  shipmentDetailResponse,
  shipmentListQuery,
  shipmentListResponse,
  shipmentRejectSchema,
  shipmentSavedResponse,
  shipmentStatisticsQuery,
  shipmentStatisticsResponse,
  shipmentUpdateSchema,
  shipmentVerifySchema,
} from '@wms/contract/shipments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireRule } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  createShipment,
  deleteShipment,
  getShipment,
  listShipments,
  putawaySuggestions,
  rejectShipment,
  shipmentStatistics,
  updateShipment,
  verifyShipment,
} from './shipments-service';

const tags = ['shipments'];

/**
 * Spec 2 §7 Shipments: clients announce incoming stock; staff verify it into inventory or reject it. Deleting
 * and editing need `edit shipments` plus the role rules of shipment-policy.ts (staff, or the creator while pending).
 */
export const shipmentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/shipments',
    {
      config: { permission: 'view shipments' },
      schema: {
        summary: 'List inbound shipments',
        operationId: 'listShipments',
        tags,
        querystring: shipmentListQuery,
        response: { 200: shipmentListResponse },
      },
    },
    async (request) => listShipments(db, requireAuth(request.auth), request.query),
  );

  app.get(
    '/shipments/statistics',
    {
      config: { permission: 'view shipments' },
      schema: {
        summary: 'Count inbound shipments by status',
        operationId: 'getShipmentStatistics',
        tags,
        querystring: shipmentStatisticsQuery,
        response: { 200: shipmentStatisticsResponse },
      },
    },
    async (request) => ({ data: await shipmentStatistics(db, requireAuth(request.auth), request.query) }),
  );

  app.get(
    '/shipments/:id',
    {
      config: { permission: 'view shipments' },
      schema: {
        summary: 'Get an inbound shipment and its timeline',
        operationId: 'getShipment',
        tags,
        params: idParams,
        response: { 200: shipmentDetailResponse },
      },
    },
    async (request) => {
      const { shipment, timeline } = await getShipment(db, requireAuth(request.auth), request.params.id);
      return { data: shipment, timeline };
    },
  );

  app.post(
    '/shipments',
    {
      config: { permission: 'create shipments', idempotent: 'json' },
      schema: {
        summary: 'Announce an inbound shipment',
        operationId: 'createShipment',
        tags,
        body: shipmentCreateSchema,
        response: { 201: shipmentSavedResponse },
      },
    },
    async (request, reply) => {
      const shipment = await createShipment(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ data: shipment, message: SHIPMENT_MESSAGES.created });
    },
  );

  app.put(
    '/shipments/:id',
    {
      config: { permission: 'edit shipments' },
      schema: {
        summary: 'Correct a pending inbound shipment',
        operationId: 'updateShipment',
        tags,
        params: idParams,
        body: shipmentUpdateSchema,
        response: { 200: shipmentSavedResponse },
      },
    },
    async (request) => {
      const shipment = await updateShipment(db, requireAuth(request.auth), request.params.id, request.body);
      return { data: shipment, message: SHIPMENT_MESSAGES.updated };
    },
  );

  app.delete(
    '/shipments/:id',
    {
      config: { permission: 'edit shipments' },
      schema: {
        summary: 'Delete an inbound shipment (received stock stays)',
        operationId: 'deleteShipment',
        tags,
        params: idParams,
        response: { 200: shipmentDeletedResponse },
      },
    },
    async (request) => {
      await deleteShipment(db, requireAuth(request.auth), request.params.id);
      return { message: SHIPMENT_MESSAGES.deleted };
    },
  );

  app.post(
    '/shipments/:id/verify',
    {
      // A putaway confirmed on a handheld in a dead spot is replayed with its key: applied once, first answer again.
      config: { permission: 'edit shipments', idempotent: 'json' },
      onRequest: requireRule('reviewShipments'),
      schema: {
        summary: 'Verify a pending shipment into inventory (once)',
        operationId: 'verifyShipment',
        tags,
        params: idParams,
        body: shipmentVerifySchema,
        response: { 200: shipmentSavedResponse },
      },
    },
    async (request) => {
      const shipment = await verifyShipment(db, requireAuth(request.auth), request.params.id, request.body);
      return { data: shipment, message: SHIPMENT_MESSAGES.verified };
    },
  );

  app.get(
    '/shipments/:id/putaway-suggestions',
    {
      config: { permission: 'edit shipments' },
      onRequest: requireRule('reviewShipments'),
      schema: {
        summary: 'Suggest where each line of a shipment is put away',
        description:
          'Per line: the product’s pick location in the warehouse, else an empty active storage location, else UNASSIGNED.',
        operationId: 'getPutawaySuggestions',
        tags,
        params: idParams,
        response: { 200: putawaySuggestionsResponse },
      },
    },
    async (request) => ({ data: await putawaySuggestions(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/shipments/:id/reject',
    {
      config: { permission: 'edit shipments' },
      onRequest: requireRule('reviewShipments'),
      schema: {
        summary: 'Reject a pending shipment with a reason',
        operationId: 'rejectShipment',
        tags,
        params: idParams,
        body: shipmentRejectSchema,
        response: { 200: shipmentSavedResponse },
      },
    },
    async (request) => {
      const shipment = await rejectShipment(db, requireAuth(request.auth), request.params.id, request.body);
      return { data: shipment, message: SHIPMENT_MESSAGES.rejected };
    },
  );
};
