import {
  cycleCountCreateSchema,
  cycleCountEntrySchema,
  cycleCountListQuery,
  cycleCountListResponse,
  cycleCountRecountSchema,
  cycleCountResponse,
  inventoryAccuracyResponse,
  locationCountHistoryResponse,
} from '@wms/contract/cycle-counts';
import { idParams } from '@wms/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  approveCycleCount,
  cancelCycleCount,
  createCycleCount,
  finishCounting,
  getCycleCount,
  inventoryAccuracy,
  listCycleCounts,
  locationCountHistory,
  recordCount,
  requestRecount,
} from './cycle-counts-service';

/**
 * Cycle counts. `view cycle counts` reads, `create cycle counts` creates, counts and cancels,
 * `approve cycle counts` approves or sends lines back (and sees expected quantities once counting is over). Scope
 * through the warehouse: a manager reaches only the counts of their warehouses (404 otherwise); clients hold none.
 */
export const cycleCountsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/cycle-counts',
    {
      config: { permission: 'view cycle counts' },
      schema: {
        summary: 'List cycle counts (newest first)',
        operationId: 'listCycleCounts',
        tags: ['cycle-counts'],
        querystring: cycleCountListQuery,
        response: { 200: cycleCountListResponse },
      },
    },
    async (request) => listCycleCounts(db, requireAuth(request.auth), request.query),
  );

  app.get(
    '/cycle-counts/accuracy',
    {
      config: { permission: 'view cycle counts' },
      schema: {
        summary: 'Inventory accuracy: counted lines without a variance in counts approved in the last 30 days',
        operationId: 'getInventoryAccuracy',
        tags: ['cycle-counts'],
        response: { 200: inventoryAccuracyResponse },
      },
    },
    async (request) => inventoryAccuracy(db, requireAuth(request.auth)),
  );

  app.post(
    '/cycle-counts',
    {
      config: { permission: 'create cycle counts' },
      schema: {
        summary: 'Create a cycle count of a zone, a code range, a product, an account or locations not counted lately',
        operationId: 'createCycleCount',
        tags: ['cycle-counts'],
        body: cycleCountCreateSchema,
        response: { 201: cycleCountResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCycleCount(db, requireAuth(request.auth), request.body)),
  );

  app.get(
    '/cycle-counts/:id',
    {
      config: { permission: 'view cycle counts' },
      schema: {
        summary: 'A cycle count with its locations and lines (expected quantities hidden while counting)',
        operationId: 'getCycleCount',
        tags: ['cycle-counts'],
        params: idParams,
        response: { 200: cycleCountResponse },
      },
    },
    async (request) => ({ data: await getCycleCount(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/cycle-counts/:id/lines',
    {
      config: { permission: 'create cycle counts', idempotent: 'json' },
      schema: {
        summary: 'Record the count of one product (SKU or barcode) in one location (code) of the count',
        operationId: 'recordCycleCountLine',
        tags: ['cycle-counts'],
        params: idParams,
        body: cycleCountEntrySchema,
        response: { 200: cycleCountResponse },
      },
    },
    async (request) => recordCount(db, requireAuth(request.auth), request.params.id, request.body),
  );

  app.post(
    '/cycle-counts/:id/submit',
    {
      config: { permission: 'create cycle counts' },
      schema: {
        summary: 'Finish counting: uncounted lines count 0; variances go to review, none approves the count',
        operationId: 'submitCycleCount',
        tags: ['cycle-counts'],
        params: idParams,
        response: { 200: cycleCountResponse },
      },
    },
    async (request) => finishCounting(db, requireAuth(request.auth), request.params.id),
  );

  app.post(
    '/cycle-counts/:id/recount',
    {
      config: { permission: 'approve cycle counts' },
      schema: {
        summary: 'Send lines of a count in review back for a recount',
        operationId: 'recountCycleCountLines',
        tags: ['cycle-counts'],
        params: idParams,
        body: cycleCountRecountSchema,
        response: { 200: cycleCountResponse },
      },
    },
    async (request) => requestRecount(db, requireAuth(request.auth), request.params.id, request.body.line_ids),
  );

  app.post(
    '/cycle-counts/:id/approve',
    {
      config: { permission: 'approve cycle counts' },
      schema: {
        summary: 'Approve a count in review: a ledger `count` adjustment per line with a variance',
        operationId: 'approveCycleCount',
        tags: ['cycle-counts'],
        params: idParams,
        response: { 200: cycleCountResponse },
      },
    },
    async (request) => approveCycleCount(db, requireAuth(request.auth), request.params.id),
  );

  app.post(
    '/cycle-counts/:id/cancel',
    {
      config: { permission: 'create cycle counts' },
      schema: {
        summary: 'Cancel a count not yet approved (stock unchanged)',
        operationId: 'cancelCycleCount',
        tags: ['cycle-counts'],
        params: idParams,
        response: { 200: cycleCountResponse },
      },
    },
    async (request) => cancelCycleCount(db, requireAuth(request.auth), request.params.id),
  );

  app.get(
    '/locations/:id/counts',
    {
      config: { permission: 'view cycle counts' },
      schema: {
        summary: 'The cycle counts that took a location, newest first',
        operationId: 'listLocationCounts',
        tags: ['locations'],
        params: idParams,
        response: { 200: locationCountHistoryResponse },
      },
    },
    async (request) => ({ data: await locationCountHistory(db, requireAuth(request.auth), request.params.id) }),
  );
};
