import type { ChargeType } from '@wms/contract/rate-cards';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import type { ManualChargeFact } from './charge-facts-repository';
import * as rules from './fact-rules-repository';

/**
 * Every account's billable facts of a period at once (the billing dashboard's unbilled activity): the same facts,
 * by the same rules (fact-rules-repository.ts), as charge-facts-repository.ts lists for one account, but summed per
 * (account, charge type, billing day), one statement per kind of fact whatever the number of accounts. Pricing per
 * day gives the same lines as the per-account preview (a line is Σ quantity × rate, rounded once), without the
 * evidence.
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

/** The dashboard's query: every account in the caller's scope. */
const ofScope = ({ accountScope, from, to }: UnbilledQuery): rules.FactQuery => ({
  accounts: { scope: accountScope },
  from,
  to,
});

type Row = { account_id: number; day: string; quantity: number };
const asFacts = (rows: Row[], chargeType: ChargeType): DailyFact[] =>
  rows.map((r) => ({ accountId: r.account_id, chargeType, date: r.day, quantity: r.quantity }));

/** One-per-item facts (`rows` with `account_id` and `day`, a date) counted per account and day. */
const countPerDay = (db: Executor, rows: SQL) =>
  rules.run<Row>(
    db,
    sql`select r.account_id, ${rules.dayText(sql`r.day`)} as day, count(*)::int as quantity
      from (${rows}) r group by r.account_id, r.day`,
  );

export async function shipmentsVerified(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  return asFacts(await countPerDay(db, rules.shipmentsVerifiedRows(ofScope(q))), 'receiving_shipment');
}

/** Units received: each (shipment, day)'s positive units, summed per account and day. */
export async function unitsReceived(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const rows = await rules.run<Row>(
    db,
    sql`select r.account_id, ${rules.dayText(sql`r.day`)} as day, sum(r.units)::int as quantity
      from (${rules.unitsReceivedRows(ofScope(q))}) r group by r.account_id, r.day`,
  );
  return asFacts(rows, 'receiving_unit');
}

/** Storage unit-days per account and day (each warehouse's end-of-day on hand, summed). */
export async function storageUnitDays(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const rows = await rules.run<Row>(db, rules.storageUnitDaysRows(ofScope(q), { perWarehouse: false }));
  return asFacts(rows, 'storage_unit_day');
}

/** Occupied locations per account, location type and day. */
export async function occupiedLocationDays(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const rows = await rules.run<Row & { type: string }>(db, rules.occupiedLocationDaysRows(ofScope(q)));
  return rows.map((r) => ({
    accountId: r.account_id,
    chargeType: `storage_location_day_${r.type}` as ChargeType,
    date: r.day,
    quantity: r.quantity,
  }));
}

/** Orders shipped, their lines beyond the first and units beyond the first, per account and day. */
export async function ordersShipped(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const rows = await rules.run<{ account_id: number; day: string; orders: number; lines: number; units: number }>(
    db,
    sql`select x.account_id, ${rules.dayText(sql`x.day`)} as day, count(*)::int as orders,
        sum(greatest(x.lines - 1, 0))::int as lines, sum(greatest(x.units - 1, 0))::int as units
      from (${rules.ordersShippedRows(ofScope(q))}) x group by x.account_id, x.day`,
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

export async function labelsUploaded(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  return asFacts(await countPerDay(db, rules.labelsUploadedRows(ofScope(q))), 'label_upload');
}

export async function mergeItemsMade(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  return asFacts(await countPerDay(db, rules.mergeItemsMadeRows(ofScope(q))), 'merge_item');
}

export async function manualChargesOfAccounts(db: Executor, q: UnbilledQuery): Promise<AccountManualCharge[]> {
  const rows = await rules.run<{
    id: number;
    account_id: number;
    day: string;
    description: string;
    quantity: number;
    rate_micros: string;
  }>(db, rules.manualChargesRows(ofScope(q)));
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

/** Returns received per account and day: one each, their first units and their extra units. */
export async function returnsReceived(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const rows = await rules.run<Row & { first: number; extra: number }>(
    db,
    sql`select r.account_id, ${rules.dayText(sql`r.day`)} as day, count(*)::int as quantity,
        count(*) filter (where r.units > 0)::int as first, coalesce(sum(greatest(r.units - 1, 0)), 0)::int as extra
      from (${rules.returnsReceivedRows(ofScope(q))}) r group by r.account_id, r.day`,
  );
  return [
    ...asFacts(rows, 'return_received'),
    ...asFacts(
      rows.map((r) => ({ ...r, quantity: r.first })),
      'return_first_unit',
    ),
    ...asFacts(
      rows.filter((r) => r.extra > 0).map((r) => ({ ...r, quantity: r.extra })),
      'return_extra_unit',
    ),
  ];
}

/** Returned units released from quarantine per account and day. */
export async function returnUnitsInspected(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const rows = await rules.run<Row>(
    db,
    sql`select r.account_id, ${rules.dayText(sql`r.day`)} as day, sum(r.units)::int as quantity
      from (${rules.returnUnitsInspectedRows(ofScope(q))}) r group by r.account_id, r.day`,
  );
  return asFacts(rows, 'return_unit_inspected');
}

/** Kits assembled and kits taken apart per account and day. */
export async function kitsAssembled(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const rows = await rules.run<Row & { kind: string }>(
    db,
    sql`select r.account_id, r.kind, ${rules.dayText(sql`r.day`)} as day, sum(r.units)::int as quantity
      from (${rules.kitsAssembledRows(ofScope(q))}) r group by r.account_id, r.kind, r.day`,
  );
  return [
    ...asFacts(
      rows.filter((r) => r.kind === 'build'),
      'kit_assembly',
    ),
    ...asFacts(
      rows.filter((r) => r.kind !== 'build'),
      'kit_disassembly',
    ),
  ];
}

/** Bundles on orders shipped per account and day. */
export async function bundlesShipped(db: Executor, q: UnbilledQuery): Promise<DailyFact[]> {
  const rows = await rules.run<Row>(
    db,
    sql`select r.account_id, ${rules.dayText(sql`r.day`)} as day, sum(r.bundles)::int as quantity
      from (${rules.bundlesShippedRows(ofScope(q))}) r group by r.account_id, r.day`,
  );
  return asFacts(rows, 'bundle_shipped');
}
