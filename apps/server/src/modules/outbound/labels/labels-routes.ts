import { idParams } from '@wms/contract/ids';
import {
  LABEL_TYPES,
  labelFieldsSchema,
  labelListResponse,
  labelUploadResponse,
  ORDER_MESSAGES,
} from '@wms/contract/orders';
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
import { parseInput } from '../../../http/parse-input';
import { ORDER_RESOURCE } from '../orders/orders-api';
import { listOrderLabels, readLabelFile } from './label-download';
import { LABEL_UPLOAD_LIMITS } from './label-pdf';
import { uploadLabel } from './label-upload';

const tags = ['labels'];
const pdfDownload = fileDownload('The label PDF', ['application/pdf']);

/** Spec 2 §7: label upload, the order's label list, and the scoped download. */
export const labelsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.post(
    '/orders/:id/labels',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Upload a label PDF to an order',
        description:
          'multipart/form-data: label_name, label_file (PDF, checked by its bytes, at most 10 MB), label_type (shipping, return or customs; default shipping), tracking_number, carrier.',
        operationId: 'uploadOrderLabel',
        tags,
        consumes: ['multipart/form-data'],
        multipart: z.object({
          label_name: z.string().max(255),
          label_file: uploadedFile().mime(['application/pdf']),
          label_type: z.enum(LABEL_TYPES).optional(),
          tracking_number: z.string().max(100).optional(),
          carrier: z.string().max(100).optional(),
        }),
        params: idParams,
        response: { 201: labelUploadResponse },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      // Scope first: someone else's order is a 404 whatever the form holds.
      await requireAccess(db, await auth.scope(), ORDER_RESOURCE, request.params.id);
      const label = await withSpooledForm(request, LABEL_UPLOAD_LIMITS, async (form) => {
        const file = form.file?.fieldName === 'label_file' && form.file.size > 0 ? form.file : undefined;
        if (!file && !form.fields.label_name?.trim()) {
          throw validationError({
            label_name: [ORDER_MESSAGES.labelNameRequired],
            label_file: [ORDER_MESSAGES.labelFileRequired],
          });
        }
        const fields = parseInput(labelFieldsSchema, form.fields);
        if (!file) throw validationError({ label_file: [ORDER_MESSAGES.labelFileRequired] });
        return uploadLabel(db, storage, auth, request.params.id, fields, file);
      });
      return reply.status(201).send({ message: ORDER_MESSAGES.labelUploaded, data: label });
    },
  );

  app.get(
    '/orders/:id/labels',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: "List an order's labels (each with its download_url)",
        operationId: 'listOrderLabels',
        tags,
        params: idParams,
        response: { 200: labelListResponse },
      },
    },
    async (request) => ({
      data: await listOrderLabels(db, await requireAuth(request.auth).scope(), request.params.id),
    }),
  );

  app.get(
    '/labels/:id/download',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Download a label PDF',
        operationId: 'downloadLabel',
        tags,
        params: idParams,
        response: { 200: pdfDownload },
      },
    },
    async (request, reply) => {
      const file = await readLabelFile(db, storage, await requireAuth(request.auth).scope(), request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="${pdfDownloadName(file.name, `label-${request.params.id}`)}"`,
        )
        .header('Cache-Control', 'private, no-store')
        .header('Content-Length', file.stored.size)
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stored.stream);
    },
  );
};
