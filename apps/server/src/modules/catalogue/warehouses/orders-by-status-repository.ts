import type { OrdersByStatus } from '@wms/contract/warehouses';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { orderStatusCounts } from '../../../db/schema/order-counters';
import { statuses } from '../../../db/schema/statuses';

/**
 * A warehouse's orders (within the caller's scope, the same rule as orderScope) counted per status, in the
 * statuses' sort order; one query over the per-status counters (db/schema/order-counters.ts), not the orders.
 */
export async function countOrdersByStatus(db: Executor, scope: Scope, warehouseId: number): Promise<OrdersByStatus[]> {
  const total = sql<number>`sum(${orderStatusCounts.orders})`;
  const rows = await db
    .select({
      statusId: statuses.id,
      name: statuses.name,
      color: statuses.color,
      lifecycle: statuses.lifecycle,
      sortOrder: statuses.sortOrder,
      count: total,
    })
    .from(orderStatusCounts)
    .innerJoin(statuses, eq(statuses.id, orderStatusCounts.statusId))
    .where(and(eq(orderStatusCounts.warehouseId, warehouseId), warehouseAccountScope(scope, orderStatusCounts)))
    .groupBy(statuses.id)
    .having(sql`${total} > 0`)
    .orderBy(asc(statuses.sortOrder), asc(statuses.id));
  return rows.map((r) => ({
    status_id: r.statusId,
    name: r.name,
    color: r.color,
    lifecycle: r.lifecycle,
    count: Number(r.count),
  }));
}
