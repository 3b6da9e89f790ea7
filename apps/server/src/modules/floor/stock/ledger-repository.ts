import { UNASSIGNED_LOCATION_CODE } from '@wms/contract/locations';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { inventories, inventoryMovements } from '../../../db/schema/inventory';
import { locationStock } from '../../../db/schema/location-stock';
import { locations } from '../../../db/schema/locations';
import { takeOrder } from '../../../db/take-order';
import { naturalSortKey } from '../locations/locations-api';

/**
 * The SQL of the movements ledger (ledger.ts holds its rules). Location stock is written only here, and only by the
 * ledger, inside the transaction of the movement it belongs to.
 */

export interface LockedBalance {
  productId: number;
  warehouseId: number;
  accountId: number;
  quantityOnHand: number;
  quantityReserved: number;
  quantityQuarantined: number;
}

const balanceColumns = {
  productId: inventories.productId,
  warehouseId: inventories.warehouseId,
  accountId: inventories.accountId,
  quantityOnHand: inventories.quantityOnHand,
  quantityReserved: inventories.quantityReserved,
  quantityQuarantined: inventories.quantityQuarantined,
};

/** The row's balance, locked: the lock serialises every change of the row's location stock too. */
export async function lockBalance(tx: Executor, inventoryId: number): Promise<LockedBalance | undefined> {
  const [row] = await tx.select(balanceColumns).from(inventories).where(eq(inventories.id, inventoryId)).for('update');
  return row;
}

