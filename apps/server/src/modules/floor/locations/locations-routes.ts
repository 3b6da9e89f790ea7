import { idParams } from '@wms/contract/ids';
import {
  LOCATION_MESSAGES,
  locationGenerateResponse,
  locationGenerateSchema,
  locationImportResponse,
  locationInputSchema,
  locationLabelsSchema,
  locationListQuery,
  locationListResponse,
  locationResponse,
  locationSavedResponse,
  locationUpdateSchema,
} from '@wms/contract/locations';
import { exportQuery } from '@wms/contract/products';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { storableFileName } from '../../../files/file-name';
import { HttpError } from '../../../http/errors';
import { isFileTooLarge, readMultipart } from '../../../http/multipart-errors';
import { fileDownload, sheetDownload, uploadedFile } from '../../../http/openapi/file-responses';
import { sendSheetFile } from '../../../http/send-file';
import { printLocationLabels } from './location-labels';
import {
  createLocation,
  deleteLocation,
  exportWarehouseLocations,
  generateLocations,
  getLocation,
  importLocations,
  listWarehouseLocations,
  updateLocation,
} from './locations-service';
import { type LocationUpload, locationTemplate } from './locations-spreadsheets';

/**
 * Bin locations of a warehouse. Permissions `view/create/edit/delete locations`; scope through the
 * warehouse: a manager reaches only the locations of their warehouses (404 otherwise).
 */
/** The uploaded spreadsheet (buffered, capped at `maxBytes`). */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<LocationUpload | undefined> {
  if (!request.isMultipart()) return undefined;
  let upload: LocationUpload | undefined;
  try {
    await readMultipart(async () => {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
        if (part.type !== 'file') continue;
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, LOCATION_MESSAGES.importTooLarge);
        const filename = storableFileName(part.filename, '');
        if (filename) upload = { filename, buffer };
      }
    });
  } catch (error) {
    if (isFileTooLarge(error)) throw new HttpError(413, LOCATION_MESSAGES.importTooLarge);
    throw error;
  }
  return upload;
}

export const locationsRoutes: FastifyPluginAsyncZod<{ db: Database; maxImportBytes: number }> = async (
  app,
  { db, maxImportBytes },
) => {
  app.get(
    '/warehouses/:id/locations/export',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: "Export a warehouse's locations (CSV or XLSX)",
        operationId: 'exportLocations',
        tags: ['locations'],
        params: idParams,
        querystring: exportQuery,
        response: { 200: sheetDownload('Every location of the warehouse, in walk order') },
      },
    },
    async (request, reply) =>
      sendSheetFile(
        reply,
        await exportWarehouseLocations(db, requireAuth(request.auth), request.params.id, request.query.format),
      ),
  );

  app.get(
    '/locations/template',
    {
      config: { permission: 'create locations' },
      schema: {
        summary: 'Download the location import template',
        operationId: 'getLocationImportTemplate',
        tags: ['locations'],
        response: { 200: sheetDownload('The import template') },
      },
    },
    async (_request, reply) => sendSheetFile(reply, locationTemplate()),
  );

  app.post(
    '/warehouses/:id/locations/import',
    {
      config: { permission: 'create locations' },
      schema: {
        summary: 'Import locations from a spreadsheet',
        description:
          'All or nothing: any bad row refuses the file with 422, every bad row listed in `errors.file` ("Row N: …").',
        operationId: 'importLocations',
        tags: ['locations'],
        params: idParams,
        consumes: ['multipart/form-data'],
        multipart: z.object({ file: uploadedFile() }),
        response: { 200: locationImportResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const upload = await readUpload(request, maxImportBytes);
      const count = await importLocations(db, auth, request.params.id, upload);
      return { message: LOCATION_MESSAGES.imported(count), imported_count: count };
    },
  );

  app.get(
    '/warehouses/:id/locations',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: "List a warehouse's locations",
        description:
          'In walk order. `occupancy` filters on the units held: `empty` (none) or `occupied` (at least one unit of any lot).',
        operationId: 'listLocations',
        tags: ['locations'],
        params: idParams,
        querystring: locationListQuery,
        response: { 200: locationListResponse },
      },
    },
    async (request) => {
      const page = await listWarehouseLocations(db, requireAuth(request.auth), request.params.id, request.query);
      return { data: page.data, meta: page.meta, zones: page.zones };
    },
  );

  app.post(
    '/warehouses/:id/locations',
    {
      config: { permission: 'create locations' },
      schema: {
        summary: 'Create a location',
        operationId: 'createLocation',
        tags: ['locations'],
        params: idParams,
        body: locationInputSchema,
        response: { 201: locationSavedResponse },
      },
    },
    async (request, reply) => {
      const location = await createLocation(db, requireAuth(request.auth), request.params.id, request.body);
      return reply.status(201).send({ location, message: LOCATION_MESSAGES.created });
    },
  );

  app.post(
    '/warehouses/:id/locations/generate',
    {
      config: { permission: 'create locations' },
      schema: {
        summary: 'Generate locations by pattern',
        description:
          'zone × aisles × racks × levels × bins, codes ZONE-AISLE-RACK-LEVEL-BIN. With `preview`, answers the count and the first codes without writing. Up to 20 000 at once, in one transaction; 409 naming the codes that already exist.',
        operationId: 'generateLocations',
        tags: ['locations'],
        params: idParams,
        body: locationGenerateSchema,
        response: { 200: locationGenerateResponse, 201: locationGenerateResponse },
      },
    },
    async (request, reply) => {
      const result = await generateLocations(db, requireAuth(request.auth), request.params.id, request.body);
      if (request.body.preview) return result;
      return reply.status(201).send({ ...result, message: LOCATION_MESSAGES.generated(result.count) });
    },
  );

  app.get(
    '/locations/:id',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: 'Get a location',
        operationId: 'getLocation',
        tags: ['locations'],
        params: idParams,
        response: { 200: locationResponse },
      },
    },
    async (request) => ({ location: await getLocation(db, requireAuth(request.auth), request.params.id) }),
  );

  app.put(
    '/locations/:id',
    {
      config: { permission: 'edit locations' },
      schema: {
        summary: 'Update a location',
        description:
          "A full replacement; deactivate with `is_active: false`. The warehouse's `UNASSIGNED` location keeps its code and stays active (409).",
        operationId: 'updateLocation',
        tags: ['locations'],
        params: idParams,
        body: locationUpdateSchema,
        response: { 200: locationSavedResponse },
      },
    },
    async (request) => ({
      location: await updateLocation(db, requireAuth(request.auth), request.params.id, request.body),
      message: LOCATION_MESSAGES.updated,
    }),
  );

  app.delete(
    '/locations/:id',
    {
      config: { permission: 'delete locations' },
      schema: {
        summary: 'Delete a location',
        description: 'Only an empty location; one holding stock, or `UNASSIGNED`, answers 409.',
        operationId: 'deleteLocation',
        tags: ['locations'],
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteLocation(db, requireAuth(request.auth), request.params.id);
      return { message: LOCATION_MESSAGES.deleted };
    },
  );

  app.post(
    '/locations/labels',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: 'Print location labels',
        description:
          'A PDF: Code 128 barcode of the code and the code in large text; one 4×6 in label per page or A4/Letter sheets of 3×8. For `ids`, or a whole `zone` of `warehouse_id`.',
        operationId: 'printLocationLabels',
        tags: ['locations'],
        body: locationLabelsSchema,
        response: { 200: fileDownload('The labels PDF', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const pdf = await printLocationLabels(db, requireAuth(request.auth), request.body);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'attachment; filename="location-labels.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
