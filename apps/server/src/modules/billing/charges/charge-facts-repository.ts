import type { Evidence } from '@wms/contract/billing';
import type { ChargeType } from '@wms/contract/rate-cards';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import * as rules from './fact-rules-repository';

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

/** The preview's query: this account's facts (the rules of every kind are fact-rules-repository.ts's). */
const ofAccount = ({ accountId, from, to }: Period): rules.FactQuery => ({ accounts: { accountId }, from, to });

/** A one-per-item fact (a shipment, an order, a label, a merge item) as it is listed: in time order, then by id. */
type ItemRow = { id: number; reference: string; day: string };
const itemsInOrder = (db: Executor, rows: SQL) =>
  rules.run<ItemRow>(
    db,
    sql`select r.id, r.reference, ${rules.dayText(sql`r.day`)} as day from (${rows}) r order by r.at, r.id`,
  );

/** Inbound shipments verified in the period: one fact each. */
export async function shipmentsVerified(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await itemsInOrder(db, rules.shipmentsVerifiedRows(ofAccount(p)));
  return rows.map((r) => ({
    chargeType: 'receiving_shipment',
    date: r.day,
    quantity: 1,
    evidence: { kind: 'shipment', id: r.id, reference: r.reference, date: r.day, quantity: 1 },
  }));
}

/** Units received: the ledger's `receipt` rows, per shipment and day. */
export async function unitsReceived(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<{ id: number | null; day: string; units: number }>(
    db,
    sql`select r.id, ${rules.dayText(sql`r.day`)} as day, r.units
      from (${rules.unitsReceivedRows(ofAccount(p))}) r order by r.day, r.id`,
  );
  return rows.map((r) => ({
    chargeType: 'receiving_unit',
    date: r.day,
    quantity: r.units,
    evidence: { kind: 'receipt', id: r.id, reference: `Shipment #${r.id ?? '?'}`, date: r.day, quantity: r.units },
  }));
}

/** Returns received: one fact each, its first unit and its extra units priced apart, as 3PLs publish them. */
export async function returnsReceived(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<{ id: number; reference: string; day: string; units: number }>(
    db,
    sql`select r.id, r.reference, ${rules.dayText(sql`r.day`)} as day, r.units
      from (${rules.returnsReceivedRows(ofAccount(p))}) r order by r.at, r.id`,
  );
  return rows.flatMap((r) => {
    const fact = (chargeType: ChargeType, quantity: number): ChargeFact => ({
      chargeType,
      date: r.day,
      quantity,
      evidence: { kind: 'return', id: r.id, reference: r.reference, date: r.day, quantity },
    });
    return [
      fact('return_received', 1),
      ...(r.units > 0 ? [fact('return_first_unit', 1)] : []),
      ...(r.units > 1 ? [fact('return_extra_unit', r.units - 1)] : []),
    ];
  });
}

/** Returned units released from quarantine (inspected), per return and day. */
export async function returnUnitsInspected(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<{ id: number; reference: string; day: string; units: number }>(
    db,
    sql`select r.id, r.reference, ${rules.dayText(sql`r.day`)} as day, r.units
      from (${rules.returnUnitsInspectedRows(ofAccount(p))}) r order by r.day, r.id`,
  );
  return rows.map((r) => ({
    chargeType: 'return_unit_inspected',
    date: r.day,
    quantity: r.units,
    evidence: { kind: 'return', id: r.id, reference: r.reference, date: r.day, quantity: r.units },
  }));
}

/** Storage unit-days per warehouse where the account has stock (the units at the end of each day of the period). */
export async function storageUnitDays(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<{ warehouse_id: number; name: string; day: string; units: number }>(
    db,
    sql`select s.warehouse_id, w.name, s.day, s.quantity as units
      from (${rules.storageUnitDaysRows(ofAccount(p), { perWarehouse: true })}) s
      join warehouses w on w.id = s.warehouse_id
      order by s.day, s.warehouse_id`,
  );
  return rows.map((r) => ({
    chargeType: 'storage_unit_day',
    date: r.day,
    quantity: r.units,
    evidence: { kind: 'storage_day', id: r.warehouse_id, reference: r.name, date: r.day, quantity: r.units },
  }));
}

