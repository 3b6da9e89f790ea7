import { validationErrorResponseSchema } from '@wms/contract/errors';
import { idParams, idSchema } from '@wms/contract/ids';
import {
  conversionRequiredResponse,
  exportQuery,
  flattenAccountsResponse,
  PRODUCT_MESSAGES,
  productCopyResponse,
  productCopySchema,
  productDetailSchema,
  productImportResponse,
  productInputSchema,
  productListQuery,
  productListResponse,
  productSchema,
} from '@wms/contract/products';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { storableFileName } from '../../../files/file-name';
import { HttpError } from '../../../http/errors';
import { isFileTooLarge, readMultipart } from '../../../http/multipart-errors';
import { sheetDownload, uploadedFile } from '../../../http/openapi/file-responses';
import type { ImageFetcher } from '../../../http/safe-fetch';
import { sendSheetFile } from '../../../http/send-file';
import type { ImportUpload } from '../../../spreadsheets/read-upload';
import { productMappingOf } from '../../integrations/import-mappings/import-mappings-api';
import { CONVERSION_REQUIRED, ConversionRequiredError, importProducts } from './products-import';
import {
  copyProducts,
  createProduct,
  deleteProduct,
  getProductDetail,
  listAccountProducts,
  listCopyTargets,
  listProductsInScope,
  updateProduct,
} from './products-service';
import { exportProducts, productTemplate } from './products-spreadsheets';

export interface ProductsRoutesOptions {
  db: Database;
  /** SSRF-guarded image download used by the import's photo check. */
  fetchImage: ImageFetcher;
  /** Largest import file accepted (spec: 10 MB). */
  maxImportBytes: number;
}

const messageResponse = z.object({ message: z.string() });
const productResponse = z.object({ message: z.string().optional(), data: productSchema, product: productSchema });

/** Reads the multipart import: the file (buffered, capped) and the account_id field, in whatever order they come. */
async function readImportForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ upload?: ImportUpload; accountId: number | null; mapping: string | null; mappingId: string | null }> {
  if (!request.isMultipart()) return { accountId: null, mapping: null, mappingId: null };
  let upload: ImportUpload | undefined;
  let accountId: number | null = null;
  let mapping: string | null = null;
  let mappingId: string | null = null;
  try {
    await readMultipart(async () => {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
        if (part.type === 'file') {
          const buffer = await part.toBuffer();
          if (part.file.truncated) throw new HttpError(413, PRODUCT_MESSAGES.importTooLarge);
          // The name only picks the expected type (its extension) and labels the activity entry.
          const filename = storableFileName(part.filename, '');
          if (filename) upload = { filename, buffer };
        } else if (part.fieldname === 'account_id') {
          const id = idSchema().safeParse(part.value);
          accountId = id.success ? id.data : null;
        } else if (part.fieldname === 'mapping') mapping = String(part.value);
        else if (part.fieldname === 'mapping_id') mappingId = String(part.value);
      }
    });
  } catch (error) {
    if (isFileTooLarge(error)) throw new HttpError(413, PRODUCT_MESSAGES.importTooLarge);
    throw error;
  }
  return { upload, accountId, mapping, mappingId };
}

