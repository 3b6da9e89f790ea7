import { and, type Column, type SQL, sql } from 'drizzle-orm';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import type { DashboardScope } from './dashboard-repository';

/** The dashboard's return figures (returns of shipped orders), within the caller's scope and the header's context. */

const scopedBy = (s: DashboardScope, columns: { warehouseId: Column | SQL; accountId: Column | SQL }) =>
  and(
    warehouseAccountScope(s.scope, columns as { warehouseId: Column; accountId: Column }),
    s.warehouseId === undefined ? undefined : sql`${columns.warehouseId} = ${s.warehouseId}`,
    s.accountId === undefined ? undefined : sql`${columns.accountId} = ${s.accountId}`,
  );

const firstDay = (s: DashboardScope) => sql`current_date - ${s.days - 1}::int`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const cols = (alias: string) => ({
  warehouseId: sql.raw(`${alias}.warehouse_id`) as unknown as Column,
  accountId: sql.raw(`${alias}.account_id`) as unknown as Column,
});

/**
 * Open returns (announced, in transit, or received with units still in quarantine), units returned in the
 * timeframe (received, every disposition but missing), and per account the return rate: those units over the units
 * it shipped in the timeframe (product_daily_shipments, the figure the top-selling chart reads).
 */
export async function returnFigures(db: Executor, s: DashboardScope, limit: number) {
  const [open] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from returns r
      where r.status in ('announced', 'in_transit', 'received') and ${scopedBy(s, cols('r')) ?? sql`true`}`),
  );
  const returned = sql`select r.account_id, sum(rr.quantity)::int as units
    from returns r join return_lines l on l.return_id = r.id join return_receipts rr on rr.return_line_id = l.id
    where rr.disposition <> 'missing' and r.received_at >= ${firstDay(s)}
      and ${scopedBy(s, cols('r')) ?? sql`true`}
    group by r.account_id`;
  const rates = rowsOf<{ id: number; name: string; returned: number; shipped: number }>(
    await db.execute(sql`
      with returned as (${returned}),
      shipped as (
        select p.account_id, sum(p.units)::int as units from product_daily_shipments p
        where p.day >= ${firstDay(s)} and p.account_id in (select account_id from returned)
          and ${scopedBy(s, cols('p')) ?? sql`true`}
        group by p.account_id
      )
      select a.id, a.name, r.units as returned, coalesce(sh.units, 0) as shipped
      from returned r join accounts a on a.id = r.account_id
      left join shipped sh on sh.account_id = r.account_id
      order by r.units desc, a.name limit ${limit}`),
  );
  const [total] = rowsOf<{ units: number }>(
    await db.execute(sql`select coalesce(sum(x.units), 0)::int as units from (${returned}) x`),
  );
  return {
    open: Number(open?.n ?? 0),
    unitsReturned: Number(total?.units ?? 0),
    rates: rates.map((r) => ({
      account: { id: r.id, name: r.name },
      returned_units: Number(r.returned),
      shipped_units: Number(r.shipped),
      // Units returned per unit shipped in the timeframe; null when it shipped none (a return of older orders).
      rate: Number(r.shipped) > 0 ? Math.round((Number(r.returned) / Number(r.shipped)) * 10_000) / 10_000 : null,
    })),
  };
}
