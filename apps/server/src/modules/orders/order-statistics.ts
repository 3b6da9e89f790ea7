import type { OrderStatistics, OrderStatisticsQuery } from '@wms/contract/orders';
import { sql } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { statuses } from '../../db/schema/statuses';
import { orderFilterCondition } from './order-filters';

/**
 * The stat cards (spec 2 §3 Order statistics) in one pass over the caller's orders: every order (archive
 * included), those whose status is the pending / processing system status, and every shipped one (any status with
 * the shipped lifecycle).
 */
export async function orderStatistics(
  db: Executor,
  scope: Scope,
  query: OrderStatisticsQuery,
): Promise<OrderStatistics> {
  const where = orderFilterCondition(scope, query) ?? sql`true`;
  const result = (await db.execute(sql`
    select
      count(*)::int as total,
      count(*) filter (where s.system_key = 'pending')::int as pending,
      count(*) filter (where s.system_key = 'processing')::int as processing,
      count(*) filter (where ${orders.lifecycle} = 'shipped')::int as shipped
    from ${orders} join ${statuses} s on s.id = ${orders.statusId}
    where ${where}`)) as unknown as { rows: { total: number; pending: number; processing: number; shipped: number }[] };
  const row = result.rows[0];
  return {
    total_orders: Number(row?.total ?? 0),
    pending_orders: Number(row?.pending ?? 0),
    processing_orders: Number(row?.processing ?? 0),
    shipped_orders: Number(row?.shipped ?? 0),
  };
}
