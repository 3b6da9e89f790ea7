import type { ChargeType } from '@wms/contract/rate-cards';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import type { ManualChargeFact } from './charge-facts-repository';

/**
 * Every account's billable facts of a period at once (the billing dashboard's unbilled activity, issue 23): the
 * same facts as charge-facts-repository.ts derives for one account, but summed per (account, charge type, billing
 * day) in set-based SQL, one statement per kind of fact whatever the number of accounts. Pricing per day gives the
 * same lines as the per-account preview (a line is Σ quantity × rate, rounded once), without the evidence.
 */
export interface DailyFact {
  accountId: number;
  chargeType: ChargeType;
  date: string;
  quantity: number;
}

export interface AccountManualCharge extends ManualChargeFact {
  accountId: number;
}

export interface UnbilledQuery {
  /** A condition on `accounts` (the caller's scope); undefined: every account. */
  accountScope: SQL | undefined;
  from: string;
  to: string;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** `column` is an account in the scope (no condition at all for callers who see every account). */
const inScope = (q: UnbilledQuery, column: SQL) =>
  q.accountScope ? sql`${column} in (select ${accounts.id} from ${accounts} where ${q.accountScope})` : sql`true`;

/** The UTC window holding every instant of the period's local days in any zone (see charge-facts-repository). */
function utcWindow({ from, to }: UnbilledQuery): { lo: string; hi: string } {
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString();
  return { lo: shift(from, -1), hi: shift(to, 2) };
}

const localDay = (at: SQL, timezone: SQL) => sql`(${at} at time zone ${timezone})::date`;
const dayText = (day: SQL) => sql`to_char(${day}, 'YYYY-MM-DD')`;
const dayStart = (day: SQL, timezone: SQL) => sql`((${day})::timestamp at time zone ${timezone})`;

type Row = { account_id: number; day: string; quantity: number };
const asFacts = (rows: Row[], chargeType: ChargeType): DailyFact[] =>
  rows.map((r) => ({ accountId: r.account_id, chargeType, date: r.day, quantity: r.quantity }));

async function shipmentsVerified(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`s.verified_at`, sql`w.timezone`);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select s.account_id, ${dayText(day)} as day, count(*)::int as quantity
      from shipments s join warehouses w on w.id = s.warehouse_id
      where ${inScope(q, sql`s.account_id`)} and s.status = 'verified'
        and s.verified_at >= ${lo}::timestamptz and s.verified_at < ${hi}::timestamptz
        and ${day} between ${q.from}::date and ${q.to}::date
      group by s.account_id, ${day}`),
  );
  return asFacts(rows, 'receiving_shipment');
}

/** Units received: like the preview, each (shipment, day)'s units count only when positive. */
async function unitsReceived(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`m.created_at`, sql`w.timezone`);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select r.account_id, ${dayText(sql`r.day`)} as day, sum(r.units)::int as quantity from (
        select m.account_id, m.reference_id, ${day} as day, sum(m.on_hand_delta) as units
        from inventory_movements m join warehouses w on w.id = m.warehouse_id
        where ${inScope(q, sql`m.account_id`)} and m.type = 'receipt'
          and m.created_at >= ${lo}::timestamptz and m.created_at < ${hi}::timestamptz
          and ${day} between ${q.from}::date and ${q.to}::date
        group by 1, 2, 3
      ) r where r.units > 0 group by r.account_id, r.day`),
  );
  return asFacts(rows, 'receiving_unit');
}

/**
 * Storage unit-days by the preview's rule (end-of-day on hand in the warehouse's zone), computed backwards so no
 * statement reads the ledger's whole history: the balance when the period starts = the current on hand
 * (inventories, which always equal the ledger's sums) − every movement since; then each day adds its movements.
 */
