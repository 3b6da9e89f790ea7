import type { Executor } from '../../../db/client';
import { writeInventoryChanges } from '../../integrations/outbox/outbox-api';
import { type Balance, type MovementRequest, movementRows, type Part } from './ledger';
import {
  applyBalanceDeltasToRows,
  insertMovementRows,
  type LockedBalance,
  locationFactsOf,
  lockBalances,
  placeKey,
  stockPlacesInTakeOrderOf,
  takeLocationStockAt,
  unallocatedAtPlaces,
} from './ledger-repository';

/** One inventory row's share of a shipment. */
export interface RowShipment {
  inventoryId: number;
  /** Units leaving the warehouse. */
  quantity: number;
  /** Reserved units released by the same movement. */
  reserved: number;
  /** Exactly where the units are taken from (picked units on the staging location, per lot); absent: the take order. */
  places?: readonly { locationId: number; lotId: number | null; quantity: number }[];
}

export type ShipRefusal = { code: 'inventory_missing' | 'insufficient_on_hand'; inventoryId: number };

/**
 * A `ship` of several rows (an order's lines leaving), set-based like receiveIntoLocations: the rows locked in id
 * order in one statement, where the units lie read in one (named places) or two (the take order), the balances
 * changed by one conditional UPDATE, the location stock by one, the ledger by one multi-row INSERT (one row per
 * place, each row's first place numbered location part 1, so the ledger's once-per-reference index applies) and the
 * outbox by one write. Shipping never takes quarantined units. Rows named twice ship once, their units added up.
 * Answers the balances after per row, or the first row refused (missing, or its places or on hand too short) —
 * the caller's transaction must then fail: writes made before the refusal are not undone here.
 */
export async function shipFromRows(
  tx: Executor,
  shipment: Omit<MovementRequest, 'inventoryId' | 'type' | 'onHandDelta' | 'reservedDelta' | 'locationId' | 'lotId'> & {
    rows: readonly RowShipment[];
  },
): Promise<{ balances: Map<number, Balance> } | { refused: ShipRefusal }> {
  const rows = mergeRows(shipment.rows.filter((r) => r.quantity > 0 || r.reserved > 0));
  const locked = new Map((await lockBalances(tx, [...rows.keys()])).map((row) => [row.id, row]));
  const missing = [...rows.keys()].find((id) => !locked.has(id));
  if (missing !== undefined) return { refused: { code: 'inventory_missing', inventoryId: missing } };
  if (rows.size === 0) return { balances: new Map() };

  const planned = await planShipments(tx, rows, locked);
  if ('refused' in planned) return planned;
  const deltas = [...rows.values()].map((row) => ({
    inventoryId: row.inventoryId,
    onHand: -row.quantity,
    reserved: -row.reserved,
    quarantined: planned.get(row.inventoryId)!.reduce((sum, p) => sum + (p.quarantine ? p.delta : 0), 0),
  }));
  const after = new Map((await applyBalanceDeltasToRows(tx, deltas)).map((row) => [row.id, row]));
  const refused = deltas.find((d) => !after.has(d.inventoryId));
  if (refused) return { refused: { code: 'insufficient_on_hand', inventoryId: refused.inventoryId } };
  if (!(await takeLocationStockAt(tx, sumPerPlace(planned)))) {
    // Checked under the rows' locks just before: only a bug gets here.
    throw new Error('Location stock changed under the inventory rows’ locks');
  }
  await insertMovementRows(
    tx,
    deltas.flatMap(({ inventoryId, onHand, reserved }) =>
      movementRows(
        { ...shipment, inventoryId, type: 'ship', onHandDelta: onHand, reservedDelta: reserved },
        after.get(inventoryId)!,
        planned.get(inventoryId)!,
      ),
    ),
  );
  await writeInventoryChanges(
    tx,
    [...after.entries()].map(([inventoryId, row]) => ({ inventoryId, ...row })),
  );
  return {
    balances: new Map(
      [...after].map(([id, row]) => [
        id,
        { quantityOnHand: row.quantityOnHand, quantityReserved: row.quantityReserved },
      ]),
    ),
  };
}

