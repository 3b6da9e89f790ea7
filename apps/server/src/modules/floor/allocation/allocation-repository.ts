import { UNASSIGNED_LOCATION_CODE } from '@wms/contract/locations';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { idArray } from '../../../db/id-array';

/**
 * The SQL of allocation (allocation.ts holds the rule). Allocated units live on location_stock.quantity_allocated,
 * changed only here and only under the inventory rows' locks (the ledger's lock order: inventories by id), so an
 * allocation and a move, adjustment or count of the same row run one after the other.
 */

/** Locks the inventory rows in id order (the order every stock operation locks in, so none deadlock). */
export async function lockInventoryRows(tx: Executor, inventoryIds: readonly number[]): Promise<void> {
  const ids = [...new Set(inventoryIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(sql`select id from inventories where id = any(${idArray(ids)})
    order by id for update`);
}

export interface UsablePlace {
  inventoryId: number;
  locationId: number;
  lotId: number | null;
  /** quantity − allocated: what allocation may still take. */
  free: number;
  locationType: string;
  isUnassigned: boolean;
  walkSequence: number | null;
  sortKey: string;
  code: string;
  zone: string;
  aisle: string | null;
  rack: string | null;
  level: string | null;
  bin: string | null;
  lotCode: string | null;
  /** YYYY-MM-DD or null. */
  expiryDate: string | null;
  /** When the lot was first received (FIFO), ISO; null without a lot. */
  lotReceivedAt: string | null;
}

/**
 * Every place of these rows allocation may take from: active locations of the pick, storage and receiving types
 * (UNASSIGNED included), never quarantine, staging or packing, never a hospital location, with free units. Lot
 * expiry is filtered per order by the rule (it depends on the ship date and the account), not here.
 */
export async function usablePlaces(tx: Executor, inventoryIds: readonly number[]): Promise<UsablePlace[]> {
  const ids = [...new Set(inventoryIds)];
  if (ids.length === 0) return [];
  const result = (await tx.execute(sql`
    select ls.inventory_id, ls.location_id, ls.lot_id, ls.quantity - ls.quantity_allocated as free,
      l.type as location_type, lower(l.code) = lower(${UNASSIGNED_LOCATION_CODE}) as is_unassigned,
      l.walk_sequence, l.sort_key, l.code, l.zone, l.aisle, l.rack, l.level, l.bin,
      lot.lot_code, to_char(lot.expiry_date, 'YYYY-MM-DD') as expiry_date, lot.created_at as lot_received_at
    from location_stock ls
    join locations l on l.id = ls.location_id
    left join inventory_lots lot on lot.id = ls.lot_id
    where ls.inventory_id = any(${idArray(ids)})
      and ls.quantity > ls.quantity_allocated
      and l.is_active and l.hospital_since is null
      and l.type in ('pick', 'storage', 'receiving')
    order by ls.inventory_id, ls.id`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    inventoryId: Number(r.inventory_id),
    locationId: Number(r.location_id),
    lotId: r.lot_id === null ? null : Number(r.lot_id),
    free: Number(r.free),
    locationType: String(r.location_type),
    isUnassigned: Boolean(r.is_unassigned),
    walkSequence: r.walk_sequence === null ? null : Number(r.walk_sequence),
    sortKey: String(r.sort_key),
    code: String(r.code),
    zone: String(r.zone),
    aisle: (r.aisle as string | null) ?? null,
    rack: (r.rack as string | null) ?? null,
    level: (r.level as string | null) ?? null,
    bin: (r.bin as string | null) ?? null,
    lotCode: (r.lot_code as string | null) ?? null,
    expiryDate: (r.expiry_date as string | null) ?? null,
    lotReceivedAt: r.lot_received_at === null ? null : new Date(r.lot_received_at as string).toISOString(),
  }));
}

export interface AllocatedUnits {
  inventoryId: number;
  locationId: number;
  lotId: number | null;
  quantity: number;
}

/** Sums the units per (row, location, lot): one statement may change a row once. */
function perPlace(units: readonly AllocatedUnits[], sign: 1 | -1) {
  const sums = new Map<string, AllocatedUnits>();
  for (const u of units) {
    const key = `${u.inventoryId}:${u.locationId}:${u.lotId}`;
    const sum = sums.get(key) ?? { ...u, quantity: 0 };
    sum.quantity += u.quantity * sign;
    sums.set(key, sum);
  }
  return [...sums.values()].filter((u) => u.quantity !== 0);
}

/**
 * Adds (or with `sign` −1 removes) allocated units, one conditional UPDATE for all places: allocating only within
 * quantity − allocated, releasing never below 0. Answers how many places changed (the caller compares with what it
 * asked, so a refusal is never silent).
 */
export async function changeAllocated(
  tx: Executor,
  units: readonly AllocatedUnits[],
  sign: 1 | -1,
): Promise<{ asked: number; changed: number }> {
  const places = perPlace(units, sign);
  if (places.length === 0) return { asked: 0, changed: 0 };
  const json = JSON.stringify(
    places.map((p) => ({ inventory_id: p.inventoryId, location_id: p.locationId, lot_id: p.lotId, delta: p.quantity })),
  );
  const result = (await tx.execute(sql`
    update location_stock ls set quantity_allocated = ls.quantity_allocated + d.delta, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as d(inventory_id int, location_id int, lot_id int, delta int)
    where ls.inventory_id = d.inventory_id and ls.location_id = d.location_id
      and ls.lot_id is not distinct from d.lot_id
      and ls.quantity_allocated + d.delta between 0 and ls.quantity
    returning ls.id`)) as unknown as { rows: unknown[] };
  return { asked: places.length, changed: result.rows.length };
}
