import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../files/file-storage';
import { draftsRoutes } from './drafts/drafts-routes';
import { labelsRoutes } from './labels/labels-routes';
import { mergeItemsRoutes } from './merge-items/merge-items-routes';
import { orderCreationRoutes } from './order-creation/order-creation-routes';
import { orderImportsRoutes } from './order-imports/order-imports-routes';
import { ordersRoutes } from './orders/orders-routes';
import { orderCartonsRoutes } from './packing/order-cartons-routes';
import { packingRoutes } from './packing/packing-routes';
import { packingDocumentsRoutes } from './packing-documents/packing-documents-routes';
import { packingStationsRoutes } from './packing-stations/packing-stations-routes';
import { pickingRoutes } from './picking/picking-routes';
import { returnsRoutes } from './returns/returns-routes';
import { wavesRoutes } from './waves/waves-routes';

/**
 * Stock going out: orders (created, imported, drafted), their shipping labels and merged PDFs, waves and picking,
 * packing documents and the packing stations' printers; returns (RMA) of shipped orders.
 */
export const outboundRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: FileStorage;
  config: Pick<Config, 'PRINTER_ALLOW_LOOPBACK' | 'PRINTER_TIMEOUT_MS'>;
}> = async (app, { db, storage, config }) => {
  await app.register(orderCreationRoutes, { db });
  await app.register(draftsRoutes, { db, storage });
  await app.register(orderImportsRoutes, { db });
  await app.register(ordersRoutes, { db, storage });
  await app.register(labelsRoutes, { db, storage });
  await app.register(mergeItemsRoutes, { db, storage });
  await app.register(wavesRoutes, { db });
  await app.register(pickingRoutes, { db });
  await app.register(packingRoutes, { db });
  await app.register(orderCartonsRoutes, { db });
  await app.register(packingDocumentsRoutes, { db, storage });
  await app.register(packingStationsRoutes, { db, storage, config });
  await app.register(returnsRoutes, { db, storage });
};