/** Lines naming one row become one shipment of it (one movement per row and reference). */
function mergeRows(rows: readonly RowShipment[]): Map<number, RowShipment> {
  const merged = new Map<number, RowShipment>();
  for (const row of rows) {
    const earlier = merged.get(row.inventoryId);
    if (!earlier) {
      merged.set(row.inventoryId, { ...row, places: row.places ? [...row.places] : undefined });
      continue;
    }
    merged.set(row.inventoryId, {
      inventoryId: row.inventoryId,
      quantity: earlier.quantity + row.quantity,
      reserved: earlier.reserved + row.reserved,
      places: earlier.places || row.places ? [...(earlier.places ?? []), ...(row.places ?? [])] : undefined,
    });
  }
  return merged;
}

/**
 * The location parts of each row's taking: named places checked against what they hold, else the take order
 * (never quarantine). Refused when a row's places hold too little.
 */
async function planShipments(
  tx: Executor,
  rows: ReadonlyMap<number, RowShipment>,
  locked: ReadonlyMap<number, LockedBalance & { id: number }>,
): Promise<Map<number, Part[]> | { refused: ShipRefusal }> {
  const named = [...rows.values()].filter((r) => r.quantity > 0 && r.places);
  const byTakeOrder = [...rows.values()].filter((r) => r.quantity > 0 && !r.places);
  const namedPlaces = named.flatMap((r) =>
    r.places!.filter((p) => p.quantity > 0).map((p) => ({ ...p, inventoryId: r.inventoryId })),
  );
  const [facts, free, ordered] = [
    await locationFactsOf(
      tx,
      namedPlaces.map((p) => p.locationId),
    ),
    await unallocatedAtPlaces(tx, namedPlaces),
    await stockPlacesInTakeOrderOf(
      tx,
      byTakeOrder.map((r) => r.inventoryId),
    ),
  ];
  for (const row of named) {
    // Named places are the whole taking (what was picked for the line): anything else is a caller's bug.
    if (row.places!.reduce((sum, p) => sum + p.quantity, 0) !== row.quantity) {
      throw new Error(`The places named for inventory ${row.inventoryId} do not add up to ${row.quantity}`);
    }
  }
  const plan = new Map<number, Part[]>([...rows.keys()].map((id) => [id, []]));
  const wantedAt = new Map<string, number>();
  for (const place of namedPlaces) {
    const location = facts.get(place.locationId);
    // Services name places of the order's own picks; one outside the row's warehouse is a bug, never corruption.
    if (!location || location.warehouseId !== locked.get(place.inventoryId)!.warehouseId) {
      throw new Error(`Location ${place.locationId} is not in the warehouse of inventory ${place.inventoryId}`);
    }
    const key = placeKey(place);
    wantedAt.set(key, (wantedAt.get(key) ?? 0) + place.quantity);
    if ((free.get(key) ?? 0) < wantedAt.get(key)!) {
      return { refused: { code: 'insufficient_on_hand', inventoryId: place.inventoryId } };
    }
    plan.get(place.inventoryId)!.push({
      locationId: place.locationId,
      lotId: place.lotId,
      delta: -place.quantity,
      quarantine: location.type === 'quarantine',
    });
  }
  for (const row of byTakeOrder) {
    let needed = row.quantity;
    for (const place of ordered.get(row.inventoryId)!) {
      if (needed === 0) break;
      if (place.type === 'quarantine') continue;
      const taken = Math.min(needed, place.quantity);
      plan
        .get(row.inventoryId)!
        .push({ locationId: place.locationId, lotId: place.lotId, delta: -taken, quarantine: false });
      needed -= taken;
    }
    if (needed > 0) return { refused: { code: 'insufficient_on_hand', inventoryId: row.inventoryId } };
  }
  return plan;
}

/** The units taken per place: two parts naming one place are one row of the UPDATE. */
function sumPerPlace(plan: ReadonlyMap<number, Part[]>) {
  const sums = new Map<string, { inventoryId: number; locationId: number; lotId: number | null; quantity: number }>();
  for (const [inventoryId, parts] of plan) {
    for (const part of parts) {
      const key = placeKey({ inventoryId, ...part });
      const sum = sums.get(key) ?? { inventoryId, locationId: part.locationId, lotId: part.lotId, quantity: 0 };
      sum.quantity -= part.delta;
      sums.set(key, sum);
    }
  }
  return [...sums.values()];
}
