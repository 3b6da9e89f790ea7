import {
  DRAFT_MESSAGES,
  draftInputSchema,
  draftLabelFileResponse,
  draftListQuery,
  draftListResponse,
  draftResponse,
  draftSavedResponse,
  draftStatisticsQuery,
  draftStatisticsResponse,
} from '@wms/contract/drafts';
import { idParams } from '@wms/contract/ids';
import { bulkCreateResponse } from '@wms/contract/order-creation';
import { LABEL_MAX_BYTES, ORDER_MESSAGES } from '@wms/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { pdfDownloadName } from '../../../files/pdf-check';
import { withSpooledForm } from '../../../files/spooled-upload';
import { validationError } from '../../../http/errors';
import { fileDownload, uploadedFile } from '../../../http/openapi/file-responses';
import { readDraftLabelFile, uploadDraftLabelFile } from './draft-label-files';
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
const pdfDownload = fileDownload('The label PDF', ['application/pdf']);
const fileParams = idParams.extend({ file_id: z.uuid() });

/** Spec 2 §7 bulk-order-drafts: saved create-orders screens, scoped like orders, with their label PDFs. */
export const draftsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
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
      data: await saveDraft(db, storage, requireAuth(request.auth), request.params.id, request.body),
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
      await deleteDraft(db, storage, requireAuth(request.auth), request.params.id);
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
      const result = await convertDraft(db, storage, requireAuth(request.auth), request.params.id);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/bulk-order-drafts/:id/label-files',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Keep a label PDF with a draft',
        description:
          "multipart/form-data: label_file (PDF, checked by its bytes, at most 10 MB). Answers the file; name it by `file_id` in a label form of draft_data on the next save. Files the draft no longer names are removed when it is saved; all are removed with the draft, or become the orders' labels when it is converted.",
        operationId: 'uploadBulkOrderDraftLabelFile',
        tags,
        consumes: ['multipart/form-data'],
        multipart: z.object({ label_file: uploadedFile().mime(['application/pdf']) }),
        params: idParams,
        response: { 201: draftLabelFileResponse },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const limits = { maxBytes: LABEL_MAX_BYTES, tooLargeMessage: ORDER_MESSAGES.labelTooLarge };
      const data = await withSpooledForm(request, limits, async (form) => {
        const file = form.file?.fieldName === 'label_file' && form.file.size > 0 ? form.file : undefined;
        if (!file) {
          // Scope first: someone else's draft is a 404 whatever the form holds.
          await getDraft(db, auth, request.params.id);
          throw validationError({ label_file: [ORDER_MESSAGES.labelFileRequired] });
        }
        return uploadDraftLabelFile(db, storage, auth, request.params.id, file);
      });
      return reply.status(201).send({ message: DRAFT_MESSAGES.labelFileSaved, data });
    },
  );

  app.get(
    '/bulk-order-drafts/:id/label-files/:file_id',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Download a label PDF kept with a draft',
        operationId: 'downloadBulkOrderDraftLabelFile',
        tags,
        params: fileParams,
        response: { 200: pdfDownload },
      },
    },
    async (request, reply) => {
      const { id, file_id } = request.params;
      const file = await readDraftLabelFile(db, storage, requireAuth(request.auth), id, file_id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${pdfDownloadName(file.name, `label-${file_id}`)}"`)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Length', file.stored.size)
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stored.stream);
    },
  );
};
