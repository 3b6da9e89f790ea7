import { errorResponseSchema } from '@wms/contract/errors';
import { idParams } from '@wms/contract/ids';
import {
  cartonCloseSchema,
  cartonCreateSchema,
  cartonItemsSchema,
  cartonParams,
  cartonPatchSchema,
  cartonTypeInputSchema,
  cartonTypeListQuery,
  cartonTypeListResponse,
  cartonTypeSavedResponse,
  messageOnlyResponse,
  PACKING_MESSAGES,
  packingSettingsInputSchema,
  packingSettingsResponse,
  packingSettingsSavedResponse,
  packLookupResponse,
  packLookupSchema,
  packScanResponse,
  packScanSchema,
  packSortResultSchema,
  packSortSchema,
  packStartSchema,
  packViewResponse,
  shipResponse,
  shipSchema,
} from '@wms/contract/packing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { changeCartonType, createCartonType, listWarehouseCartonTypes, removeCartonType } from './carton-types-service';
import { closeCarton, createCarton, patchCarton, putCartonItems, removeCarton, reopenCarton } from './cartons';
import { lookupPackCode, packSort } from './pack-lookup';
import { getPackView, scanIntoCarton, startPacking } from './pack-session';
import { getPackingSettings, updatePackingSettings } from './packing-settings';
import { shipPackedOrder } from './ship';

const tags = ['packing'];

/**
 * The packing station (docs/outbound-packing.md). `pack` works the bench (staff only; clients 403), `manage packing
 * stations` sets up carton types; reading carton types takes either. Orders, waves and warehouses are scoped: a
 * manager meets 404 outside their warehouses. The writes a packer makes by scanning (a unit into a carton, a new
 * carton, a carton weighed and closed) are idempotent: the handheld replays them after a Wi-Fi drop with the key
 * they were made with (DESIGN §11). Ship, labels and printing need the carrier or the printer and stay online.
 */