/** Occupied locations per day, by location type. */
export async function occupiedLocationDays(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<{ type: string; day: string; locations: number }>(
    db,
    sql`select r.type, r.day, r.quantity as locations
      from (${rules.occupiedLocationDaysRows(ofAccount(p))}) r order by r.day, r.type`,
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

/** Orders shipped in the period: per order, per line beyond the first, per unit beyond the first. */
export async function ordersShipped(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<{ id: number; order_number: string; day: string; lines: number; units: number }>(
    db,
    sql`select r.id, r.order_number, ${rules.dayText(sql`r.day`)} as day, r.lines, r.units
      from (${rules.ordersShippedRows(ofAccount(p))}) r order by r.at, r.id`,
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

/** Kits assembled (or taken apart) by completed work orders: one fact per order, its kits the quantity. */
export async function kitsAssembled(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<{ id: number; reference: string; kind: string; day: string; units: number }>(
    db,
    sql`select r.id, r.reference, r.kind, ${rules.dayText(sql`r.day`)} as day, r.units
      from (${rules.kitsAssembledRows(ofAccount(p))}) r order by r.at, r.id`,
  );
  return rows.map((r) => ({
    chargeType: r.kind === 'build' ? 'kit_assembly' : 'kit_disassembly',
    date: r.day,
    quantity: r.units,
    evidence: { kind: 'kit_work_order', id: r.id, reference: r.reference, date: r.day, quantity: r.units },
  }));
}

/** Bundles on the account's orders shipped in the period: one fact per order, the kits ordered the quantity. */
export async function bundlesShipped(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<{ id: number; order_number: string; day: string; bundles: number }>(
    db,
    sql`select r.id, r.order_number, ${rules.dayText(sql`r.day`)} as day, r.bundles
      from (${rules.bundlesShippedRows(ofAccount(p))}) r order by r.at, r.id`,
  );
  return rows.map((r) => ({
    chargeType: 'bundle_shipped',
    date: r.day,
    quantity: r.bundles,
    evidence: { kind: 'order', id: r.id, reference: r.order_number, date: r.day, quantity: r.bundles },
  }));
}

/** Labels uploaded to the account's orders in the period. */
export async function labelsUploaded(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await itemsInOrder(db, rules.labelsUploadedRows(ofAccount(p)));
  return rows.map((r) => ({
    chargeType: 'label_upload',
    date: r.day,
    quantity: 1,
    evidence: { kind: 'label', id: r.id, reference: r.reference, date: r.day, quantity: 1 },
  }));
}

/** Merge items made of the account's orders, on the day each was made. */
export async function mergeItemsMade(db: Executor, p: Period): Promise<ChargeFact[]> {
  const rows = await rules.run<ItemRow>(
    db,
    sql`select r.id, r.title as reference, ${rules.dayText(sql`r.day`)} as day
      from (${rules.mergeItemsMadeRows(ofAccount(p))}) r order by r.at, r.id`,
  );
  return rows.map((r) => ({
    chargeType: 'merge_item',
    date: r.day,
    quantity: 1,
    evidence: { kind: 'merge_item', id: r.id, reference: r.reference, date: r.day, quantity: 1 },
  }));
}

export async function manualChargeFacts(db: Executor, p: Period): Promise<ManualChargeFact[]> {
  const rows = await rules.run<{ id: number; day: string; description: string; quantity: number; rate_micros: string }>(
    db,
    rules.manualChargesRows(ofAccount(p)),
  );
  return rows.map((r) => ({
    id: r.id,
    date: r.day,
    description: r.description,
    quantity: r.quantity,
    rateMicros: Number(r.rate_micros),
  }));
}
