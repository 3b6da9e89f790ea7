import { idParams } from '@wms/contract/ids';
import { cartonLabelQuery, packingSlipQuery } from '@wms/contract/packing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { fileDownload } from '../../../http/openapi/file-responses';
import { cartonLabelFile, packingSlipFile } from './packing-documents-service';

const tags = ['packing'];

/**
 * The packing documents as downloads: the packing slip PDF of an order and the GS1-128 label of a closed carton (PDF
 * or ZPL). Staff with `pack` and the order's client users; out-of-scope orders and cartons answer 404.
 */
export const packingDocumentsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/orders/:id/packing-slip',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Print the packing slip of an order',
        description:
          "A PDF (A4, Letter or 4×6 in): the account's name and logo, the order number as Code 128 and the client's reference, ship-from and ship-to, the items per carton with SKU, lot and quantity (each closed carton's SSCC and weight), the units in no carton, and the notes.",
        operationId: 'printPackingSlip',
        tags,
        params: idParams,
        querystring: packingSlipQuery,
        response: { 200: fileDownload('The packing slip PDF', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const { fileName, pdf } = await packingSlipFile(db, storage, auth, request.params.id, request.query.layout);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/cartons/:id/label',
    {
      config: { permission: 'view orders' },
      schema: {
        summary: 'Print the GS1-128 label of a closed carton',
        description:
          'A 4×6 in label: ship-from and ship-to, order and reference, carton n of m, weight, and the SSCC as GS1-128 (AI 00) with its human-readable line; as PDF, or as ZPL for a label printer (203 dpi). 422 while the carton is open.',
        operationId: 'printCartonLabel',
        tags,
        params: idParams,
        querystring: cartonLabelQuery,
        response: { 200: fileDownload('The carton label', ['application/pdf', 'application/zpl']) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const file = await cartonLabelFile(db, auth, request.params.id, request.query.format);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `inline; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.bytes);
    },
  );
};
