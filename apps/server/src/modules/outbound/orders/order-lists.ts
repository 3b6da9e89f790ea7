import type { OrderLifecycle } from '@wms/contract/order-lifecycle';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { orderStatistics } from './order-statistics-repository';
import { listOrderStatusOptions } from './order-status-options-repository';
import { listOrdersWithMergeItems } from './orders-list-repository';

/* The orders screen's reads, within the caller's scope: the list, its statistics, the statuses to filter by. */

/** GET /orders/with-merge-items: one page of orders and merge items (orders-list-repository.ts). */
export async function listOrders(
  db: Executor,
  auth: RequestAuth,
  query: Parameters<typeof listOrdersWithMergeItems>[2],
) {
  return listOrdersWithMergeItems(db, await auth.scope(), query);
}

/** GET /orders/statistics: the counts of the caller's orders. */
export async function getOrderStatistics(
  db: Executor,
  auth: RequestAuth,
  query: Parameters<typeof orderStatistics>[2],
) {
  return orderStatistics(db, await auth.scope(), query);
}

/** GET /orders/status-options: the statuses the caller's role may see, optionally of one lifecycle. */
export const statusOptionsFor = (db: Executor, auth: RequestAuth, filter: { lifecycle?: OrderLifecycle }) =>
  listOrderStatusOptions(db, auth.user, filter);
