import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { cycleCountsRoutes } from './cycle-counts/cycle-counts-routes';
import { handOffsRoutes } from './hand-offs/hand-offs-routes';
import { kitWorkOrdersRoutes } from './kit-work-orders/kit-work-orders-routes';
import { locationStockRoutes } from './location-stock/location-stock-routes';
import { locationsRoutes } from './locations/locations-routes';
import { replenishmentRoutes } from './replenishment/replenishment-routes';
import { inventoryRoutes } from './stock/inventory-routes';

/** The warehouse floor: stock and its ledger, locations, stock by location (moves, putaway, lots), cycle counts,
 * replenishment of pick faces, kit work orders, refused offline actions handed to a supervisor. */
export const floorRoutes: FastifyPluginAsyncZod<{ db: Database; maxImportBytes: number }> = async (
  app,
  { db, maxImportBytes },
) => {
  await app.register(locationsRoutes, { db, maxImportBytes });
  await app.register(cycleCountsRoutes, { db });
  await app.register(inventoryRoutes, { db });
  await app.register(locationStockRoutes, { db });
  await app.register(replenishmentRoutes, { db, maxImportBytes });
  await app.register(kitWorkOrdersRoutes, { db });
  await app.register(handOffsRoutes, { db });
};
