import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../files/file-storage';
import { draftsRoutes } from './drafts/drafts-routes';
import { labelsRoutes } from './labels/labels-routes';
import { mergeItemsRoutes } from './merge-items/merge-items-routes';
import { orderCreationRoutes } from './order-creation/order-creation-routes';
import { orderImportsRoutes } from './order-imports/order-imports-routes';
import { ordersRoutes } from './orders/orders-routes';
import { packingRoutes } from './packing/packing-routes';
import { pickingRoutes } from './picking/picking-routes';
import { wavesRoutes } from './waves/waves-routes';

/**
 * Stock going out: orders (created, imported, drafted), their shipping labels and merged PDFs, waves, picking and
 * packing.
 */
export const outboundRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  await app.register(orderCreationRoutes, { db });
  await app.register(draftsRoutes, { db, storage });
  await app.register(orderImportsRoutes, { db });
  await app.register(ordersRoutes, { db, storage });
  await app.register(labelsRoutes, { db, storage });
  await app.register(mergeItemsRoutes, { db, storage });
  await app.register(wavesRoutes, { db });
  await app.register(pickingRoutes, { db });
  await app.register(packingRoutes, { db });
};
