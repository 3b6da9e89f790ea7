import { idParams } from '@wms/contract/ids';
import {
  RETURN_MESSAGES,
  returnAttachSchema,
  returnCreateSchema,
  returnLineParams,
  returnListQuery,
  returnListResponse,
  returnReceiveSchema,
  returnReleaseSchema,
  returnResponse,
  returnUnidentifiedSchema,
} from '@wms/contract/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../../auth/access-gate';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { pdfDownloadName } from '../../../files/pdf-check';
import { withSpooledForm } from '../../../files/spooled-upload';
import { validationError } from '../../../http/errors';
import { fileDownload, uploadedFile } from '../../../http/openapi/file-responses';
import { LABEL_UPLOAD_LIMITS } from '../labels/labels-api';
import { readReturnLabel, uploadReturnLabel } from './return-label';
import { receiveReturn } from './return-receipt';
import { releaseReturnLine } from './return-release';
import { attachReturn, createUnidentifiedReturn } from './return-unidentified';
import { RETURN_RESOURCE } from './returns-scope';
import { announceReturn, cancelReturn, getReturn, listReturns, markReturnInTransit } from './returns-service';

/**
 * Returns (RMA). `view returns` reads, `create returns` announces, cancels and marks a return in transit (clients
 * for their accounts, staff for theirs), `receive returns` receives and releases quarantined units (staff). Scope
 * through the return's warehouse and account: out of scope answers 404.
 */
export const returnsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  const tags = ['returns'];

  app.post(
    '/returns/:id/label',
    {
      config: { permission: 'create returns' },
      schema: {
        summary: 'Upload the return label PDF of an announced or in-transit return (once)',
        description:
          'multipart/form-data: label_file (PDF, checked by its bytes like an order label, at most 10 MB). 409 when the return already has a label or is past transit.',
        operationId: 'uploadReturnLabel',
        tags,
        consumes: ['multipart/form-data'],
        multipart: z.object({ label_file: uploadedFile().mime(['application/pdf']) }),
        params: idParams,
        response: { 201: returnResponse },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      // Scope first: someone else's return is a 404 whatever the form holds.
      await requireAccess(db, await auth.scope(), RETURN_RESOURCE, request.params.id);
      const data = await withSpooledForm(request, LABEL_UPLOAD_LIMITS, async (form) => {
        const file = form.file?.fieldName === 'label_file' && form.file.size > 0 ? form.file : undefined;
        if (!file) throw validationError({ label_file: [RETURN_MESSAGES.labelFileRequired] });
        return uploadReturnLabel(db, storage, auth, request.params.id, file);
      });
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/returns/:id/label',
    {
      config: { permission: 'view returns' },
      schema: {
        summary: "Download a return's label PDF",
        operationId: 'downloadReturnLabel',
        tags,
        params: idParams,
        response: { 200: fileDownload('The return label PDF', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const file = await readReturnLabel(db, storage, await requireAuth(request.auth).scope(), request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="${pdfDownloadName(file.name, `return-label-${request.params.id}`)}"`,
        )
        .header('Cache-Control', 'private, no-store')
        .header('Content-Length', file.stored.size)
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stored.stream);
    },
  );

  app.get(
    '/returns',
    {
      config: { permission: 'view returns' },
      schema: {
        summary: 'List returns (newest first) with counts per status; search by RMA, order or tracking number',
        operationId: 'listReturns',
        tags,
        querystring: returnListQuery,
        response: { 200: returnListResponse },
      },
    },
    async (request) => listReturns(db, requireAuth(request.auth), request.query),
  );

  app.post(
    '/returns',
    {
      config: { permission: 'create returns' },
      schema: {
        summary: 'Announce a return of units of a shipped order',
        operationId: 'createReturn',
        tags,
        body: returnCreateSchema,
        response: { 201: returnResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await announceReturn(db, requireAuth(request.auth), request.body) }),
  );

  app.post(
    '/returns/unidentified',
    {
      config: { permission: 'receive returns' },
      schema: {
        summary: 'Receive a parcel no order is known for: an unidentified return, its units into quarantine',
        operationId: 'createUnidentifiedReturn',
        tags,
        body: returnUnidentifiedSchema,
        response: { 201: returnResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createUnidentifiedReturn(db, requireAuth(request.auth), request.body) }),
  );

  app.post(
    '/returns/:id/attach',
    {
      config: { permission: 'receive returns' },
      schema: {
        summary: 'Attach an unidentified return to the order it came from',
        operationId: 'attachReturn',
        tags,
        params: idParams,
        body: returnAttachSchema,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({
      data: await attachReturn(db, requireAuth(request.auth), request.params.id, request.body.order_id),
    }),
  );

  app.get(
    '/returns/:id',
    {
      config: { permission: 'view returns' },
      schema: {
        summary: 'A return with its lines, what came back of each (dispositions, discrepancy) and its timeline',
        operationId: 'getReturn',
        tags,
        params: idParams,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({ data: await getReturn(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/returns/:id/cancel',
    {
      config: { permission: 'create returns' },
      schema: {
        summary: 'Cancel an announced return',
        operationId: 'cancelReturn',
        tags,
        params: idParams,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({ data: await cancelReturn(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/returns/:id/in-transit',
    {
      config: { permission: 'create returns' },
      schema: {
        summary: 'Mark an announced return in transit (the parcel is on its way)',
        operationId: 'markReturnInTransit',
        tags,
        params: idParams,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({ data: await markReturnInTransit(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/returns/:id/receive',
    {
      config: { permission: 'receive returns' },
      schema: {
        summary: 'Receive lines of a return, each once, with a disposition per unit',
        operationId: 'receiveReturn',
        tags,
        params: idParams,
        body: returnReceiveSchema,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({
      data: await receiveReturn(db, requireAuth(request.auth), request.params.id, request.body),
    }),
  );

  app.post(
    '/returns/:id/lines/:lineId/release',
    {
      config: { permission: 'receive returns' },
      schema: {
        summary: 'Release quarantined units of a return line: restock them into a location or dispose of them',
        operationId: 'releaseReturnLine',
        tags,
        params: returnLineParams,
        body: returnReleaseSchema,
        response: { 200: returnResponse },
      },
    },
    async (request) => ({
      data: await releaseReturnLine(
        db,
        requireAuth(request.auth),
        request.params.id,
        request.params.lineId,
        request.body,
      ),
    }),
  );
};
