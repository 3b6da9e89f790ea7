import { validationErrorResponseSchema } from '@wms/contract/errors';
import { idSchema } from '@wms/contract/ids';
import { ORDER_IMPORT_MAX_BYTES, ORDER_IMPORT_MESSAGES, orderImportResponse } from '@wms/contract/order-imports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import { storableFileName } from '../../files/file-name';
import { HttpError } from '../../http/errors';
import { isFileTooLarge, readMultipart } from '../../http/multipart-errors';
import { sheetDownload, uploadedFile } from '../../http/openapi/file-responses';
import { sendSheetFile } from '../../http/send-file';
import { beginIdempotentRequest } from '../idempotency/idempotent-requests';
import { ImportFailedError, importOrders } from './order-import-service';
import { orderTemplateFor } from './order-template';
import type { ImportUpload } from './read-order-sheet';

const tags = ['orders'];

/** multipart {file, warehouse_id}; a file over 10 MB answers 413 with the spec's text. */
async function readImportForm(request: FastifyRequest) {
  let upload: ImportUpload | undefined;
  let warehouseId: number | null = null;
  if (!request.isMultipart()) return { upload, warehouseId };
  try {
    await readMultipart(async () => {
      for await (const part of request.parts({ limits: { fileSize: ORDER_IMPORT_MAX_BYTES, files: 1 } })) {
        if (part.type === 'file') {
          const buffer = await part.toBuffer();
          if (part.file.truncated) throw new HttpError(413, ORDER_IMPORT_MESSAGES.tooLarge);
          // The name only picks the expected type (its extension).
          const filename = storableFileName(part.filename, '');
          if (filename) upload = { filename, buffer };
        } else if (part.fieldname === 'warehouse_id') {
          const id = idSchema().safeParse(String(part.value));
          warehouseId = id.success ? id.data : null;
        }
      }
    });
  } catch (error) {
    if (isFileTooLarge(error)) throw new HttpError(413, ORDER_IMPORT_MESSAGES.tooLarge);
    throw error;
  }
  return { upload, warehouseId };
}

/** Spec 2 §7: GET orders/template and POST orders/import. */
export const orderImportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/orders/template',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Download the order import template (xlsx named with the date)',
        operationId: 'downloadOrderImportTemplate',
        tags,
        response: { 200: sheetDownload('The order import template') },
      },
    },
    async (_request, reply) => sendSheetFile(reply, await orderTemplateFor(db)),
  );

  app.post(
    '/orders/import',
    {
      config: { permission: 'create orders', idempotent: 'multipart' },
      schema: {
        summary: 'Import orders from a spreadsheet (.xlsx, .xls, .csv)',
        operationId: 'importOrders',
        tags,
        consumes: ['multipart/form-data'],
        multipart: z.object({ file: uploadedFile(), warehouse_id: z.string().regex(/^\d+$/) }),
        response: {
          200: orderImportResponse,
          422: z.union([orderImportResponse, validationErrorResponseSchema]),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const { upload, warehouseId } = await readImportForm(request);
      if ((await beginIdempotentRequest(db, request, reply, { upload, warehouseId })) === 'replayed') return reply;
      try {
        return await importOrders(db, auth, upload, warehouseId);
      } catch (error) {
        if (error instanceof ImportFailedError) return reply.status(422).send(error.body);
        throw error;
      }
    },
  );
};
