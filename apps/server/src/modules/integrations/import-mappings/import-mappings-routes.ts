import { idParams, idSchema } from '@wms/contract/ids';
import {
  importInspectionSchema,
  importMappingInputSchema,
  importMappingListQuery,
  importMappingListResponse,
  importMappingResponse,
  importMappingUpdateSchema,
  IMPORT_MAPPING_MESSAGES as M,
  productImportInspectionSchema,
} from '@wms/contract/import-mappings';
import { ORDER_IMPORT_MAX_BYTES, ORDER_IMPORT_MESSAGES } from '@wms/contract/order-imports';
import { PRODUCT_IMPORT_MAX_BYTES, PRODUCT_MESSAGES } from '@wms/contract/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { storableFileName } from '../../../files/file-name';
import { readMultipartForm } from '../../../files/multipart-form';
import { validationError } from '../../../http/errors';
import { uploadedFile } from '../../../http/openapi/file-responses';
import {
  createImportMapping,
  deleteImportMapping,
  listImportMappings,
  updateImportMapping,
} from './import-mappings-service';
import { inspectOrderFile } from './order-file-mapping';
import { inspectProductFile } from './product-file-mapping';

const tags = ['orders'];
const messageResponse = z.object({ message: z.string() });

/** The optional `account_id` text field of an inspect request (whose saved mappings are offered). */
function accountIdOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const id = idSchema(M.accountNotFound).safeParse(text);
  if (!id.success) throw validationError({ account_id: [M.accountNotFound] });
  return id.data;
}

/**
 * The mapping step of the order and product imports (inspect a file) and the mappings saved per account.
 * Whoever may import orders may keep mappings for the accounts of their scope (product mappings also take
 * 'create products', checked by the service).
 */
export const importMappingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/orders/import/inspect',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Read the header and first rows of a file to import, with a suggested column mapping',
        description:
          'multipart/form-data: file (.xlsx, .xls, .csv, or a tab-separated .txt such as Amazon reports; at most 10 MB) and optional account_id (the account the caller works in: its saved mappings are offered first). Answers the columns with sample values, at most five rows, the recognised preset or saved mapping, and a suggested mapping; never the whole file.',
        operationId: 'inspectOrderImportFile',
        tags,
        consumes: ['multipart/form-data'],
        multipart: z.object({ file: uploadedFile(), account_id: z.string().regex(/^\d+$/).optional() }),
        response: { 200: importInspectionSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const form = await readMultipartForm(request, {
        maxBytes: ORDER_IMPORT_MAX_BYTES,
        tooLargeMessage: ORDER_IMPORT_MESSAGES.tooLarge,
      });
      const filename = form.file ? storableFileName(form.file.fileName, '') : '';
      if (!form.file || !filename) throw validationError({ file: [ORDER_IMPORT_MESSAGES.fileRequired] });
      return inspectOrderFile(db, auth, { filename, buffer: form.file.bytes }, accountIdOf(form.fields.account_id));
    },
  );

  app.post(
    '/products/import/inspect',
    {
      config: { permission: 'create products' },
      schema: {
        summary: 'Read the header of a product file to import, with a suggested column mapping',
        description:
          'multipart/form-data: file (.xlsx, .xls, .csv, or a tab-separated .txt such as Amazon reports; at most 10 MB) and optional account_id (the account the products are for: its saved product mappings are offered first). Answers the columns with sample values, whether the import recognises the header as it is, the recognised preset (Shopify products export, Amazon listings report) or saved mapping, and a suggested mapping for POST /products/import; never the whole file.',
        operationId: 'inspectProductImportFile',
        tags: ['products'],
        consumes: ['multipart/form-data'],
        multipart: z.object({ file: uploadedFile(), account_id: z.string().regex(/^\d+$/).optional() }),
        response: { 200: productImportInspectionSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const form = await readMultipartForm(request, {
        maxBytes: PRODUCT_IMPORT_MAX_BYTES,
        tooLargeMessage: PRODUCT_MESSAGES.importTooLarge,
      });
      const filename = form.file ? storableFileName(form.file.fileName, '') : '';
      if (!form.file || !filename) throw validationError({ file: [PRODUCT_MESSAGES.importFileRequired] });
      return inspectProductFile(db, auth, { filename, buffer: form.file.bytes }, accountIdOf(form.fields.account_id));
    },
  );

  app.get(
    '/import-mappings',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'List the saved import mappings of the accounts in scope',
        operationId: 'listImportMappings',
        tags,
        querystring: importMappingListQuery,
        response: { 200: importMappingListResponse },
      },
    },
    async (request) => ({ data: await listImportMappings(db, requireAuth(request.auth), request.query) }),
  );

  app.post(
    '/import-mappings',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Save an import mapping for an account',
        operationId: 'createImportMapping',
        tags,
        body: importMappingInputSchema,
        response: { 201: importMappingResponse },
      },
    },
    async (request, reply) => {
      const data = await createImportMapping(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ message: M.saved, data });
    },
  );

  app.put(
    '/import-mappings/:id',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Change a saved import mapping (name, header, mapping)',
        operationId: 'updateImportMapping',
        tags,
        params: idParams,
        body: importMappingUpdateSchema,
        response: { 200: importMappingResponse },
      },
    },
    async (request) => ({
      message: M.updated,
      data: await updateImportMapping(db, requireAuth(request.auth), request.params.id, request.body),
    }),
  );

  app.delete(
    '/import-mappings/:id',
    {
      config: { permission: 'create orders' },
      schema: {
        summary: 'Delete a saved import mapping',
        operationId: 'deleteImportMapping',
        tags,
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await deleteImportMapping(db, requireAuth(request.auth), request.params.id);
      return { message: M.deleted };
    },
  );
};
