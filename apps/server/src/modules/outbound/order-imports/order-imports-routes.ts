import { validationErrorResponseSchema } from '@wms/contract/errors';
import { ID_INVALID, idSchema } from '@wms/contract/ids';
import {
  ORDER_IMPORT_MAX_BYTES,
  ORDER_IMPORT_MESSAGES,
  type OrderImportResponse,
  orderImportResponse,
} from '@wms/contract/order-imports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { storableFileName } from '../../../files/file-name';
import { HttpError, validationError } from '../../../http/errors';
import { isFileTooLarge, readMultipart } from '../../../http/multipart-errors';
import { sheetDownload, uploadedFile } from '../../../http/openapi/file-responses';
import { sendSheetFile } from '../../../http/send-file';
import type { ImportUpload } from '../../../spreadsheets/read-upload';
import { beginIdempotentRequest } from '../../integrations/idempotency/idempotency-api';
import {
  type MappingFormFields,
  mappedOrderReader,
  withFileColumns,
} from '../../integrations/import-mappings/import-mappings-api';
import { ImportFailedError, importOrders } from './order-import-service';
import { orderTemplateFor } from './order-template';

const tags = ['orders'];

/** multipart {file, warehouse_id}; a file over 10 MB answers 413 with the spec's text. */
async function readImportForm(request: FastifyRequest) {
  let upload: ImportUpload | undefined;
  let warehouseId: number | null = null;
  const mapping: MappingFormFields = { mapping: null, mappingId: null, accountId: null };
  if (!request.isMultipart()) return { upload, warehouseId, mapping };
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
        } else if (part.fieldname === 'mapping') mapping.mapping = String(part.value);
        else if (part.fieldname === 'mapping_id') mapping.mappingId = String(part.value);
        else if (part.fieldname === 'account_id') {
          const id = idSchema().safeParse(String(part.value));
          if (!id.success) throw validationError({ account_id: [ID_INVALID] });
          mapping.accountId = id.data;
        }
      }
    });
  } catch (error) {
    if (isFileTooLarge(error)) throw new HttpError(413, ORDER_IMPORT_MESSAGES.tooLarge);
    throw error;
  }
  return { upload, warehouseId, mapping };
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
        description:
          'multipart/form-data: file and warehouse_id (spec 2 §7), read as our template. Optional: mapping (JSON, field → column of the file, constant or default; see POST /orders/import/inspect) or mapping_id (a saved mapping), and account_id (the account a `current_account` source stands for). Errors of a mapped file name its own columns.',
        multipart: z.object({
          file: uploadedFile(),
          warehouse_id: z.string().regex(/^\d+$/),
          mapping: z.string().optional(),
          mapping_id: z.string().regex(/^\d+$/).optional(),
          account_id: z.string().regex(/^\d+$/).optional(),
        }),
        response: {
          200: orderImportResponse,
          422: z.union([orderImportResponse, validationErrorResponseSchema]),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const { upload, warehouseId, mapping } = await readImportForm(request);
      const fingerprint = { upload, warehouseId, mapping };
      if ((await beginIdempotentRequest(db, request, reply, fingerprint)) === 'replayed') return reply;
      // A shop's export goes through its mapping; without one the file is read as our template.
      const mapped = await mappedOrderReader(db, auth, mapping);
      const named = <T extends OrderImportResponse>(answer: T) =>
        mapped ? withFileColumns(answer, mapped.fileColumns()) : answer;
      try {
        return named(await importOrders(db, auth, upload, warehouseId, mapped?.read));
      } catch (error) {
        if (error instanceof ImportFailedError) return reply.status(422).send(named(error.body));
        throw error;
      }
    },
  );
};
