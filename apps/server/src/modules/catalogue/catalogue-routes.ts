import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../files/file-storage';
import type { ImageFetcher } from '../../http/safe-fetch';
import { accountLogosRoutes } from './account-logos/account-logos-routes';
import { accountsRoutes } from './accounts/accounts-routes';
import { kitComponentsRoutes } from './products/kit-components-routes';
import { productsRoutes } from './products/products-routes';
import { shippersRoutes } from './shippers/shippers-routes';
import { statusesRoutes } from './statuses/statuses-routes';
import { warehousesRoutes } from './warehouses/warehouses-routes';

/** The master data everything else hangs on: accounts (and their logos), warehouses, products, shippers and order statuses. */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: FileStorage;
  fetchImage: ImageFetcher;
  maxImportBytes: number;
}> = async (app, { db, storage, fetchImage, maxImportBytes }) => {
  await app.register(accountsRoutes, { db });
  await app.register(accountLogosRoutes, { db, storage });
  await app.register(warehousesRoutes, { db });
  await app.register(shippersRoutes, { db });
  await app.register(productsRoutes, { db, fetchImage, maxImportBytes });
  await app.register(kitComponentsRoutes, { db });
  await app.register(statusesRoutes, { db });
};