/** Several rows' balances, locked in id order (the order every stock operation locks in, so none deadlock). */
export async function lockBalances(
  tx: Executor,
  inventoryIds: readonly number[],
): Promise<(LockedBalance & { id: number })[]> {
  const ids = [...new Set(inventoryIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  return tx
    .select({ id: inventories.id, ...balanceColumns })
    .from(inventories)
    .where(inArray(inventories.id, ids))
    .orderBy(asc(inventories.id))
    .for('update');
}

/** The row's balance as it is now (explaining a refusal). */
export async function currentBalance(tx: Executor, inventoryId: number): Promise<LockedBalance | undefined> {
  const [row] = await tx.select(balanceColumns).from(inventories).where(eq(inventories.id, inventoryId));
  return row;
}

/**
 * Applies the deltas only when the result keeps 0 ≤ reserved, 0 ≤ quarantined and reserved + quarantined ≤ on hand
 * (a single conditional UPDATE: concurrent movements never lose an update). Answers the balance after, or undefined
 * when refused.
 */
export async function applyBalanceDeltas(
  tx: Executor,
  inventoryId: number,
  deltas: { onHand: number; reserved: number; quarantined: number },
): Promise<LockedBalance | undefined> {
  const { onHand, reserved, quarantined } = deltas;
  const [row] = await tx
    .update(inventories)
    .set({
      quantityOnHand: sql`${inventories.quantityOnHand} + ${onHand}`,
      quantityReserved: sql`${inventories.quantityReserved} + ${reserved}`,
      quantityQuarantined: sql`${inventories.quantityQuarantined} + ${quarantined}`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${inventories.id} = ${inventoryId}
        and ${inventories.quantityOnHand} + ${onHand} >= 0
        and ${inventories.quantityReserved} + ${reserved} >= 0
        and ${inventories.quantityQuarantined} + ${quarantined} >= 0
        and ${inventories.quantityReserved} + ${reserved} + ${inventories.quantityQuarantined} + ${quarantined}
          <= ${inventories.quantityOnHand} + ${onHand}`,
    )
    .returning(balanceColumns);
  return row;
}

/**
 * applyBalanceDeltas for several rows in one UPDATE, under the same conditions; answers the balances after of the
 * rows changed (a row missing from the answer was refused).
 */
export async function applyBalanceDeltasToRows(
  tx: Executor,
  deltas: readonly { inventoryId: number; onHand: number; reserved: number; quarantined: number }[],
): Promise<(LockedBalance & { id: number })[]> {
  if (deltas.length === 0) return [];
  const values = sql.join(
    deltas.map((d) => sql`(${d.inventoryId}::int, ${d.onHand}::int, ${d.reserved}::int, ${d.quarantined}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    update ${inventories} i set
      quantity_on_hand = i.quantity_on_hand + d.on_hand,
      quantity_reserved = i.quantity_reserved + d.reserved,
      quantity_quarantined = i.quantity_quarantined + d.quarantined,
      updated_at = now()
    from (values ${values}) as d(id, on_hand, reserved, quarantined)
    where i.id = d.id
      and i.quantity_on_hand + d.on_hand >= 0
      and i.quantity_reserved + d.reserved >= 0
      and i.quantity_quarantined + d.quarantined >= 0
      and i.quantity_reserved + d.reserved + i.quantity_quarantined + d.quarantined <= i.quantity_on_hand + d.on_hand
    returning i.id, i.product_id, i.warehouse_id, i.account_id, i.quantity_on_hand, i.quantity_reserved,
      i.quantity_quarantined`)) as unknown as { rows: Record<string, number>[] };
  return result.rows.map((r) => ({
    id: Number(r.id),
    productId: Number(r.product_id),
    warehouseId: Number(r.warehouse_id),
    accountId: Number(r.account_id),
    quantityOnHand: Number(r.quantity_on_hand),
    quantityReserved: Number(r.quantity_reserved),
    quantityQuarantined: Number(r.quantity_quarantined),
  }));
}

export interface StockPlace {
  locationId: number;
  lotId: number | null;
  quantity: number;
  type: string;
}

/** Units of a place that can be taken: those not allocated to open pick tasks. */
const unallocated = sql<number>`${locationStock.quantity} - ${locationStock.quantityAllocated}`.mapWith(Number);

/**
 * Where a row's units lie, in the order stock is taken (shipping, negative adjustments, the pick suggestion):
 * pick locations first, then storage, then the other types, by walk order (walk_sequence, then the code's natural
 * order); UNASSIGNED after those, quarantine last. `quantity` is what may be taken: units allocated to open pick
 * tasks are held for the picker and left out. Call under the row's lock (lockBalance) when taking.
 */
export async function stockPlacesInTakeOrder(tx: Executor, inventoryId: number): Promise<StockPlace[]> {
  return tx
    .select({
      locationId: locationStock.locationId,
      lotId: locationStock.lotId,
      quantity: unallocated,
      type: locations.type,
    })
    .from(locationStock)
    .innerJoin(locations, eq(locations.id, locationStock.locationId))
    .where(
      and(
        eq(locationStock.inventoryId, inventoryId),
        sql`${locationStock.quantity} > ${locationStock.quantityAllocated}`,
      ),
    )
    .orderBy(...takeOrder);
}

/** The units of one (row, location, lot) that may be taken: allocated units are held for open pick tasks. */
export async function stockAt(tx: Executor, inventoryId: number, locationId: number, lotId: number | null) {
  const [row] = await tx
    .select({ quantity: unallocated })
    .from(locationStock)
    .where(
      and(
        eq(locationStock.inventoryId, inventoryId),
        eq(locationStock.locationId, locationId),
        sql`${locationStock.lotId} is not distinct from ${lotId}`,
      ),
    );
  return row?.quantity ?? 0;
}

export interface LocationFacts {
  id: number;
  warehouseId: number;
  code: string;
  type: string;
  isActive: boolean;
}

export async function locationFacts(tx: Executor, locationId: number): Promise<LocationFacts | undefined> {
  const [row] = await tx
    .select({
      id: locations.id,
      warehouseId: locations.warehouseId,
      code: locations.code,
      type: locations.type,
      isActive: locations.isActive,
    })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}

/** Several locations' facts in one query (missing ids are absent from the map). */
export async function locationFactsOf(tx: Executor, locationIds: readonly number[]) {
  const ids = [...new Set(locationIds)];
  if (ids.length === 0) return new Map<number, LocationFacts>();
  const rows: LocationFacts[] = await tx
    .select({
      id: locations.id,
      warehouseId: locations.warehouseId,
      code: locations.code,
      type: locations.type,
      isActive: locations.isActive,
    })
    .from(locations)
    .where(inArray(locations.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The warehouse's UNASSIGNED location, created when missing (a warehouse made before locations existed, or by a
 * path that did not add it): stock that names no location lands there.
 */
export async function unassignedLocationId(tx: Executor, warehouseId: number): Promise<number> {
  const find = () =>
    tx
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(eq(locations.warehouseId, warehouseId), sql`lower(${locations.code}) = lower(${UNASSIGNED_LOCATION_CODE})`),
      );
  const [existing] = await find();
  if (existing) return existing.id;
  await tx
    .insert(locations)
    .values({
      warehouseId,
      code: UNASSIGNED_LOCATION_CODE,
      sortKey: naturalSortKey(UNASSIGNED_LOCATION_CODE),
      zone: 'RECV',
      type: 'receiving',
      walkSequence: 0,
      notes: 'Stock received but not yet put away',
    })
    .onConflictDoNothing();
  const [created] = await find();
  return created!.id;
}

/**
 * Adds `delta` units (negative: takes) at one (row, location, lot); the CHECK refuses a negative quantity and a
 * row reaching 0 is deleted. Only the ledger calls this, under the inventory row's lock.
 */
export async function changeLocationStock(
  tx: Executor,
  place: { inventoryId: number; locationId: number; lotId: number | null },
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  const samePlace = and(
    eq(locationStock.inventoryId, place.inventoryId),
    eq(locationStock.locationId, place.locationId),
    sql`${locationStock.lotId} is not distinct from ${place.lotId}`,
  );
  if (delta > 0) {
    await tx
      .insert(locationStock)
      .values({ ...place, quantity: delta })
      .onConflictDoUpdate({
        target: [locationStock.inventoryId, locationStock.locationId, locationStock.lotId],
        set: { quantity: sql`${locationStock.quantity} + ${delta}`, updatedAt: sql`now()` },
      });
    return;
  }
  // A proposed INSERT row is checked before ON CONFLICT turns it into an update, so taking is a plain UPDATE. It takes
  // only unallocated units: those allocated to open pick tasks are released by the allocation module first (a pick
  // releases and takes its own in one statement: takeAllocatedUnits).
  const [after] = await tx
    .update(locationStock)
    .set({ quantity: sql`${locationStock.quantity} + ${delta}`, updatedAt: sql`now()` })
    .where(and(samePlace, sql`${locationStock.quantity} - ${locationStock.quantityAllocated} >= ${-delta}`))
    .returning({ quantity: locationStock.quantity });
  if (!after)
    throw new Error(`Not enough unallocated stock of inventory ${place.inventoryId} at location ${place.locationId}`);
  if (after.quantity === 0) await tx.delete(locationStock).where(samePlace);
}

/**
 * A pick's taking at one (row, location, lot): `release` units of its allocation released and `take` units taken in
 * one conditional UPDATE, so no other change can take the released units in between; the row stays within
 * 0 ≤ allocated ≤ quantity. Answers false when the place holds less (nothing changed). An emptied place is
 * removed, as changeLocationStock does. Under the inventory row's lock.
 */
export async function takeAllocatedUnits(
  tx: Executor,
  place: { inventoryId: number; locationId: number; lotId: number | null },
  take: number,
  release: number,
): Promise<boolean> {
  const samePlace = and(
    eq(locationStock.inventoryId, place.inventoryId),
    eq(locationStock.locationId, place.locationId),
    sql`${locationStock.lotId} is not distinct from ${place.lotId}`,
  );
  const [after] = await tx
    .update(locationStock)
    .set({
      quantity: sql`${locationStock.quantity} - ${take}`,
      quantityAllocated: sql`${locationStock.quantityAllocated} - ${release}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        samePlace,
        sql`${locationStock.quantityAllocated} >= ${release}`,
        sql`${locationStock.quantity} - ${take} >= ${locationStock.quantityAllocated} - ${release}`,
      ),
    )
    .returning({ quantity: locationStock.quantity });
  if (!after) return false;
  if (after.quantity === 0) await tx.delete(locationStock).where(samePlace);
  return true;
}

/** Rows per multi-row INSERT: well under PostgreSQL's 65 535 bound parameters at ~20 columns a row. */
const INSERT_CHUNK = 1000;

/**
 * Adds units at several (row, location, lot) places in one upsert per chunk (receiving many lines at once). Each
 * place must appear once (one statement cannot update a row twice): the caller sums its parts per place first.
 * Only the ledger calls this, under the inventory rows' locks.
 */
export async function addLocationStock(
  tx: Executor,
  places: readonly { inventoryId: number; locationId: number; lotId: number | null; quantity: number }[],
): Promise<void> {
  const adding = places.filter((p) => p.quantity > 0);
  for (let start = 0; start < adding.length; start += INSERT_CHUNK) {
    await tx
      .insert(locationStock)
      .values(adding.slice(start, start + INSERT_CHUNK))
      .onConflictDoUpdate({
        target: [locationStock.inventoryId, locationStock.locationId, locationStock.lotId],
        set: { quantity: sql`${locationStock.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      });
  }
}

export type MovementRow = typeof inventoryMovements.$inferInsert;

export async function insertMovementRows(tx: Executor, rows: MovementRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx.insert(inventoryMovements).values(rows.slice(start, start + INSERT_CHUNK));
  }
}

/** One (inventory row, location, lot) place, as a map key. */
export const placeKey = (place: { inventoryId: number; locationId: number; lotId: number | null }) =>
  `${place.inventoryId}:${place.locationId}:${place.lotId ?? ''}`;

/** Where several rows' units lie, in the take order per row (stockPlacesInTakeOrder for many rows in one query). */
export async function stockPlacesInTakeOrderOf(
  tx: Executor,
  inventoryIds: readonly number[],
): Promise<Map<number, StockPlace[]>> {
  const ids = [...new Set(inventoryIds)];
  const byRow = new Map<number, StockPlace[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byRow;
  const rows = await tx
    .select({
      inventoryId: locationStock.inventoryId,
      locationId: locationStock.locationId,
      lotId: locationStock.lotId,
      quantity: unallocated,
      type: locations.type,
    })
    .from(locationStock)
    .innerJoin(locations, eq(locations.id, locationStock.locationId))
    .where(
      and(inArray(locationStock.inventoryId, ids), sql`${locationStock.quantity} > ${locationStock.quantityAllocated}`),
    )
    .orderBy(asc(locationStock.inventoryId), ...takeOrder);
  for (const { inventoryId, ...place } of rows) byRow.get(inventoryId)!.push(place);
  return byRow;
}

/** The units that may be taken (not allocated) at several places in one query, by placeKey; a missing place holds 0. */
export async function unallocatedAtPlaces(
  tx: Executor,
  places: readonly { inventoryId: number; locationId: number; lotId: number | null }[],
): Promise<Map<string, number>> {
  if (places.length === 0) return new Map();
  const values = sql.join(
    places.map((p) => sql`(${p.inventoryId}::int, ${p.locationId}::int, ${p.lotId}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    select s.inventory_id, s.location_id, s.lot_id, s.quantity - s.quantity_allocated as quantity
    from (values ${values}) as d(inventory_id, location_id, lot_id)
    join ${locationStock} s on s.inventory_id = d.inventory_id and s.location_id = d.location_id
      and s.lot_id is not distinct from d.lot_id`)) as unknown as { rows: Record<string, number | null>[] };
  return new Map(
    result.rows.map((r) => [
      placeKey({
        inventoryId: Number(r.inventory_id),
        locationId: Number(r.location_id),
        lotId: r.lot_id === null ? null : Number(r.lot_id),
      }),
      Number(r.quantity),
    ]),
  );
}

/**
 * Takes units at several places in one conditional UPDATE (only unallocated units, as changeLocationStock takes),
 * then removes the places it emptied. Each place once (the caller sums per place). Answers false when a place holds
 * less — the caller's transaction must then fail, as nothing is undone here. Under the rows' locks.
 */
export async function takeLocationStockAt(
  tx: Executor,
  places: readonly { inventoryId: number; locationId: number; lotId: number | null; quantity: number }[],
): Promise<boolean> {
  const taking = places.filter((p) => p.quantity > 0);
  if (taking.length === 0) return true;
  const values = sql.join(
    taking.map((p) => sql`(${p.inventoryId}::int, ${p.locationId}::int, ${p.lotId}::int, ${p.quantity}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    update ${locationStock} s set quantity = s.quantity - d.quantity, updated_at = now()
    from (values ${values}) as d(inventory_id, location_id, lot_id, quantity)
    where s.inventory_id = d.inventory_id and s.location_id = d.location_id and s.lot_id is not distinct from d.lot_id
      and s.quantity - s.quantity_allocated >= d.quantity
    returning s.quantity`)) as unknown as { rows: { quantity: number }[] };
  if (result.rows.length !== taking.length) return false;
  if (result.rows.some((r) => Number(r.quantity) === 0)) {
    const ids = [...new Set(taking.map((p) => p.inventoryId))];
    await tx.delete(locationStock).where(and(inArray(locationStock.inventoryId, ids), eq(locationStock.quantity, 0)));
  }
  return true;
}
