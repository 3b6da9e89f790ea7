import {
  DRAFT_MESSAGES,
  draftInputSchema,
  draftListQuery,
  draftListResponse,
  draftResponse,
  draftSavedResponse,
  draftStatisticsQuery,
  draftStatisticsResponse,
} from '@wms/contract/drafts';
import { idParams } from '@wms/contract/ids';
import { bulkCreateResponse } from '@wms/contract/order-creation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import {
  convertDraft,
  createDraft,
  deleteDraft,
  getDraft,
  pageOfDrafts,
  saveDraft,
  statisticsOfDrafts,
} from './drafts-service';

const tags = ['drafts'];
const messageResponse = z.object({ message: z.string() });

/** Spec 2 §7 bulk-order-drafts: saved create-orders screens, scoped like orders. */
export const draftsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/bulk-order-drafts',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'List bulk order drafts',
        operationId: 'listBulkOrderDrafts',
        tags,
        querystring: draftListQuery,
        response: { 200: draftListResponse },
      },
    },
    async (request) => pageOfDrafts(db, requireAuth(request.auth), request.query),
  );

  app.get(
    '/bulk-order-drafts/statistics',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Totals over the bulk order drafts',
        operationId: 'getBulkOrderDraftStatistics',
        tags,
        querystring: draftStatisticsQuery,
        response: { 200: draftStatisticsResponse },
      },
    },
    async (request) => ({ data: await statisticsOfDrafts(db, requireAuth(request.auth), request.query) }),
  );

  app.get(
    '/bulk-order-drafts/:id',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Get a bulk order draft with its data',
        operationId: 'getBulkOrderDraft',
        tags,
        params: idParams,
        response: { 200: draftResponse },
      },
    },
    async (request) => ({ data: await getDraft(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/bulk-order-drafts',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Save a new bulk order draft',
        operationId: 'createBulkOrderDraft',
        tags,
        body: draftInputSchema,
        response: { 201: draftSavedResponse },
      },
    },
    async (request, reply) => {
      const data = await createDraft(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ message: DRAFT_MESSAGES.saved, data });
    },
  );

  app.put(
    '/bulk-order-drafts/:id',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Save over a bulk order draft',
        operationId: 'updateBulkOrderDraft',
        tags,
        params: idParams,
        body: draftInputSchema,
        response: { 200: draftSavedResponse },
      },
    },
    async (request) => ({
      message: DRAFT_MESSAGES.saved,
      data: await saveDraft(db, requireAuth(request.auth), request.params.id, request.body),
    }),
  );

  app.delete(
    '/bulk-order-drafts/:id',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Delete a bulk order draft',
        operationId: 'deleteBulkOrderDraft',
        tags,
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await deleteDraft(db, requireAuth(request.auth), request.params.id);
      return { message: DRAFT_MESSAGES.deleted };
    },
  );

  app.post(
    '/bulk-order-drafts/:id/convert',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Create the orders of a draft (as POST /orders/bulk) and delete the draft',
        operationId: 'convertBulkOrderDraft',
        tags,
        params: idParams,
        response: { 201: bulkCreateResponse },
      },
    },
    async (request, reply) => {
      const result = await convertDraft(db, requireAuth(request.auth), request.params.id);
      return reply.status(201).send(result);
    },
  );
};