export const productsRoutes: FastifyPluginAsyncZod<ProductsRoutesOptions> = async (
  app,
  { db, fetchImage, maxImportBytes },
) => {
  app.get(
    '/products',
    {
      config: { permission: 'view products' },
      schema: {
        summary: 'List products',
        operationId: 'listProducts',
        tags: ['products'],
        querystring: productListQuery,
        response: { 200: productListResponse },
      },
    },
    async (request) => {
      const page = await listProductsInScope(db, requireAuth(request.auth), request.query);
      return { products: page.data, ...page };
    },
  );

  app.get(
    '/accounts/:accountId/products',
    {
      config: { permission: 'view products' },
      schema: {
        summary: 'List an account’s products',
        operationId: 'listAccountProducts',
        tags: ['products'],
        params: z.object({ accountId: idSchema() }),
        querystring: productListQuery.omit({ account_id: true }),
        response: { 200: productListResponse },
      },
    },
    async (request) => {
      const page = await listAccountProducts(db, requireAuth(request.auth), request.params.accountId, request.query);
      return { products: page.data, ...page };
    },
  );

  app.get(
    '/products/export',
    {
      config: { permission: 'view products' },
      schema: {
        summary: 'Export products (CSV or XLSX)',
        operationId: 'exportProducts',
        tags: ['products'],
        querystring: productListQuery.omit({ page: true, per_page: true, cursor: true }).extend(exportQuery.shape),
        response: { 200: sheetDownload('The matching products, up to 50 000 rows') },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const file = await exportProducts(db, await requireAuth(request.auth).scope(), filter, format);
      return sendSheetFile(reply, file);
    },
  );

  app.get(
    '/products/template',
    {
      config: { permission: 'create products' },
      schema: {
        summary: 'Download the product import template',
        operationId: 'getProductImportTemplate',
        tags: ['products'],
        response: { 200: sheetDownload('The import template') },
      },
    },
    async (_request, reply) => sendSheetFile(reply, productTemplate()),
  );

  app.post(
    '/products/import',
    {
      config: { permission: 'create products' },
      schema: {
        summary: 'Import products from a spreadsheet',
        operationId: 'importProducts',
        tags: ['products'],
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: file and account_id (spec 2 §7). Optional: mapping (JSON, product field → {source: "column", column, unit?} or {source: "constant", value}, plus variant_group and variant_options; see POST /products/import/inspect; on update only fields with a column are written) or mapping_id (a saved mapping of kind products), for a file whose header the import does not know. Row errors of a mapped file name its own columns.',
        multipart: z.object({
          file: uploadedFile(),
          account_id: z.string().regex(/^\d+$/),
          mapping: z.string().optional(),
          mapping_id: z.string().regex(/^\d+$/).optional(),
        }),
        // 422 answers are either {message, errors} or the conversion_required body (contract: conversionRequiredResponse).
        response: {
          200: productImportResponse,
          422: z.union([conversionRequiredResponse, validationErrorResponseSchema]),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const { upload, accountId, mapping, mappingId } = await readImportForm(request, maxImportBytes);
      try {
        const chosen = await productMappingOf(db, auth, { mapping, mappingId });
        return await importProducts(db, auth, upload, accountId, fetchImage, chosen);
      } catch (error) {
        if (error instanceof ConversionRequiredError) return reply.status(422).send(CONVERSION_REQUIRED);
        throw error;
      }
    },
  );

  app.post(
    '/products/copy',
    {
      config: { permission: 'create products' },
      schema: {
        summary: 'Copy products to another account',
        operationId: 'copyProducts',
        tags: ['products'],
        body: productCopySchema,
        response: { 200: productCopyResponse },
      },
    },
    async (request) => copyProducts(db, requireAuth(request.auth), request.body),
  );

  app.get(
    '/flatten-accounts',
    {
      config: { permission: 'view products' },
      schema: {
        summary: 'Account and warehouse pairs for pickers',
        operationId: 'listFlattenedAccounts',
        tags: ['products'],
        response: { 200: flattenAccountsResponse },
      },
    },
    async (request) => {
      const rows = await listCopyTargets(db, requireAuth(request.auth));
      return { accounts: rows, data: rows };
    },
  );

  app.get(
    '/products/:id',
    {
      config: { permission: 'view products' },
      schema: {
        summary: 'Get a product',
        operationId: 'getProduct',
        tags: ['products'],
        description:
          'The product with its kit relations: components (a bundle or assembled kit) and kits (the kits it is a component of).',
        params: idParams,
        response: { 200: z.object({ data: productDetailSchema, product: productDetailSchema }) },
      },
    },
    async (request) => {
      const product = await getProductDetail(db, requireAuth(request.auth), request.params.id);
      return { data: product, product };
    },
  );

  app.post(
    '/products',
    {
      config: { permission: 'create products' },
      schema: {
        summary: 'Create a product',
        operationId: 'createProduct',
        tags: ['products'],
        body: productInputSchema,
        response: { 201: productResponse },
      },
    },
    async (request, reply) => {
      const product = await createProduct(db, requireAuth(request.auth), request.body);
      return reply.status(201).send({ message: PRODUCT_MESSAGES.created, data: product, product });
    },
  );

  app.put(
    '/products/:id',
    {
      config: { permission: 'edit products' },
      schema: {
        summary: 'Update a product',
        operationId: 'updateProduct',
        tags: ['products'],
        params: idParams,
        body: productInputSchema,
        response: { 200: productResponse },
      },
    },
    async (request) => {
      const product = await updateProduct(db, requireAuth(request.auth), request.params.id, request.body);
      return { message: PRODUCT_MESSAGES.updated, data: product, product };
    },
  );

  app.delete(
    '/products/:id',
    {
      config: { permission: 'delete products' },
      schema: {
        summary: 'Delete a product',
        operationId: 'deleteProduct',
        tags: ['products'],
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await deleteProduct(db, requireAuth(request.auth), request.params.id);
      return { message: PRODUCT_MESSAGES.deleted };
    },
  );
};
