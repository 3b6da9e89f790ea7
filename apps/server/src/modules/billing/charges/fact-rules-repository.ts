import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { shippedLinesAndUnits } from '../../../db/order-shipped-counts';
import { accounts } from '../../../db/schema/accounts';

/**
 * The one SQL rule of each billable fact kind: which rows of what the warehouse recorded are billed, on which billing
 * day (the calendar date in the zone of the fact's warehouse), and how a stock balance becomes a billed day. Both
 * readers build their statements here, so the per-account preview and invoices (charge-facts-repository.ts, each
 * fact with its evidence) and the all-accounts dashboard (unbilled-facts-repository.ts, facts summed per account and
 * day) cannot bill a different fact; they differ only in how they group or list the same rows.
 */
export interface FactQuery {
  /** Whose facts: one account (a preview, an invoice), or every account meeting a condition on `accounts`. */
  accounts: { accountId: number } | { scope: SQL | undefined };
  from: string;
  to: string;
}

export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

export const run = async <T>(db: Executor, statement: SQL): Promise<T[]> => rowsOf<T>(await db.execute(statement));

/** `column` is one of the query's accounts (no condition at all for callers who see every account). */
function ofAccounts(q: FactQuery, column: SQL): SQL {
  if ('accountId' in q.accounts) return sql`${column} = ${q.accounts.accountId}`;
  const { scope } = q.accounts;
  return scope ? sql`${column} in (select ${accounts.id} from ${accounts} where ${scope})` : sql`true`;
}

/**
 * A UTC window surely holding every instant of the period's local days in any zone (zones are within ±14 h of UTC):
 * it lets the indexes on the timestamps narrow the rows before the exact local-day test.
 */
function utcWindow({ from, to }: FactQuery): { lo: string; hi: string } {
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString();
  return { lo: shift(from, -1), hi: shift(to, 2) };
}

/** The billing day of a timestamp: its calendar date in the warehouse's time zone. */
const localDay = (at: SQL, timezone: SQL) => sql`(${at} at time zone ${timezone})::date`;
export const dayText = (day: SQL) => sql`to_char(${day}, 'YYYY-MM-DD')`;
/** The instant a local day starts in the warehouse's zone. */
const dayStart = (day: SQL, timezone: SQL) => sql`((${day})::timestamp at time zone ${timezone})`;

/**
 * `zones`: each warehouse with the instant its zone's first day of the period starts (`starts`), the instant the day
 * after the period starts (`ends`: a fact is in the period when `starts <= at < ends`) and the instants every day from
 * the first to the day after the last starts (`bounds`), computed once per warehouse: a ledger row's
 * billing day is then `dayOfBounds` (a binary search among ~30 instants), not a time zone conversion per row (as a
 * join filter or a grouping key that was one for every ledger row of the month). A local day runs from its start to
 * the next day's, so the day found is the row's local date (the rule `starts` already stands on).
 */
