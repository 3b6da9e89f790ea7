import { errorResponseSchema } from '@wms/contract/errors';
import { idParams, idSchema } from '@wms/contract/ids';
import {
  releaseSummaryQuery,
  releaseSummaryResponse,
  shipperCutoffsInput,
  shipperCutoffsResponse,
  WAVE_MESSAGES,
  waveCreateSchema,
  waveDetailResponse,
  waveListQuery,
  waveListResponse,
  wavePreviewQuery,
  wavePreviewResponse,
  waveSavedResponse,
} from '@wms/contract/waves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { getShipperCutoffs, setShipperCutoffs } from './shipper-cutoffs';
import { removeOrderBySupervisor } from './wave-order-removal';
import { cancelWave, getWave, listWaves, previewWave, releaseSummary, releaseWave } from './waves-service';

const waveOrderParams = z.object({ id: idSchema(), orderId: idSchema() });

/**
 * Waves (docs/outbound-waves.md). `view picking` reads, `release waves` previews, releases and cancels.
 * Scope through the warehouse: a manager reaches only the waves of their warehouses (404 otherwise); clients none.
 */
export const wavesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/waves',
    {
      config: { permission: 'view picking' },
      schema: {
        summary: 'List waves (newest first)',
        operationId: 'listWaves',
        tags: ['waves'],
        querystring: waveListQuery,
        response: { 200: waveListResponse },
      },
    },
    async (request) => listWaves(db, requireAuth(request.auth), request.query),
  );

  app.get(
    '/waves/summary',
    {
      config: { permission: 'view picking' },
      schema: {
        summary: 'Release counts per shipper (to release, released, picked, late, at risk) against cut-offs',
        operationId: 'getReleaseSummary',
        tags: ['waves'],
        querystring: releaseSummaryQuery,
        response: { 200: releaseSummaryResponse, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await releaseSummary(db, requireAuth(request.auth), request.query.warehouse_id) }),
  );

  app.get(
    '/waves/preview',
    {
      config: { permission: 'release waves' },
      schema: {
        summary: 'Preview a release: orders, lines, units, locations, walking distance, and what cannot be released',
        operationId: 'previewWave',
        tags: ['waves'],
        querystring: wavePreviewQuery,
        response: { 200: wavePreviewResponse, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await previewWave(db, requireAuth(request.auth), request.query) }),
  );

  app.post(
    '/waves',
    {
      config: { permission: 'release waves' },
      schema: {
        summary: 'Release a wave: allocate its orders and write the pick tasks in walk order',
        operationId: 'releaseWave',
        tags: ['waves'],
        body: waveCreateSchema,
        response: { 201: waveSavedResponse },
      },
    },
    async (request, reply) => {
      const wave = await releaseWave(db, requireAuth(request.auth), request.body, request.log);
      return reply.status(201).send({ data: wave, message: WAVE_MESSAGES.released(wave.number, wave.order_count) });
    },
  );

  app.get(
    '/waves/:id',
    {
      config: { permission: 'view picking' },
      schema: {
        summary: 'A wave with its orders and pick tasks (each with why it was allocated there)',
        operationId: 'getWave',
        tags: ['waves'],
        params: idParams,
        response: { 200: waveDetailResponse },
      },
    },
    async (request) => ({ data: await getWave(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/waves/:id/cancel',
    {
      config: { permission: 'release waves' },
      schema: {
        summary: 'Cancel a wave: release its allocations, return its orders, put back what was picked',
        operationId: 'cancelWave',
        tags: ['waves'],
        params: idParams,
        response: { 200: waveSavedResponse },
      },
    },
    async (request) => {
      const wave = await cancelWave(db, requireAuth(request.auth), request.params.id);
      return { data: wave, message: WAVE_MESSAGES.cancelled(wave.number) };
    },
  );

  app.post(
    '/waves/:id/orders/:orderId/remove',
    {
      config: { permission: 'release waves' },
      schema: {
        summary: 'Remove an order from a wave: release its allocations, put back what was picked for it',
        operationId: 'removeOrderFromWave',
        tags: ['waves'],
        params: waveOrderParams,
        response: { 200: waveSavedResponse, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { id, orderId } = request.params;
      const { wave, orderNumber } = await removeOrderBySupervisor(db, requireAuth(request.auth), id, orderId);
      return { data: wave, message: WAVE_MESSAGES.orderRemoved(orderNumber, wave.number) };
    },
  );

  app.get(
    '/shippers/:id/cutoffs',
    {
      config: { permission: 'view picking' },
      schema: {
        summary: "A shipper's daily cut-off per warehouse (the caller's warehouses)",
        operationId: 'getShipperCutoffs',
        tags: ['waves'],
        params: idParams,
        response: { 200: shipperCutoffsResponse },
      },
    },
    async (request) => ({ data: await getShipperCutoffs(db, requireAuth(request.auth), request.params.id) }),
  );

  app.put(
    '/shippers/:id/cutoffs',
    {
      config: { permission: 'release waves' },
      schema: {
        summary: "Replace a shipper's cut-offs in the caller's warehouses",
        operationId: 'setShipperCutoffs',
        tags: ['waves'],
        params: idParams,
        body: shipperCutoffsInput,
        response: { 200: shipperCutoffsResponse },
      },
    },
    async (request) => ({
      data: await setShipperCutoffs(db, requireAuth(request.auth), request.params.id, request.body.cutoffs),
    }),
  );
};
