import { idParams } from '@wms/contract/ids';
import {
  LOCATION_MESSAGES,
  locationGenerateResponse,
  locationGenerateSchema,
  locationInputSchema,
  locationLabelsSchema,
  locationListQuery,
  locationListResponse,
  locationResponse,
  locationSavedResponse,
  locationUpdateSchema,
} from '@wms/contract/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import { fileDownload } from '../../http/openapi/file-responses';
import { printLocationLabels } from './location-labels';
import {
  createLocation,
  deleteLocation,
  generateLocations,
  getLocation,
  listWarehouseLocations,
  updateLocation,
} from './locations-service';

/**
 * Bin locations of a warehouse (issue 20). Permissions `view/create/edit/delete locations`; scope through the
 * warehouse: a manager reaches only the locations of their warehouses (404 otherwise).
 */
export const locationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/warehouses/:id/locations',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: "List a warehouse's locations",
        description:
          'In walk order. `occupancy` filters on the units held (every location is empty until stock per location exists).',
        operationId: 'listLocations',
        tags: ['locations'],
        params: idParams,
        querystring: locationListQuery,
        response: { 200: locationListResponse },
      },
    },
    async (request) => {
      const page = await listWarehouseLocations(db, requireAuth(request.auth), request.params.id, request.query);
      return { data: page.data, ...page.meta, zones: page.zones };
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
        description: 'A full replacement; deactivate with `is_active: false`.',
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
        description: 'Only an empty location; one holding stock answers 409.',
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
