import type { Evidence } from '@wms/contract/billing';
import type { ChargeType } from '@wms/contract/rate-cards';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { shippedLinesAndUnits } from '../../../db/order-shipped-counts';

/** One billable fact: a charge type, the billing day it happened on, how many units, and what it was. */
export interface ChargeFact {
  chargeType: ChargeType;
  date: string;
  quantity: number;
  evidence: Evidence;
}

export interface ManualChargeFact {
  id: number;
  date: string;
  description: string;
  quantity: number;
  rateMicros: number;
}

export interface Period {
  accountId: number;
  from: string;
  to: string;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/**
 * A UTC window surely holding every instant of the period's local days in any zone (zones are within ±14 h of UTC):
 * it lets the indexes on the timestamps narrow the rows before the exact local-day test.
 */
function utcWindow({ from, to }: Period): { lo: string; hi: string; fromHi: string } {
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString();
  // fromHi: after the first local day's start in every zone (the bound an index can use for "before the period").
  return { lo: shift(from, -1), hi: shift(to, 2), fromHi: shift(from, 1) };
}

/** The billing day of a timestamp: its calendar date in the warehouse's time zone. */
const localDay = (at: SQL, timezone: SQL) => sql`(${at} at time zone ${timezone})::date`;
const dayText = (day: SQL) => sql`to_char(${day}, 'YYYY-MM-DD')`;
/** The instant a local day starts in the warehouse's zone. */
const dayStart = (day: SQL, timezone: SQL) => sql`((${day})::timestamp at time zone ${timezone})`;

/** Inbound shipments verified in the period: one fact each. */
export async function shipmentsVerified(db: Executor, p: Period): Promise<ChargeFact[]> {
  const { lo, hi } = utcWindow(p);
  const day = localDay(sql`s.verified_at`, sql`w.timezone`);
  const rows = rowsOf<{ id: number; reference: string; day: string }>(
    await db.execute(sql`
      select s.id, 'Shipment #' || s.id || coalesce(' · ' || s.tracking_number, '') as reference, ${dayText(day)} as day
      from shipments s join warehouses w on w.id = s.warehouse_id
      where s.account_id = ${p.accountId} and s.status = 'verified'
        and s.verified_at >= ${lo}::timestamptz and s.verified_at < ${hi}::timestamptz
        and ${day} between ${p.from}::date and ${p.to}::date
      order by s.verified_at, s.id`),
  );
  return rows.map((r) => ({
    chargeType: 'receiving_shipment',
    date: r.day,
    quantity: 1,
    evidence: { kind: 'shipment', id: r.id, reference: r.reference, date: r.day, quantity: 1 },
  }));
}

/** Units received: the ledger's `receipt` rows, per shipment and day. */
export async function unitsReceived(db: Executor, p: Period): Promise<ChargeFact[]> {
  const { lo, hi } = utcWindow(p);
  const day = localDay(sql`m.created_at`, sql`w.timezone`);
  const rows = rowsOf<{ id: number | null; day: string; units: number }>(
    await db.execute(sql`
      select m.reference_id as id, ${dayText(day)} as day, sum(m.on_hand_delta)::int as units
      from inventory_movements m join warehouses w on w.id = m.warehouse_id
      where m.account_id = ${p.accountId} and m.type = 'receipt'
        and m.created_at >= ${lo}::timestamptz and m.created_at < ${hi}::timestamptz
        and ${day} between ${p.from}::date and ${p.to}::date
      group by m.reference_id, ${day}
      order by ${day}, m.reference_id`),
  );
  return rows
    .filter((r) => r.units > 0)
    .map((r) => ({
      chargeType: 'receiving_unit',
      date: r.day,
      quantity: r.units,
      evidence: { kind: 'receipt', id: r.id, reference: `Shipment #${r.id ?? '?'}`, date: r.day, quantity: r.units },
    }));
}

/**
 * Storage unit-days: for every warehouse where the account has stock history and every day of the period, the
 * account's on-hand balance at the end of that day in the warehouse's zone = Σ on_hand_delta of its ledger rows
 * before the next local midnight. Days without movements carry the previous balance (the running sum over a
 * generated series of days), so a quiet month still bills every day.
 */
export async function storageUnitDays(db: Executor, p: Period): Promise<ChargeFact[]> {
  const { lo, hi, fromHi } = utcWindow(p);
  const rows = rowsOf<{ warehouse_id: number; name: string; day: string; units: number }>(
    await db.execute(sql`
      with wh as (
        select w.id, w.name, w.timezone, ${dayStart(sql`${p.from}::date`, sql`w.timezone`)} as starts
        from warehouses w
        where exists (select 1 from inventory_movements m where m.account_id = ${p.accountId} and m.warehouse_id = w.id)
      ), days as (
        select wh.id as warehouse_id, wh.name, wh.timezone, d::date as day
        from wh cross join generate_series(${p.from}::date, ${p.to}::date, interval '1 day') d
      ), opening as (
        select m.warehouse_id, sum(m.on_hand_delta) as units
        from inventory_movements m join wh on wh.id = m.warehouse_id
        where m.account_id = ${p.accountId} and m.created_at < ${fromHi}::timestamptz and m.created_at < wh.starts
        group by m.warehouse_id
      ), daily as (
        select m.warehouse_id, ${localDay(sql`m.created_at`, sql`wh.timezone`)} as day, sum(m.on_hand_delta) as units
        from inventory_movements m join wh on wh.id = m.warehouse_id
        where m.account_id = ${p.accountId} and m.created_at >= ${lo}::timestamptz and m.created_at < ${hi}::timestamptz
          and m.created_at >= wh.starts
        group by 1, 2
      )
      select d.warehouse_id, d.name, ${dayText(sql`d.day`)} as day,
        (coalesce(o.units, 0) + sum(coalesce(dl.units, 0)) over (partition by d.warehouse_id order by d.day))::int as units
      from days d
      left join opening o on o.warehouse_id = d.warehouse_id
      left join daily dl on dl.warehouse_id = d.warehouse_id and dl.day = d.day
      order by d.day, d.warehouse_id`),
  );
  return rows
    .filter((r) => r.units > 0)
    .map((r) => ({
      chargeType: 'storage_unit_day',
      date: r.day,
      quantity: r.units,
      evidence: { kind: 'storage_day', id: r.warehouse_id, reference: r.name, date: r.day, quantity: r.units },
    }));
}

/**
 * Occupied locations per day, by location type: a location counts for the account on a day when the account's units
 * there at the end of that day (Σ location_delta of its ledger rows, the history of location_stock) are above 0.
 * The ledger rows are summed per location and local day before anything is joined to them, their zone taken from
 * the movement's warehouse (a location's own: the ledger only moves stock within the warehouse of a location), and
 * each zone's period start computed once, not once per ledger row.
 */
export async function occupiedLocationDays(db: Executor, p: Period): Promise<ChargeFact[]> {
  const { lo, hi, fromHi } = utcWindow(p);
  const rows = rowsOf<{ type: string; day: string; locations: number }>(
    await db.execute(sql`
      with zones as materialized (
        select w.id, w.timezone, ${dayStart(sql`${p.from}::date`, sql`w.timezone`)} as starts from warehouses w
      ), locs as (
        select l.id, l.type from locations l
        where exists (select 1 from inventory_movements m where m.account_id = ${p.accountId} and m.location_id = l.id)
      ), days as (
        select locs.id as location_id, locs.type, d::date as day
        from locs cross join generate_series(${p.from}::date, ${p.to}::date, interval '1 day') d
      ), opening as (
        select m.location_id, sum(m.location_delta) as units
        from inventory_movements m join zones z on z.id = m.warehouse_id
        where m.account_id = ${p.accountId} and m.location_id is not null and m.created_at < ${fromHi}::timestamptz
          and m.created_at < z.starts
        group by 1
      ), daily as (
        select m.location_id, ${localDay(sql`m.created_at`, sql`z.timezone`)} as day, sum(m.location_delta) as units
        from inventory_movements m join zones z on z.id = m.warehouse_id
        where m.account_id = ${p.accountId} and m.location_id is not null
          and m.created_at >= ${lo}::timestamptz and m.created_at < ${hi}::timestamptz and m.created_at >= z.starts
        group by 1, 2
      ), balances as (
        select d.type, d.day,
          coalesce(o.units, 0) + sum(coalesce(dl.units, 0)) over (partition by d.location_id order by d.day) as units
        from days d
        left join opening o on o.location_id = d.location_id
        left join daily dl on dl.location_id = d.location_id and dl.day = d.day
      )
      select type, ${dayText(sql`day`)} as day, count(*)::int as locations
      from balances where units > 0 group by type, day order by day, type`),
  );
  return rows.map((r) => ({
    chargeType: `storage_location_day_${r.type}` as ChargeType,
    date: r.day,
    quantity: r.locations,
    evidence: {
      kind: 'location_day',
      id: null,
      reference: `${r.locations} ${r.type} location${r.locations === 1 ? '' : 's'}`,
      date: r.day,
      quantity: r.locations,
    },
  }));
}

/**
 * Orders shipped in the period: per order, per line beyond the first, per unit beyond the first. Each order's lines
 * are counted by its own index lookup (no grouping of 100 000 orders), and orders_account_shipped_idx gives them in
 * the order listed.
 */
export async function ordersShipped(db: Executor, p: Period): Promise<ChargeFact[]> {
  const { lo, hi } = utcWindow(p);
  const day = localDay(sql`o.shipped_at`, sql`w.timezone`);
  const shipped = shippedLinesAndUnits('o');
  const rows = rowsOf<{ id: number; order_number: string; day: string; lines: number; units: number }>(
    await db.execute(sql`
      select o.id, o.order_number, ${dayText(day)} as day, ${shipped.lines} as lines, ${shipped.units} as units
      from orders o join warehouses w on w.id = o.warehouse_id
      where o.account_id = ${p.accountId} and o.lifecycle = 'shipped'
        and o.shipped_at >= ${lo}::timestamptz and o.shipped_at < ${hi}::timestamptz
        and ${day} between ${p.from}::date and ${p.to}::date
      order by o.shipped_at, o.id`),
  );
  return rows.flatMap((r) => {
    const fact = (chargeType: ChargeType, quantity: number): ChargeFact => ({
      chargeType,
      date: r.day,
      quantity,
      evidence: { kind: 'order', id: r.id, reference: r.order_number, date: r.day, quantity },
    });
    return [
      fact('fulfilment_order', 1),
      ...(r.lines > 1 ? [fact('fulfilment_extra_line', r.lines - 1)] : []),
      ...(r.units > 1 ? [fact('fulfilment_extra_unit', r.units - 1)] : []),
    ];
  });
}

/** Labels uploaded to the account's orders in the period (the order's warehouse gives the zone). */
export async function labelsUploaded(db: Executor, p: Period): Promise<ChargeFact[]> {
  const { lo, hi } = utcWindow(p);
  const day = localDay(sql`l.created_at`, sql`w.timezone`);
  const rows = rowsOf<{ id: number; reference: string; day: string }>(
    await db.execute(sql`
      select l.id, o.order_number || ' · ' || l.label_name as reference, ${dayText(day)} as day
      from shipment_labels l join orders o on o.id = l.order_id join warehouses w on w.id = o.warehouse_id
      where o.account_id = ${p.accountId}
        and l.created_at >= ${lo}::timestamptz and l.created_at < ${hi}::timestamptz
        and ${day} between ${p.from}::date and ${p.to}::date
      order by l.created_at, l.id`),
  );
  return rows.map((r) => ({
    chargeType: 'label_upload',
    date: r.day,
    quantity: 1,
    evidence: { kind: 'label', id: r.id, reference: r.reference, date: r.day, quantity: 1 },
  }));
}

/** Merge items made of the account's orders (a merge item holds orders of one account), on the day it was made. */
export async function mergeItemsMade(db: Executor, p: Period): Promise<ChargeFact[]> {
  const { lo, hi } = utcWindow(p);
  const day = localDay(sql`mi.created_at`, sql`w.timezone`);
  const rows = rowsOf<{ id: number; title: string; day: string }>(
    await db.execute(sql`
      select mi.id, mi.title, ${dayText(day)} as day
      from merge_items mi join warehouses w on w.id = mi.warehouse_id
      where exists (select 1 from orders o where o.merge_item_id = mi.id and o.account_id = ${p.accountId})
        and mi.created_at >= ${lo}::timestamptz and mi.created_at < ${hi}::timestamptz
        and ${day} between ${p.from}::date and ${p.to}::date
      order by mi.created_at, mi.id`),
  );
  return rows.map((r) => ({
    chargeType: 'merge_item',
    date: r.day,
    quantity: 1,
    evidence: { kind: 'merge_item', id: r.id, reference: r.title, date: r.day, quantity: 1 },
  }));
}

export async function manualChargeFacts(db: Executor, p: Period): Promise<ManualChargeFact[]> {
  const rows = rowsOf<{ id: number; day: string; description: string; quantity: number; rate_micros: string }>(
    await db.execute(sql`
      select id, to_char(charge_date, 'YYYY-MM-DD') as day, description, quantity, rate_micros
      from manual_charges
      where account_id = ${p.accountId} and charge_date between ${p.from}::date and ${p.to}::date
      order by charge_date, id`),
  );
  return rows.map((r) => ({
    id: r.id,
    date: r.day,
    description: r.description,
    quantity: r.quantity,
    rateMicros: Number(r.rate_micros),
  }));
}
