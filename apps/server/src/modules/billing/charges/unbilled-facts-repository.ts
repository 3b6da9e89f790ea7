import type { ChargeType } from '@wms/contract/rate-cards';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { shippedLinesAndUnits } from '../../../db/order-shipped-counts';
import { accounts } from '../../../db/schema/accounts';
import type { ManualChargeFact } from './charge-facts-repository';

/**
 * Every account's billable facts of a period at once (the billing dashboard's unbilled activity): the
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

/**
 * `zones`: each warehouse with the instant its zone's first day of the period starts (`starts`), the instant the day
 * after the period starts (`ends`: a fact is in the period when `starts <= at < ends`) and the instants every day from
 * the first to the day after the last starts (`bounds`), computed once per warehouse: a ledger row's
 * billing day is then `dayOfBounds` (a binary search among ~30 instants), not a time zone conversion per row (as a
 * join filter or a grouping key that was one for every ledger row of the month). A local day runs from its start to
 * the next day's, so the day found is the row's local date (the rule `starts` already stands on).
 */
const zonesCte = (q: UnbilledQuery) => sql`zones as materialized (
  select id, timezone, ${dayStart(sql`${q.from}::date`, sql`timezone`)} as starts,
    ${dayStart(sql`${q.to}::date + 1`, sql`timezone`)} as ends,
    array(select ${dayStart(sql`d::date`, sql`timezone`)}
      from generate_series(${q.from}::date, ${q.to}::date + 1, interval '1 day') d) as bounds
  from warehouses)`;

/**
 * The billing day of `at` (not before the zone's `starts`) from the zone's `bounds`: each day of the period as it is,
 * and every instant from the start of the day after the period on as that day (the statements leave it out of the
 * days; only the balance counted backwards uses it).
 */
const dayOfBounds = (q: UnbilledQuery, at: SQL, bounds: SQL) =>
  sql`(${q.from}::date + (width_bucket(${at}, ${bounds}) - 1))`;

type Row = { account_id: number; day: string; quantity: number };
const asFacts = (rows: Row[], chargeType: ChargeType): DailyFact[] =>
  rows.map((r) => ({ accountId: r.account_id, chargeType, date: r.day, quantity: r.quantity }));