async function storageUnitDays(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo } = utcWindow(q);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with current_units as (
        select account_id, warehouse_id, sum(quantity_on_hand) as units
        from inventories where ${inScope(q, sql`account_id`)} group by 1, 2
      ), daily as (
        select m.account_id, m.warehouse_id, ${localDay(sql`m.created_at`, sql`w.timezone`)} as day,
          sum(m.on_hand_delta) as units
        from inventory_movements m join warehouses w on w.id = m.warehouse_id
        where ${inScope(q, sql`m.account_id`)} and m.created_at >= ${lo}::timestamptz
          and m.created_at >= ${dayStart(sql`${q.from}::date`, sql`w.timezone`)}
        group by 1, 2, 3
      ), since as (
        select account_id, warehouse_id, sum(units) as units from daily group by 1, 2
      ), opening as (
        select coalesce(c.account_id, s.account_id) as account_id, coalesce(c.warehouse_id, s.warehouse_id) as warehouse_id,
          coalesce(c.units, 0) - coalesce(s.units, 0) as units
        from current_units c full join since s on s.account_id = c.account_id and s.warehouse_id = c.warehouse_id
      ), balances as (
        select o.account_id, d::date as day,
          o.units + sum(coalesce(dl.units, 0)) over (partition by o.account_id, o.warehouse_id order by d) as units
        from opening o cross join generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
        left join daily dl on dl.account_id = o.account_id and dl.warehouse_id = o.warehouse_id and dl.day = d::date
      )
      select account_id, ${dayText(sql`day`)} as day, sum(units)::int as quantity
      from balances where units > 0 group by account_id, day`),
  );
  return asFacts(rows, 'storage_unit_day');
}

/** Occupied locations per day by type, backwards from location_stock (Σ location_delta = location_stock). */
async function occupiedLocationDays(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo } = utcWindow(q);
  const rows = rowsOf<Row & { type: string }>(
    await db.execute(sql`
      with current_units as (
        select i.account_id, ls.location_id, sum(ls.quantity) as units
        from location_stock ls join inventories i on i.id = ls.inventory_id
        where ${inScope(q, sql`i.account_id`)} group by 1, 2
      ), daily as (
        select m.account_id, m.location_id, ${localDay(sql`m.created_at`, sql`w.timezone`)} as day,
          sum(m.location_delta) as units
        from inventory_movements m join locations l on l.id = m.location_id join warehouses w on w.id = l.warehouse_id
        where ${inScope(q, sql`m.account_id`)} and m.created_at >= ${lo}::timestamptz
          and m.created_at >= ${dayStart(sql`${q.from}::date`, sql`w.timezone`)}
        group by 1, 2, 3
      ), since as (
        select account_id, location_id, sum(units) as units from daily group by 1, 2
      ), opening as (
        select coalesce(c.account_id, s.account_id) as account_id, coalesce(c.location_id, s.location_id) as location_id,
          coalesce(c.units, 0) - coalesce(s.units, 0) as units
        from current_units c full join since s on s.account_id = c.account_id and s.location_id = c.location_id
      ), balances as (
        select o.account_id, l.type, d::date as day,
          o.units + sum(coalesce(dl.units, 0)) over (partition by o.account_id, o.location_id order by d) as units
        from opening o join locations l on l.id = o.location_id
        cross join generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
        left join daily dl on dl.account_id = o.account_id and dl.location_id = o.location_id and dl.day = d::date
      )
      select account_id, type, ${dayText(sql`day`)} as day, count(*)::int as quantity
      from balances where units > 0 group by account_id, type, day`),
  );
  return rows.map((r) => ({
    accountId: r.account_id,
    chargeType: `storage_location_day_${r.type}` as ChargeType,
    date: r.day,
    quantity: r.quantity,
  }));
}

/** Orders shipped, their lines beyond the first and units beyond the first, per account and day. */
async function ordersShipped(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`o.shipped_at`, sql`w.timezone`);
  const rows = rowsOf<{ account_id: number; day: string; orders: number; lines: number; units: number }>(
    await db.execute(sql`
      select x.account_id, ${dayText(sql`x.day`)} as day, count(*)::int as orders,
        sum(greatest(x.lines - 1, 0))::int as lines, sum(greatest(x.units - 1, 0))::int as units
      from (
        select o.account_id, ${day} as day, li.lines, li.units
        from orders o join warehouses w on w.id = o.warehouse_id
        cross join lateral (
          select count(*) as lines, coalesce(sum(oi.quantity_shipped), 0) as units
          from order_items oi where oi.order_id = o.id
        ) li
        where ${inScope(q, sql`o.account_id`)} and o.lifecycle = 'shipped'
          and o.shipped_at >= ${lo}::timestamptz and o.shipped_at < ${hi}::timestamptz
          and ${day} between ${q.from}::date and ${q.to}::date
      ) x group by x.account_id, x.day`),
  );
  return rows.flatMap((r) => {
    const fact = (chargeType: ChargeType, quantity: number): DailyFact[] =>
      quantity > 0 ? [{ accountId: r.account_id, chargeType, date: r.day, quantity }] : [];
    return [
      ...fact('fulfilment_order', r.orders),
      ...fact('fulfilment_extra_line', r.lines),
      ...fact('fulfilment_extra_unit', r.units),
    ];
  });
}

async function labelsUploaded(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`l.created_at`, sql`w.timezone`);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select o.account_id, ${dayText(day)} as day, count(*)::int as quantity
      from shipment_labels l join orders o on o.id = l.order_id join warehouses w on w.id = o.warehouse_id
      where ${inScope(q, sql`o.account_id`)}
        and l.created_at >= ${lo}::timestamptz and l.created_at < ${hi}::timestamptz
        and ${day} between ${q.from}::date and ${q.to}::date
      group by o.account_id, ${day}`),
  );
  return asFacts(rows, 'label_upload');
}