const zonesCte = (q: FactQuery) => sql`zones as materialized (
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
const dayOfBounds = (q: FactQuery, at: SQL, bounds: SQL) =>
  sql`(${q.from}::date + (width_bucket(${at}, ${bounds}) - 1))`;

/** Inbound shipments verified in the period: `account_id, id, reference, at, day` (a date), one row per shipment. */
export function shipmentsVerifiedRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`s.verified_at`, sql`w.timezone`);
  return sql`
    select s.account_id, s.id, 'Shipment #' || s.id || coalesce(' · ' || s.tracking_number, '') as reference,
      s.verified_at as at, ${day} as day
    from shipments s join warehouses w on w.id = s.warehouse_id
    where ${ofAccounts(q, sql`s.account_id`)} and s.status = 'verified'
      and s.verified_at >= ${lo}::timestamptz and s.verified_at < ${hi}::timestamptz
      and ${day} between ${q.from}::date and ${q.to}::date`;
}

/**
 * Returns received: one row per return whose units arrived (the ledger's `return` rows with units in, naming its
 * lines) per account and `day` of its first arrival, with `units` = the units that entered stock.
 */
export function returnsReceivedRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`min(m.created_at)`, sql`min(w.timezone)`);
  return sql`
    select m.account_id, r.id, r.rma_number as reference, min(m.created_at) as at, ${day} as day,
      sum(m.on_hand_delta)::int as units
    from inventory_movements m
    join return_lines l on l.id = m.reference_id
    join returns r on r.id = l.return_id
    join warehouses w on w.id = m.warehouse_id
    where ${ofAccounts(q, sql`m.account_id`)} and m.type = 'return' and m.reference_type = 'return_line'
      and m.on_hand_delta > 0
      and m.created_at >= ${lo}::timestamptz and m.created_at < ${hi}::timestamptz
    group by m.account_id, r.id, r.rma_number
    having ${day} between ${q.from}::date and ${q.to}::date`;
}

/**
 * Returned units inspected: units a return line released from quarantine (restocked: the `move` rows naming the line
 * with units in; disposed: its `return` rows with units out), per account, return and day.
 */
export function returnUnitsInspectedRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`m.created_at`, sql`w.timezone`);
  return sql`
    select m.account_id, r.id, r.rma_number as reference, ${day} as day,
      sum(case when m.type = 'move' then m.location_delta else -m.on_hand_delta end)::int as units
    from inventory_movements m
    join return_lines l on l.id = m.reference_id
    join returns r on r.id = l.return_id
    join warehouses w on w.id = m.warehouse_id
    where ${ofAccounts(q, sql`m.account_id`)} and m.reference_type = 'return_line'
      and ((m.type = 'move' and m.location_delta > 0) or (m.type = 'return' and m.on_hand_delta < 0))
      and m.created_at >= ${lo}::timestamptz and m.created_at < ${hi}::timestamptz
      and ${day} between ${q.from}::date and ${q.to}::date
    group by 1, 2, 3, 4`;
}

/**
 * Units received: the ledger's `receipt` rows summed per account, shipment (`id`, the reference) and `day`, as
 * `units`; a (shipment, day) whose units come to 0 or less bills nothing.
 */
export function unitsReceivedRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`m.created_at`, sql`w.timezone`);
  return sql`
    select m.account_id, m.reference_id as id, ${day} as day, sum(m.on_hand_delta)::int as units
    from inventory_movements m join warehouses w on w.id = m.warehouse_id
    where ${ofAccounts(q, sql`m.account_id`)} and m.type = 'receipt'
      and m.created_at >= ${lo}::timestamptz and m.created_at < ${hi}::timestamptz
      and ${day} between ${q.from}::date and ${q.to}::date
    group by 1, 2, 3
    having sum(m.on_hand_delta) > 0`;
}

/**
 * A balance per key (an account's warehouse, an account's location) through the period, from its opening balance
 * (`opening`: key columns and `units`) and its changes per day (`changes`: key columns, `day`, `units`; days after
 * the period may be there, they are left out): the steps `(key, day, until, units)`, each the balance from `day` to
 * the day before `until`, one per day with a change, never one per day of the period (a key without a movement in
 * the period is one step). The days come from the rows, not a series crossed with every key.
 */
const balanceSteps = (q: FactQuery, key: SQL, opening: SQL, changes: SQL) => sql`
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
const positiveStepsPerDay = (q: FactQuery, group: SQL, steps: SQL, value: SQL) => sql`
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
 * (`dayOfBounds` in the zone of the movement's warehouse: the ledger only moves stock within the warehouse of a
 * location), from the first instant of the period on: to its end for one account, whose opening balance comes from
 * the ledger before it; with every later day for every account, whose balances are counted backwards from today's
 * stock. Each kind of storage scans the month's rows itself: one statement deriving both (a shared scan) measured
 * more CPU than the two together and, alone on the dashboard's critical path, a slower dashboard on two cores than
 * two statements side by side (bench/README.md).
 */
const ledgerPerDay = (q: FactQuery, key: 'warehouse_id' | 'location_id', delta: 'on_hand_delta' | 'location_delta') => {
  const column = sql.raw(key);
  const units = sql.raw(delta);
  const { lo, hi } = utcWindow(q);
  const untilEnd = forwards(q) ? sql`and m.created_at < ${hi}::timestamptz and m.created_at < w.ends` : sql``;
  return sql`
    select m.account_id, m.${column}, ${dayOfBounds(q, sql`m.created_at`, sql`w.bounds`)} as day, sum(m.${units}) as units
    from inventory_movements m join zones w on w.id = m.warehouse_id
    where ${ofAccounts(q, sql`m.account_id`)} and m.created_at >= ${lo}::timestamptz and m.created_at >= w.starts
      ${untilEnd} ${key === 'location_id' ? sql`and m.location_id is not null` : sql``}
    group by 1, 2, 3`;
};

/**
 * One account's balances count forwards from its ledger (the record an invoice stands on, read by the account's
 * index); every account's count backwards from today's stock, so the dashboard never reads the ledger's whole history.
 * The two agree while the stock tables equal the ledger's sums, as every stock change keeps them
 * (billing-facts-property.test.ts checks both ways over generated histories).
 */
const forwards = (q: FactQuery) => 'accountId' in q.accounts;

/**
 * The balance per `key` (account and warehouse, or account and location) when the period starts, in the zone of
 * its warehouse: forwards, Σ `delta` of the ledger rows before it; backwards, the stock now (`stockNow`: key columns
 * and `units`) less every change since (the `daily` statement's rows).
 */
function openingBalances(q: FactQuery, key: SQL, delta: 'on_hand_delta' | 'location_delta', stockNow: SQL): SQL {
  if (forwards(q)) {
    const fromHi = new Date(Date.parse(`${q.from}T00:00:00Z`) + 86_400_000).toISOString();
    const located = delta === 'location_delta' ? sql`and m.location_id is not null` : sql``;
    // fromHi: after the first local day's start in every zone (the bound an index can use for "before the period").
    return sql`select ${key}, sum(m.${sql.raw(delta)}) as units
      from inventory_movements m join zones w on w.id = m.warehouse_id
      where ${ofAccounts(q, sql`m.account_id`)} and m.created_at < ${fromHi}::timestamptz and m.created_at < w.starts
        ${located}
      group by ${key}`;
  }
  return sql`select ${key}, sum(units) as units from (
      ${stockNow}
      union all select ${key}, -units from daily
    ) x group by ${key}`;
}

/**
 * Storage unit-days: for every day of the period, the account's on-hand units at the end of that day in the
 * warehouse's zone: the balance when the period starts (`openingBalances`; backwards, from inventories), then each
 * day adds its movements. Days without movements carry the previous balance, so a quiet month still bills every day.
 * `account_id[, warehouse_id], day` (text), `quantity`, only where positive: per account, or per account and
 * warehouse (`perWarehouse`: a warehouse's positive balance is what an account's day sums).
 */
export function storageUnitDaysRows(q: FactQuery, { perWarehouse }: { perWarehouse: boolean }): SQL {
  const key = sql`account_id, warehouse_id`;
  return sql`
    with ${zonesCte(q)}, daily as (${ledgerPerDay(q, 'warehouse_id', 'on_hand_delta')}
    ), opening as (${openingBalances(
      q,
      key,
      'on_hand_delta',
      sql`select ${key}, sum(quantity_on_hand) as units from inventories where ${ofAccounts(q, sql`account_id`)}
        group by ${key}`,
    )}
    ), steps as materialized (${balanceSteps(q, key, sql`select * from opening`, sql`select * from daily`)})
    ${positiveStepsPerDay(q, perWarehouse ? key : sql`account_id`, sql`select * from steps`, sql`units`)}`;
}

/**
 * Every stock row's account, location and units now (Σ location_delta of the ledger = location_stock): each stock
 * row's account by primary key (offset 0), not a hash of every inventory row.
 */
const locationStockNow = (q: FactQuery) => sql`select i.account_id, ls.location_id, ls.quantity as units
  from location_stock ls cross join lateral (
    select account_id from inventories where id = ls.inventory_id offset 0
  ) i
  where ${ofAccounts(q, sql`i.account_id`)}`;

/**
 * Occupied locations per day by location type: a location counts for the account on a day when the account's units
 * there at the end of that day (Σ location_delta of its ledger rows) are above 0, from the balance when the period
 * starts (`openingBalances`; backwards, from location_stock). A location counts from the day its balance turns
 * positive to the day it no longer is: only those days (not every step of every location) mark a change of the
 * number of occupied locations of its type. A location no longer in `locations` is not billed. `account_id, type, day` (text), `quantity`.
 */
export function occupiedLocationDaysRows(q: FactQuery): SQL {
  const key = sql`account_id, location_id`;
  return sql`
    with ${zonesCte(q)}, daily as (${ledgerPerDay(q, 'location_id', 'location_delta')}
    ), opening as (${openingBalances(q, key, 'location_delta', locationStockNow(q))}
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
    where r.total > 0`;
}

/**
 * Orders shipped in the period: `account_id, id, order_number, at, day` (a date), `lines` and `units` shipped (its
 * recorded counts, else its lines'), one row per order. In the period by its zone's bounds: one time zone conversion
 * per order (its day), not three.
 */
export function ordersShippedRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  const shipped = shippedLinesAndUnits('o');
  return sql`
    with ${zonesCte(q)}
    select o.account_id, o.id, o.order_number, o.shipped_at as at, ${localDay(sql`o.shipped_at`, sql`w.timezone`)} as day,
      ${shipped.lines} as lines, ${shipped.units} as units
    from orders o join zones w on w.id = o.warehouse_id
    where ${ofAccounts(q, sql`o.account_id`)} and o.lifecycle = 'shipped'
      and o.shipped_at >= ${lo}::timestamptz and o.shipped_at < ${hi}::timestamptz
      and o.shipped_at >= w.starts and o.shipped_at < w.ends`;
}

/**
 * Kits assembled or taken apart: one row per kit work order completed in the period (the ledger's `kit_build` rows
 * naming the order: the day of its completion), `kind` build or disassemble, `units` = the order's kits.
 */
export function kitsAssembledRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`min(m.created_at)`, sql`min(w.timezone)`);
  return sql`
    select m.account_id, o.id, o.number as reference, o.kind, min(m.created_at) as at, ${day} as day,
      o.quantity as units
    from inventory_movements m
    join kit_work_orders o on o.id = m.reference_id
    join warehouses w on w.id = m.warehouse_id
    where ${ofAccounts(q, sql`m.account_id`)} and m.type = 'kit_build' and m.reference_type = 'kit_work_order'
      and m.created_at >= ${lo}::timestamptz and m.created_at < ${hi}::timestamptz
    group by m.account_id, o.id, o.number, o.kind, o.quantity
    having ${day} between ${q.from}::date and ${q.to}::date`;
}

/**
 * Bundles shipped: the orders shipped in the period (as ordersShippedRows) with bundle lines, `bundles` = the kits
 * ordered (a bundle is written as its component lines, each remembering its kit and the kits ordered: per kit, the
 * kits of any one of its components, summed over the bundle lines naming it).
 */
export function bundlesShippedRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  return sql`
    with ${zonesCte(q)}
    select o.account_id, o.id, o.order_number, o.shipped_at as at, ${localDay(sql`o.shipped_at`, sql`w.timezone`)} as day,
      b.bundles
    from orders o join zones w on w.id = o.warehouse_id
    cross join lateral (
      select coalesce(sum(per_kit.kits), 0)::int as bundles from (
        select max(per_component.kits) as kits from (
          select bundle_line.kit_product_id, sum(bundle_line.kit_quantity) as kits from order_items bundle_line
          where bundle_line.order_id = o.id and bundle_line.kit_product_id is not null
          group by bundle_line.kit_product_id, bundle_line.product_id
        ) per_component group by per_component.kit_product_id
      ) per_kit
    ) b
    where ${ofAccounts(q, sql`o.account_id`)} and o.lifecycle = 'shipped' and b.bundles > 0
      and o.shipped_at >= ${lo}::timestamptz and o.shipped_at < ${hi}::timestamptz
      and o.shipped_at >= w.starts and o.shipped_at < w.ends`;
}

/**
 * Labels uploaded to the accounts' orders in the period (the order's warehouse gives the zone): `account_id, id,
 * reference, at, day` (a date). Each label's order by primary key: `offset 0` keeps that a lookup per label (≈13 000
 * a month at a million orders), where the planner chose to hash every order of the database.
 */
export function labelsUploadedRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  return sql`
    with ${zonesCte(q)}
    select o.account_id, l.id, o.order_number || ' · ' || l.label_name as reference, l.created_at as at,
      ${localDay(sql`l.created_at`, sql`o.timezone`)} as day
    from shipment_labels l cross join lateral (
      select o.account_id, o.order_number, w.timezone, w.starts, w.ends from orders o join zones w on w.id = o.warehouse_id
      where o.id = l.order_id offset 0
    ) o
    where ${ofAccounts(q, sql`o.account_id`)}
      and l.created_at >= ${lo}::timestamptz and l.created_at < ${hi}::timestamptz
      and l.created_at >= o.starts and l.created_at < o.ends`;
}

/**
 * Merge items made of the accounts' orders (a merge item holds orders of one account), on the day it was made in its
 * warehouse's zone: `account_id, id, title, at, day` (a date), one row per account and merge item.
 */
export function mergeItemsMadeRows(q: FactQuery): SQL {
  const { lo, hi } = utcWindow(q);
  const day = localDay(sql`mi.created_at`, sql`w.timezone`);
  return sql`
    select distinct o.account_id, mi.id, mi.title, mi.created_at as at, ${day} as day
    from merge_items mi join warehouses w on w.id = mi.warehouse_id join orders o on o.merge_item_id = mi.id
    where ${ofAccounts(q, sql`o.account_id`)}
      and mi.created_at >= ${lo}::timestamptz and mi.created_at < ${hi}::timestamptz
      and ${day} between ${q.from}::date and ${q.to}::date`;
}

/** Manual charges dated in the period: `id, account_id, day` (text), `description, quantity, rate_micros`. */
export function manualChargesRows(q: FactQuery): SQL {
  return sql`
    select id, account_id, ${dayText(sql`charge_date`)} as day, description, quantity, rate_micros
    from manual_charges
    where ${ofAccounts(q, sql`account_id`)} and charge_date between ${q.from}::date and ${q.to}::date
    order by charge_date, id`;
}