export async function shipmentsVerified(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
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
export async function unitsReceived(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
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
 * A balance per key (an account's warehouse, an account's location) through the period, from its opening balance
 * (`opening`: key columns and `units`) and its changes per day (`changes`: key columns, `day`, `units`; days after
 * the period may be there, they are left out): the steps `(key, day, until, units)`, each the balance from `day` to
 * the day before `until`, one per day with a change, never one per day of the period (a key without a movement in
 * the period is one step). The days come from the rows, not a series crossed with every key.
 */
const balanceSteps = (q: UnbilledQuery, key: SQL, opening: SQL, changes: SQL) => sql`
  select ${key}, day, lead(day, 1, ${q.to}::date + 1) over step as until, sum(units) over step as units
  from (
    select ${key}, day, sum(units) as units from (
      select ${key}, ${q.from}::date as day, units from (${opening}) o
      union all
      select ${key}, day, units from (${changes}) c where day <= ${q.to}::date
    ) x group by ${key}, day
  ) d
  window step as (partition by ${key} order by day)`;

/**
 * Σ over steps whose balance is positive of `value` (the units, or 1 for an occupied location) per `group` and day
 * of the period, only where positive: each step adds its value on its first day and takes it back on its `until`,
 * and a running sum over the change days gives the figure of every day from one change day to the next.
 */
const positiveStepsPerDay = (q: UnbilledQuery, group: SQL, steps: SQL, value: SQL) => sql`
  select ${group}, ${dayText(sql`d::date`)} as day, r.total::int as quantity from (
    select ${group}, day, sum(delta) over running as total, lead(day, 1, ${q.to}::date + 1) over running as until
    from (
      select ${group}, day, sum(delta) as delta from (
        select ${group}, day, ${value} as delta from (${steps}) s where units > 0
        union all
        select ${group}, until as day, -${value} as delta from (${steps}) s where units > 0 and until <= ${q.to}::date
      ) marks group by ${group}, day
    ) t
    window running as (partition by ${group} order by day)
  ) r cross join lateral generate_series(r.day::timestamp, (r.until - 1)::timestamp, interval '1 day') d
  where r.total > 0`;

/**
 * The period's ledger rows summed per account, `key` column (the warehouse or the location) and billing day
 * (`dayOfBounds` in the zone of the movement's warehouse, the preview's rule: the ledger only moves stock within the
 * warehouse of a location), from the first instant of the period on (later days included: the balances counted
 * backwards need them). Each kind of storage scans the month's rows itself: one statement deriving both (a shared
 * scan) measured more CPU than the two together and, alone on the dashboard's critical path, a slower dashboard on
 * two cores than two statements side by side (bench/history/2026-11-28.md).
 */
const ledgerPerDay = (
  q: UnbilledQuery,
  key: 'warehouse_id' | 'location_id',
  delta: 'on_hand_delta' | 'location_delta',
) => {
  const column = sql.raw(key);
  const units = sql.raw(delta);
  return sql`
    select m.account_id, m.${column}, ${dayOfBounds(q, sql`m.created_at`, sql`w.bounds`)} as day, sum(m.${units}) as units
    from inventory_movements m join zones w on w.id = m.warehouse_id
    where ${inScope(q, sql`m.account_id`)} and m.created_at >= ${utcWindow(q).lo}::timestamptz and m.created_at >= w.starts
      ${key === 'location_id' ? sql`and m.location_id is not null` : sql``}
    group by 1, 2, 3`;
};

/**
 * Storage unit-days by the preview's rule (end-of-day on hand in the warehouse's zone), computed backwards so no
 * statement reads the ledger's whole history: the balance when the period starts = the current on hand
 * (inventories, which always equal the ledger's sums) − every movement since; then each day adds its movements.
 */
export async function storageUnitDays(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const key = sql`account_id, warehouse_id`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with ${zonesCte(q)}, daily as (${ledgerPerDay(q, 'warehouse_id', 'on_hand_delta')}
      ), opening as (
        select ${key}, sum(units) as units from (
          select ${key}, sum(quantity_on_hand) as units from inventories where ${inScope(q, sql`account_id`)}
          group by ${key}
          union all select ${key}, -units from daily
        ) x group by ${key}
      ), steps as materialized (${balanceSteps(q, key, sql`select * from opening`, sql`select * from daily`)})
      ${positiveStepsPerDay(q, sql`account_id`, sql`select * from steps`, sql`units`)}`),
  );
  return asFacts(rows, 'storage_unit_day');
}

/**
 * Occupied locations per day by type, backwards from location_stock (Σ location_delta = location_stock). A location
 * counts from the day its balance turns positive to the day it no longer is: only those days (not every step of every
 * location) mark a change of the number of occupied locations of its type. A location no longer in `locations` is
 * not billed (the preview's join).
 */
export async function occupiedLocationDays(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const key = sql`account_id, location_id`;
  const rows = rowsOf<Row & { type: string }>(
    await db.execute(sql`
      with ${zonesCte(q)}, daily as (${ledgerPerDay(q, 'location_id', 'location_delta')}
      ), opening as (
        select ${key}, sum(units) as units from (
          -- Each stock row's account by primary key (offset 0), not a hash of every inventory row.
          select i.account_id, ls.location_id, ls.quantity as units
          from location_stock ls cross join lateral (
            select account_id from inventories where id = ls.inventory_id offset 0
          ) i
          where ${inScope(q, sql`i.account_id`)}
          union all select ${key}, -units from daily
        ) x group by ${key}
      ), steps as (${balanceSteps(q, key, sql`select * from opening`, sql`select * from daily`)}
      ), marks as (
        select s.account_id, l.type, s.day, sum(case when s.units > 0 then 1 else -1 end) as delta
        from (
          select ${key}, day, units, lag(units, 1, 0) over (partition by ${key} order by day) as before from steps
        ) s join locations l on l.id = s.location_id
        where (s.units > 0) <> (s.before > 0)
        group by 1, 2, 3
      )
      select r.account_id, r.type, ${dayText(sql`d::date`)} as day, r.total::int as quantity from (
        select account_id, type, day, sum(delta) over running as total,
          lead(day, 1, ${q.to}::date + 1) over running as until
        from marks window running as (partition by account_id, type order by day)
      ) r cross join lateral generate_series(r.day::timestamp, (r.until - 1)::timestamp, interval '1 day') d
      where r.total > 0`),
  );
  return rows.map((r) => ({
    accountId: r.account_id,
    chargeType: `storage_location_day_${r.type}` as ChargeType,
    date: r.day,
    quantity: r.quantity,
  }));
}

/** Orders shipped, their lines beyond the first and units beyond the first, per account and day. */
export async function ordersShipped(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`o.shipped_at`, sql`w.timezone`);
  const shipped = shippedLinesAndUnits('o');
  const rows = rowsOf<{ account_id: number; day: string; orders: number; lines: number; units: number }>(
    await db.execute(sql`
      with ${zonesCte(q)}
      select x.account_id, ${dayText(sql`x.day`)} as day, count(*)::int as orders,
        sum(greatest(x.lines - 1, 0))::int as lines, sum(greatest(x.units - 1, 0))::int as units
      from (
        select o.account_id, ${day} as day, ${shipped.lines} as lines, ${shipped.units} as units
        from orders o join zones w on w.id = o.warehouse_id
        where ${inScope(q, sql`o.account_id`)} and o.lifecycle = 'shipped'
          and o.shipped_at >= ${lo}::timestamptz and o.shipped_at < ${hi}::timestamptz
          -- In the period by its zone's bounds: one time zone conversion per order (its day), not three.
          and o.shipped_at >= w.starts and o.shipped_at < w.ends
      ) x group by x.account_id, x.day`),
  );
  // A loop, not flatMap over spread arrays: a month at a million orders has ≈ 6 000 rows, each up to three facts.
  const facts: DailyFact[] = [];
  const add = (accountId: number, chargeType: ChargeType, date: string, quantity: number) => {
    if (quantity > 0) facts.push({ accountId, chargeType, date, quantity });
  };
  for (const r of rows) {
    add(r.account_id, 'fulfilment_order', r.day, r.orders);
    add(r.account_id, 'fulfilment_extra_line', r.day, r.lines);
    add(r.account_id, 'fulfilment_extra_unit', r.day, r.units);
  }
  return facts;
}

/**
 * Labels of the period, each with its order's account and warehouse by primary key: `offset 0` keeps that a lookup
 * per label (≈13 000 a month at a million orders), where the planner chose to hash every order of the database.
 */
export async function labelsUploaded(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`l.created_at`, sql`o.timezone`);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with ${zonesCte(q)}
      select o.account_id, ${dayText(day)} as day, count(*)::int as quantity
      from shipment_labels l cross join lateral (
        select o.account_id, w.timezone, w.starts, w.ends from orders o join zones w on w.id = o.warehouse_id
        where o.id = l.order_id offset 0
      ) o
      where ${inScope(q, sql`o.account_id`)}
        and l.created_at >= ${lo}::timestamptz and l.created_at < ${hi}::timestamptz
        and l.created_at >= o.starts and l.created_at < o.ends
      group by o.account_id, ${day}`),
  );
  return asFacts(rows, 'label_upload');
}

export async function mergeItemsMade(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
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

/** The accounts in the scope, with their names and the distinct time zones of their warehouses (none: []). */
export async function accountsInScope(
  db: Executor,
  q: Pick<UnbilledQuery, 'accountScope'>,
): Promise<{ id: number; name: string; zones: string[] }[]> {
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      // Text, not an array: both drivers read it alike (zone names have no commas). The outer row named in full:
      // drizzle writes a column of a one-table select unqualified, which inside the subquery is another table's.
      zones: sql<string | null>`(select string_agg(distinct w.timezone, ',') from account_warehouses aw
        join warehouses w on w.id = aw.warehouse_id where aw.account_id = "accounts"."id")`,
    })
    .from(accounts)
    .where(q.accountScope);
  return rows.map((row) => ({ id: row.id, name: row.name, zones: row.zones ? row.zones.split(',') : [] }));
}
