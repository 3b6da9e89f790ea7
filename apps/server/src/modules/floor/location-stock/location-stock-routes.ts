import { idParams } from '@wms/contract/ids';
import { inventoryResponse } from '@wms/contract/inventory';
import {
  inventoryLocationsResponse,
  inventoryMoveSchema,
  LOCATION_STOCK_MESSAGES,
  locationStockResponse,
  pickSuggestionsResponse,
  productLocationsResponse,
  warehouseLocationStockQuery,
  warehouseLocationStockResponse,
} from '@wms/contract/location-stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  inventoryLocations,
  locationStock,
  moveInventoryStock,
  orderPickSuggestions,
  productLocations,
  warehouseLocationStock,
} from './location-stock-service';

/**
 * Stock per location: where units lie, by inventory row, location, product and order, and moves between
 * locations. Locations are staff knowledge, so every route needs a locations permission (clients hold none).
 */
export const locationStockRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/inventories/:id/moves',
    {
      config: { permission: 'edit locations', idempotent: 'json' },
      schema: {
        summary: 'Move units of an inventory row between two locations of its warehouse',
        operationId: 'moveInventoryStock',
        tags: ['inventory'],
        params: idParams,
        body: inventoryMoveSchema,
        response: { 200: inventoryResponse },
      },
    },
    async (request) => ({
      message: LOCATION_STOCK_MESSAGES.moved,
      data: await moveInventoryStock(db, requireAuth(request.auth), request.params.id, request.body),
    }),
  );

  app.get(
    '/inventories/:id/locations',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: 'Where the units of an inventory row lie, in the order shipping takes them',
        operationId: 'listInventoryLocations',
        tags: ['inventory'],
        params: idParams,
        response: { 200: inventoryLocationsResponse },
      },
    },
    async (request) => ({ data: await inventoryLocations(db, requireAuth(request.auth), request.params.id) }),
  );

  app.get(
    '/locations/:id/stock',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: 'What a location holds',
        operationId: 'getLocationStock',
        tags: ['locations'],
        params: idParams,
        response: { 200: locationStockResponse },
      },
    },
    async (request) => ({ data: await locationStock(db, requireAuth(request.auth), request.params.id) }),
  );

  app.get(
    '/warehouses/:id/location-stock',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: "What a warehouse's locations hold, a page at a time",
        description:
          "A row per location, inventory row and lot holding units, by location then SKU. The move screen keeps it on the handheld (with the warehouse's locations) to check scans and moves offline.",
        operationId: 'listWarehouseLocationStock',
        tags: ['locations'],
        params: idParams,
        querystring: warehouseLocationStockQuery,
        response: { 200: warehouseLocationStockResponse },
      },
    },
    async (request) => warehouseLocationStock(db, requireAuth(request.auth), request.params.id, request.query),
  );

  app.get(
    '/products/:id/locations',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: 'Where a product lies in each warehouse',
        operationId: 'listProductLocations',
        tags: ['products'],
        params: idParams,
        response: { 200: productLocationsResponse },
      },
    },
    async (request) => ({ data: await productLocations(db, requireAuth(request.auth), request.params.id) }),
  );

  app.get(
    '/orders/:id/pick-locations',
    {
      config: { permission: 'view locations' },
      schema: {
        summary: 'For each item of an order, the locations to take it from',
        operationId: 'listOrderPickLocations',
        tags: ['orders'],
        params: idParams,
        response: { 200: pickSuggestionsResponse },
      },
    },
    async (request) => ({ data: await orderPickSuggestions(db, requireAuth(request.auth), request.params.id) }),
  );
};