export const packingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/packing',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'The packing settings: GS1 company prefix and SSCC extension digit',
        operationId: 'getPackingSettings',
        tags,
        response: { 200: packingSettingsResponse },
      },
    },
    async () => ({ data: await getPackingSettings(db) }),
  );

  app.put(
    '/settings/packing',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Save the packing settings (super-admins and admins; managers 403)',
        operationId: 'updatePackingSettings',
        tags,
        body: packingSettingsInputSchema,
        response: { 200: packingSettingsSavedResponse },
      },
    },
    async (request) => ({
      data: await updatePackingSettings(db, requireAuth(request.auth), request.body),
      message: PACKING_MESSAGES.settingsSaved,
    }),
  );

  app.get(
    '/warehouses/:id/carton-types',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: "A warehouse's carton types (Custom first); needs pack or manage packing stations",
        operationId: 'listCartonTypes',
        tags,
        params: idParams,
        querystring: cartonTypeListQuery,
        // Signed in is not enough: the service refuses callers with neither packing permission.
        response: { 200: cartonTypeListResponse, 403: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await listWarehouseCartonTypes(
        db,
        requireAuth(request.auth),
        request.params.id,
        request.query.include_inactive === 'true',
      ),
    }),
  );

  app.post(
    '/warehouses/:id/carton-types',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Create a carton type: name, inner dimensions (mm), tare weight (g)',
        operationId: 'createCartonType',
        tags,
        params: idParams,
        body: cartonTypeInputSchema,
        response: { 201: cartonTypeSavedResponse },
      },
    },
    async (request, reply) => {
      const data = await createCartonType(db, requireAuth(request.auth), request.params.id, request.body);
      return reply.code(201).send({ data, message: PACKING_MESSAGES.cartonTypeCreated });
    },
  );

  app.put(
    '/carton-types/:id',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Change a carton type (never the Custom type)',
        operationId: 'updateCartonType',
        tags,
        params: idParams,
        body: cartonTypeInputSchema,
        response: { 200: cartonTypeSavedResponse },
      },
    },
    async (request) => ({
      data: await changeCartonType(db, requireAuth(request.auth), request.params.id, request.body),
      message: PACKING_MESSAGES.cartonTypeUpdated,
    }),
  );

  app.delete(
    '/carton-types/:id',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Delete a carton type; one cartons already use is deactivated instead',
        operationId: 'deleteCartonType',
        tags,
        params: idParams,
        response: { 200: messageOnlyResponse },
      },
    },
    async (request) => ({ message: await removeCartonType(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/packing/lookup',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'What a scan at the station names: an order (number, external id, tote) or a batch wave',
        operationId: 'packLookup',
        tags,
        body: packLookupSchema,
        response: { 200: packLookupResponse },
      },
    },
    async (request) => ({ data: await lookupPackCode(db, requireAuth(request.auth), request.body) }),
  );

  app.post(
    '/waves/:id/pack-sort',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'Batch sorting: verify one scanned unit for the first order of the wave that needs it',
        operationId: 'packSort',
        tags,
        params: idParams,
        body: packSortSchema,
        response: { 200: packSortResultSchema },
      },
    },
    async (request) => packSort(db, requireAuth(request.auth), request.params.id, request.body.code),
  );

  app.post(
    '/orders/:id/pack',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'Start (or resume) packing an order, optionally at a station',
        operationId: 'startPacking',
        tags,
        params: idParams,
        body: packStartSchema,
        response: { 200: packViewResponse },
      },
    },
    async (request) => ({
      data: await startPacking(db, requireAuth(request.auth), request.params.id, request.body.station_id ?? null),
    }),
  );

  app.get(
    '/orders/:id/pack',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'The order as the packing station shows it: items, cartons, what blocks Ship',
        operationId: 'getPackView',
        tags,
        params: idParams,
        response: { 200: packViewResponse },
      },
    },
    async (request) => ({ data: await getPackView(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/orders/:id/pack/scan',
    {
      config: { permission: 'pack', idempotent: 'json' },
      schema: {
        summary: 'Verify one scanned unit (barcode, SKU or lot number) into a carton',
        operationId: 'packScan',
        tags,
        params: idParams,
        body: packScanSchema,
        response: { 200: packScanResponse },
      },
    },
    async (request) => scanIntoCarton(db, requireAuth(request.auth), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/cartons',
    {
      config: { permission: 'pack', idempotent: 'json' },
      schema: {
        summary: 'Open a new carton of a type (a Custom carton may type its dimensions)',
        operationId: 'createCarton',
        tags,
        params: idParams,
        body: cartonCreateSchema,
        response: { 201: packViewResponse },
      },
    },
    async (request, reply) => {
      const data = await createCarton(db, requireAuth(request.auth), request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.post(
    '/orders/:id/cartons/:cartonId/items',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'Put verified units into a carton, or move them from another open carton',
        operationId: 'putCartonItems',
        tags,
        params: cartonParams,
        body: cartonItemsSchema,
        response: { 200: packViewResponse },
      },
    },
    async (request) => ({
      data: await putCartonItems(
        db,
        requireAuth(request.auth),
        request.params.id,
        request.params.cartonId,
        request.body,
      ),
    }),
  );

  app.patch(
    '/orders/:id/cartons/:cartonId',
    {
      config: { permission: 'pack' },
      schema: {
        summary: "A carton's weight and dimensions (while open), carrier and tracking number",
        operationId: 'patchCarton',
        tags,
        params: cartonParams,
        body: cartonPatchSchema,
        response: { 200: packViewResponse },
      },
    },
    async (request) => ({
      data: await patchCarton(db, requireAuth(request.auth), request.params.id, request.params.cartonId, request.body),
    }),
  );

  app.post(
    '/orders/:id/cartons/:cartonId/close',
    {
      config: { permission: 'pack', idempotent: 'json' },
      schema: {
        summary: 'Weigh and close a carton: it gets its SSCC-18',
        operationId: 'closeCarton',
        tags,
        params: cartonParams,
        body: cartonCloseSchema,
        response: { 200: packViewResponse },
      },
    },
    async (request) => ({
      data: await closeCarton(db, requireAuth(request.auth), request.params.id, request.params.cartonId, request.body),
      message: PACKING_MESSAGES.cartonClosed,
    }),
  );

  app.post(
    '/orders/:id/cartons/:cartonId/reopen',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'Reopen a closed carton before Ship (it keeps its SSCC)',
        operationId: 'reopenCarton',
        tags,
        params: cartonParams,
        response: { 200: packViewResponse },
      },
    },
    async (request) => ({
      data: await reopenCarton(db, requireAuth(request.auth), request.params.id, request.params.cartonId),
      message: PACKING_MESSAGES.cartonReopened,
    }),
  );

  app.delete(
    '/orders/:id/cartons/:cartonId',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'Remove an empty open carton',
        operationId: 'deleteCarton',
        tags,
        params: cartonParams,
        response: { 200: packViewResponse },
      },
    },
    async (request) => ({
      data: await removeCarton(db, requireAuth(request.auth), request.params.id, request.params.cartonId),
      message: PACKING_MESSAGES.cartonRemoved,
    }),
  );

  app.post(
    '/orders/:id/ship',
    {
      config: { permission: 'pack' },
      schema: {
        summary: 'Ship the packed cartons: stock leaves the staging location with the picked lots',
        description:
          'Carrier and tracking per carton default to the order label. A second Ship answers the shipped order and moves nothing.',
        operationId: 'shipOrder',
        tags,
        params: idParams,
        body: shipSchema,
        response: { 200: shipResponse },
      },
    },
    async (request) => shipPackedOrder(db, requireAuth(request.auth), request.params.id, request.body),
  );
};
