import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The dashboard's order counters (db/schema/order-counters.ts, kept by triggers) equal a recount of the orders and
 * their lines: any row that differs, on either side, is reported (zero rows left by decrements are ignored).
 */
export async function orderCounterDrift(db: Executor) {
  const differ = async (counters: ReturnType<typeof sql>, recount: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`(${counters} except ${recount}) union all (${recount} except ${counters})`),
    );
  return {
    byStatus: await differ(
      sql`select warehouse_id, account_id, status_id, lifecycle, orders::bigint as n from order_status_counts
        where orders <> 0`,
      sql`select warehouse_id, account_id, status_id, lifecycle, count(*) as n from orders group by 1, 2, 3, 4`,
    ),
    byDay: await differ(
      sql`select day, warehouse_id, account_id, created::bigint, shipped::bigint from order_daily_counts
        where created <> 0 or shipped <> 0`,
      sql`select day, warehouse_id, account_id, sum(c)::bigint, sum(s)::bigint from (
          select created_at::date as day, warehouse_id, account_id, 1 as c, 0 as s from orders
          union all
          select shipped_at::date, warehouse_id, account_id, 0, 1 from orders
          where lifecycle = 'shipped' and shipped_at is not null) d group by 1, 2, 3`,
    ),
    unitsShipped: await differ(
      sql`select day, warehouse_id, account_id, product_id, units::bigint from product_daily_shipments where units <> 0`,
      sql`select o.shipped_at::date, o.warehouse_id, o.account_id, i.product_id, sum(i.quantity_shipped)::bigint
        from orders o join order_items i on i.order_id = o.id
        where o.lifecycle = 'shipped' and o.shipped_at is not null and i.quantity_shipped > 0 group by 1, 2, 3, 4`,
    ),
  };
}

export async function expectOrderCountersMatchRecount(db: Executor) {
  expect(await orderCounterDrift(db)).toEqual({ byStatus: [], byDay: [], unitsShipped: [] });
}
