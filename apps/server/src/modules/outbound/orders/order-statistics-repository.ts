import type { OrderStatistics, OrderStatisticsQuery } from '@wms/contract/orders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { orderStatusCounts } from '../../../db/schema/order-counters';
import { statuses } from '../../../db/schema/statuses';

/** A status filter value on the counters: an id (digits) or a name, case-insensitive (as the lists take it). */
function statusFilter(status: string): SQL {
  if (/^[1-9][0-9]{0,9}$/.test(status)) return eq(orderStatusCounts.statusId, Number(status));
  return sql`lower(${statuses.name}) = ${status.toLowerCase()}`;
}

/**
 * The stat cards (spec 2 §3 Order statistics): every order (archive included), those whose status is the pending /
 * processing system status, and every shipped one (the shipped lifecycle). Read from the per (warehouse, account,
 * status, lifecycle) counters the orders triggers keep (db/schema/order-counters.ts), never from the orders table:
 * a few hundred rows whatever the number of orders.
 */
export async function orderStatistics(
  db: Executor,
  scope: Scope,
  query: OrderStatisticsQuery,
): Promise<OrderStatistics> {
  const counted = (condition?: SQL) =>
    sql<number>`coalesce(sum(${orderStatusCounts.orders}) ${condition ? sql`filter (where ${condition})` : sql``}, 0)`;
  const [row] = await db
    .select({
      total: counted(),
      pending: counted(sql`${statuses.systemKey} = 'pending'`),
      processing: counted(sql`${statuses.systemKey} = 'processing'`),
      shipped: counted(sql`${orderStatusCounts.lifecycle} = 'shipped'`),
    })
    .from(orderStatusCounts)
    .innerJoin(statuses, eq(statuses.id, orderStatusCounts.statusId))
    .where(
      and(
        warehouseAccountScope(scope, orderStatusCounts),
        query.account_id === undefined ? undefined : eq(orderStatusCounts.accountId, query.account_id),
        query.warehouse_id === undefined ? undefined : eq(orderStatusCounts.warehouseId, query.warehouse_id),
        query.status ? statusFilter(query.status) : undefined,
      ),
    );
  return {
    total_orders: Number(row?.total ?? 0),
    pending_orders: Number(row?.pending ?? 0),
    processing_orders: Number(row?.processing ?? 0),
    shipped_orders: Number(row?.shipped ?? 0),
  };
}
