import type { OrdersByStatus } from '@wms/contract/warehouses';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { statuses } from '../../db/schema/statuses';
import { orderScope } from './order-resource';

/** A warehouse's orders (within the caller's scope) counted per status, in the statuses' sort order; one query. */
export async function countOrdersByStatus(db: Executor, scope: Scope, warehouseId: number): Promise<OrdersByStatus[]> {
  const rows = await db
    .select({
      statusId: statuses.id,
      name: statuses.name,
      color: statuses.color,
      lifecycle: statuses.lifecycle,
      sortOrder: statuses.sortOrder,
      count: count(),
    })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .where(and(eq(orders.warehouseId, warehouseId), orderScope(scope)))
    .groupBy(statuses.id)
    .orderBy(asc(statuses.sortOrder), asc(statuses.id));
  return rows.map((r) => ({
    status_id: r.statusId,
    name: r.name,
    color: r.color,
    lifecycle: r.lifecycle,
    count: Number(r.count),
  }));
}