async function mergeItemsMade(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`mi.created_at`, sql`w.timezone`);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select o.account_id, ${dayText(day)} as day, count(distinct mi.id)::int as quantity
      from merge_items mi join warehouses w on w.id = mi.warehouse_id join orders o on o.merge_item_id = mi.id
      where ${inScope(q, sql`o.account_id`)}
        and mi.created_at >= ${lo}::timestamptz and mi.created_at < ${hi}::timestamptz
        and ${day} between ${q.from}::date and ${q.to}::date
      group by o.account_id, ${day}`),
  );
  return asFacts(rows, 'merge_item');
}

/** Every account's facts of the period, per charge type and day. */
export async function dailyFactsOfAccounts(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const parts = [
    shipmentsVerified,
    unitsReceived,
    storageUnitDays,
    occupiedLocationDays,
    ordersShipped,
    labelsUploaded,
    mergeItemsMade,
  ];
  const facts: DailyFact[] = [];
  // One after another: PGlite has one connection (see chargeFacts).
  for (const part of parts) facts.push(...(await part(db, q)));
  return facts;
}

export async function manualChargesOfAccounts(db: Executor, q: UnbilledQuery): Promise<AccountManualCharge[]> {
  const rows = rowsOf<{
    id: number;
    account_id: number;
    day: string;
    description: string;
    quantity: number;
    rate_micros: string;
  }>(
    await db.execute(sql`
      select id, account_id, to_char(charge_date, 'YYYY-MM-DD') as day, description, quantity, rate_micros
      from manual_charges
      where ${inScope(q, sql`account_id`)} and charge_date between ${q.from}::date and ${q.to}::date
      order by charge_date, id`),
  );
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    date: r.day,
    description: r.description,
    quantity: r.quantity,
    rateMicros: Number(r.rate_micros),
  }));
}

/** The accounts in the scope, with their names. */
export async function accountsInScope(db: Executor, q: UnbilledQuery): Promise<{ id: number; name: string }[]> {
  return db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(q.accountScope);
}
