import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { listAvailableInventory, listOrderShippers } from './available-inventory-repository';

/* What the order form offers: the stock an order may name (within the caller's scope) and the shippers. */

/** GET /orders/available-inventory: the caller's stock of one account in one warehouse (404 outside the scope). */
export async function availableInventoryFor(
  db: Executor,
  auth: RequestAuth,
  query: Parameters<typeof listAvailableInventory>[2],
) {
  return listAvailableInventory(db, await auth.scope(), query);
}

/** GET /orders/shippers: every shipper an order may name. */
export const orderShippers = (db: Executor) => listOrderShippers(db);
