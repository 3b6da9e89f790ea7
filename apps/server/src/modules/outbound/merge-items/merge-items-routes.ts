import { idParams } from '@wms/contract/ids';
import { MERGE_PDF_MAX_BYTES, mergeFieldsSchema, mergeItemCreatedResponse, ORDER_MESSAGES } from '@wms/contract/orders';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../../auth/access-gate';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { spooledIdentity, withSpooledForm } from '../../../files/spooled-upload';
import { validationError } from '../../../http/errors';
import { fileDownload, uploadedFile } from '../../../http/openapi/file-responses';
import { parseInput } from '../../../http/parse-input';
import { beginIdempotentRequest } from '../../integrations/idempotency/idempotency-api';
import { ORDER_RESOURCE } from '../orders/orders-api';
import { createMergeItem } from './merge-item-create';
import { mergeItemPdfName } from './merge-item-paths';
import { readMergeItemPdf } from './merge-item-pdf';

const tags = ['merge-items'];
const pdfDownload = fileDownload('The PDF (uploaded, or built from the orders’ labels)', ['application/pdf']);

/** order_ids arrives as a JSON list in a form field (spec 2 §7); a bare "1,2" list is read too. */
function readOrderIds(value: string | undefined): unknown {
  if (value === undefined || value.trim() === '') return [];
  try {
    return JSON.parse(value);
  } catch {
    if (/^\s*\d+(\s*,\s*\d+)*\s*$/.test(value)) return value.split(',').map((v) => v.trim());
    throw validationError({ order_ids: [ORDER_MESSAGES.mergeOrderIdsInvalid] });
  }
}

/** Spec 2 §7: create a merge item, and download its PDF under either path the spec names. */
export const mergeItemsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.post(
    '/merge-items',
    {
      config: { permission: 'edit orders', idempotent: 'multipart' },
      schema: {
        summary: 'Merge orders of one warehouse into a merge item',
        description:
          'multipart/form-data: title, order_ids (a JSON list of at least 2 order ids, standalone, one warehouse), optional pdf_file (PDF, at most 10 MB). Without a PDF, the download is built from the orders’ labels.',
        operationId: 'createMergeItem',
        tags,
        consumes: ['multipart/form-data'],
        multipart: z.object({
          title: z.string().max(255),
          order_ids: z.string().describe('A JSON list of order ids, e.g. [12, 15]'),
          pdf_file: uploadedFile().mime(['application/pdf']).optional(),
        }),
        response: { 201: mergeItemCreatedResponse },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      // One byte over the limit is enough to know the file is too large.
      const limits = { maxBytes: MERGE_PDF_MAX_BYTES, tooLargeMessage: ORDER_MESSAGES.mergePdfRejected };
      return withSpooledForm(request, limits, async (form) => {
        // The fingerprint names the file by its content, not by its temporary path.
        const content = { fields: form.fields, file: spooledIdentity(form.file) };
        if ((await beginIdempotentRequest(db, request, reply, content)) === 'replayed') return reply;
        const orderIds = readOrderIds(form.fields.order_ids);
        // Scope first when the ids are readable: someone else's order is a 404 whatever else is wrong.
        const readable = mergeFieldsSchema.shape.order_ids.safeParse(orderIds);
        if (readable.success) await requireAccess(db, await auth.scope(), ORDER_RESOURCE, readable.data);
        const fields = parseInput(mergeFieldsSchema, { title: form.fields.title, order_ids: orderIds });
        const pdf = form.file?.fieldName === 'pdf_file' && form.file.size > 0 ? form.file : undefined;
        const item = await createMergeItem(db, storage, auth, fields, pdf);
        return reply.status(201).send({ message: ORDER_MESSAGES.mergeCreated, data: item });
      });
    },
  );

  const download = async (
    id: number,
    scopeOf: Promise<Parameters<typeof readMergeItemPdf>[2]>,
    reply: FastifyReply,
  ) => {
    const bytes = await readMergeItemPdf(db, storage, await scopeOf, id);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${mergeItemPdfName(id)}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  };

  for (const [url, operationId] of [
    ['/merge-items/:id/download-pdf', 'downloadMergeItemPdf'],
    ['/orders/merge-items/:id/download-pdf', 'downloadOrderMergeItemPdf'],
  ] as const) {
    app.get(
      url,
      {
        config: { permission: 'view orders' },
        schema: {
          summary: 'Download a merge item’s PDF (saved as merge-item-{id}.pdf)',
          operationId,
          tags,
          params: idParams,
          response: { 200: pdfDownload },
        },
      },
      async (request, reply) => download(request.params.id, requireAuth(request.auth).scope(), reply),
    );
  }
};
