import { INVENTORY_MESSAGES, type MovementType } from '@wms/contract/inventory';
import type { Executor } from '../../../db/client';
import { fieldError, notFound } from '../../../http/errors';
import { writeInventoryChanges } from '../../integrations/outbox/outbox-api';
import {
  addLocationStock,
  applyBalanceDeltas,
  applyBalanceDeltasToRows,
  changeLocationStock,
  currentBalance,
  insertMovementRows,
  type LocationFacts,
  type LockedBalance,
  locationFacts,
  locationFactsOf,
  lockBalance,
  lockBalances,
  type MovementRow,
  stockAt,
  stockPlacesInTakeOrder,
  takeAllocatedUnits,
  unassignedLocationId,
} from './ledger-repository';

export interface MovementRequest {
  inventoryId: number;
  type: MovementType;
  onHandDelta: number;
  reservedDelta: number;
  /**
   * Where the units arrive (on hand up) or are taken from (on hand down). Absent: arrivals go to the warehouse's
   * UNASSIGNED location; takings follow the take order (pick, storage, other, UNASSIGNED, quarantine; see
   * stockPlacesInTakeOrder), one ledger row per location taken.
   */
  locationId?: number | null;
  lotId?: number | null;
  /**
   * A taking from several exact places at once (shipping what was picked: the staging location, lot by lot): one
   * movement, one ledger row per place. Their quantities add up to −onHandDelta; refused when a place holds too little.
   */
  places?: readonly { locationId: number; lotId: number | null; quantity: number }[];
  reason?: string | null;
  referenceType?: string | null;
  referenceId?: number | null;
  userId: number | null;
}

export interface Balance {
  quantityOnHand: number;
  quantityReserved: number;
}

/** One location's share of a movement: `delta` units gained (+) or lost (−) at (location, lot). */
export interface Part {
  locationId: number;
  lotId: number | null;
  delta: number;
  quarantine: boolean;
}

/**
 * The one way quantities change (DESIGN §6, §10). The row is locked, the location parts planned, then a single
 * conditional UPDATE applies the deltas only when the result keeps 0 ≤ reserved, 0 ≤ quarantined and
 * reserved + quarantined ≤ on hand; the location stock and the movement rows (one per location, running balances)
 * are written in the same transaction. Reservations alone (no on-hand change) touch no location and skip the plan.
 * Answers null when the movement was refused (the row is missing, the locations hold too little, or the result
 * would break a rule); callers decide what that means. Call it inside a transaction.
 */
export async function moveStock(tx: Executor, movement: MovementRequest): Promise<Balance | null> {
  const { inventoryId, onHandDelta, reservedDelta } = movement;
  let parts: Part[] = [];
  if (onHandDelta !== 0) {
    const row = await lockBalance(tx, inventoryId);
    if (!row) return null;
    const planned = await planParts(tx, inventoryId, row, movement);
    if (!planned) return null;
    parts = planned;
  }
  const quarantined = parts.reduce((sum, p) => sum + (p.quarantine ? p.delta : 0), 0);
  const after = await applyBalanceDeltas(tx, inventoryId, {
    onHand: onHandDelta,
    reserved: reservedDelta,
    quarantined,
  });
  if (!after) return null;
  for (const part of parts)
    await changeLocationStock(tx, { inventoryId, locationId: part.locationId, lotId: part.lotId }, part.delta);
  await insertMovementRows(tx, movementRows(movement, after, parts));
  // The row's new quantities for webhook subscribers, in the same transaction.
  await writeInventoryChanges(tx, [{ inventoryId, ...after }]);
  return { quantityOnHand: after.quantityOnHand, quantityReserved: after.quantityReserved };
}

/** Which locations the on-hand change lands in or comes from; null when they hold too little. */
async function planParts(
  tx: Executor,
  inventoryId: number,
  row: LockedBalance,
  movement: MovementRequest,
): Promise<Part[] | null> {
  const lotId = movement.lotId ?? null;
  if (movement.places && movement.onHandDelta < 0) return exactPlaces(tx, inventoryId, row, movement.places);
  if (movement.locationId != null) {
    const location = await locationInWarehouse(tx, movement.locationId, row.warehouseId);
    if (movement.onHandDelta < 0 && (await stockAt(tx, inventoryId, location.id, lotId)) < -movement.onHandDelta) {
      return null;
    }
    return [
      { locationId: location.id, lotId, delta: movement.onHandDelta, quarantine: location.type === 'quarantine' },
    ];
  }
  if (movement.onHandDelta > 0) {
    const locationId = await unassignedLocationId(tx, row.warehouseId);
    return [{ locationId, lotId, delta: movement.onHandDelta, quarantine: false }];
  }
  // Shipping never takes quarantined units (they are not available; reserved + quarantined ≤ on hand guarantees the
  // rest covers what orders hold). Other takings reach quarantine last.
  let needed = -movement.onHandDelta;
  const parts: Part[] = [];
  for (const place of await stockPlacesInTakeOrder(tx, inventoryId)) {
    if (needed === 0) break;
    if (movement.lotId != null && place.lotId !== movement.lotId) continue;
    const quarantine = place.type === 'quarantine';
    if (quarantine && movement.type === 'ship') continue;
    const taken = Math.min(needed, place.quantity);
    parts.push({ locationId: place.locationId, lotId: place.lotId, delta: -taken, quarantine });
    needed -= taken;
  }
  return needed === 0 ? parts : null;
}

/** The parts of a taking from named places, or null when one of them holds too little. */
async function exactPlaces(
  tx: Executor,
  inventoryId: number,
  row: LockedBalance,
  places: NonNullable<MovementRequest['places']>,
): Promise<Part[] | null> {
  const parts: Part[] = [];
  for (const place of places.filter((p) => p.quantity > 0)) {
    const location = await locationInWarehouse(tx, place.locationId, row.warehouseId);
    if ((await stockAt(tx, inventoryId, location.id, place.lotId)) < place.quantity) return null;
    parts.push({
      locationId: location.id,
      lotId: place.lotId,
      delta: -place.quantity,
      quarantine: location.type === 'quarantine',
    });
  }
  return parts;
}

async function locationInWarehouse(tx: Executor, locationId: number, warehouseId: number) {
  const location = await locationFacts(tx, locationId);
  // Services check the location first (422 with a field message); reaching this is a bug, never silent corruption.
  if (!location || location.warehouseId !== warehouseId) {
    throw new Error(`Location ${locationId} is not in warehouse ${warehouseId}`);
  }
  return location;
}

/**
 * The ledger rows of one movement: one per location part (the first carries the reservation change), running
 * balances after each; a movement without location parts is one row.
 */
export function movementRows(movement: MovementRequest, after: LockedBalance, parts: Part[]): MovementRow[] {
  const common = {
    inventoryId: movement.inventoryId,
    productId: after.productId,
    warehouseId: after.warehouseId,
    accountId: after.accountId,
    type: movement.type,
    reason: movement.reason ?? null,
    referenceType: movement.referenceType ?? null,
    referenceId: movement.referenceId ?? null,
    userId: movement.userId,
  };
  if (parts.length === 0) {
    return [
      {
        ...common,
        onHandDelta: movement.onHandDelta,
        reservedDelta: movement.reservedDelta,
        onHandAfter: after.quantityOnHand,
        reservedAfter: after.quantityReserved,
        lotId: movement.lotId ?? null,
      },
    ];
  }
  let onHand = after.quantityOnHand - movement.onHandDelta;
  let reserved = after.quantityReserved - movement.reservedDelta;
  return parts.map((part, index) => {
    const reservedDelta = index === 0 ? movement.reservedDelta : 0;
    const onHandDelta = movement.type === 'move' ? 0 : part.delta;
    onHand += onHandDelta;
    reserved += reservedDelta;
    return {
      ...common,
      onHandDelta,
      reservedDelta,
      onHandAfter: onHand,
      reservedAfter: reserved,
      locationId: part.locationId,
      lotId: part.lotId,
      locationDelta: part.delta,
      locationPart: index + 1,
    };
  });
}

export interface ReceiptPart {
  /** Null: the warehouse's UNASSIGNED location. */
  locationId: number | null;
  lotId: number | null;
  quantity: number;
}

/** One inventory row's share of a receipt: the (location, lot) places its units go to. */
export interface RowReceipt {
  inventoryId: number;
  parts: readonly ReceiptPart[];
}

/**
 * One `receipt` of several rows (an inbound shipment's lines, putaway), set-based: the rows locked in id
 * order in one statement, the named locations read in one, the balances changed by one conditional UPDATE, the
 * location stock by one upsert, the ledger by one multi-row INSERT (one row per place, each row's first place
 * numbered location part 1, so the ledger's once-per-reference index still applies a row's receipt once) and the
 * outbox by one write. Receiving into quarantine adds to the row's quarantined units. Answers the balances after
 * per row, or null when a row is missing or the change was refused. The caller has checked every location (active,
 * in the rows' warehouse).
 */
export async function receiveIntoLocations(
  tx: Executor,
  receipt: Omit<MovementRequest, 'inventoryId' | 'type' | 'onHandDelta' | 'reservedDelta' | 'locationId' | 'lotId'> & {
    rows: readonly RowReceipt[];
    /** Locations the caller has already read (checking the request): not read again. */
    knownLocations?: ReadonlyMap<number, LocationFacts>;
  },
): Promise<Map<number, Balance> | null> {
  const locked = await lockBalances(
    tx,
    receipt.rows.map((r) => r.inventoryId),
  );
  const balances = new Map(locked.map((row) => [row.id, row]));
  if (receipt.rows.some((r) => !balances.has(r.inventoryId))) return null;
  const wanted = receipt.rows
    .map((r) => ({ inventoryId: r.inventoryId, parts: r.parts.filter((p) => p.quantity > 0) }))
    .filter((r) => r.parts.length > 0);
  const answer = new Map<number, Balance>(locked.map((row) => [row.id, balanceOf(row)]));
  if (wanted.length === 0) return answer;

  const places = await receiptPlaces(tx, wanted, balances, receipt.knownLocations ?? new Map());
  const deltas = wanted.map(({ inventoryId }) => {
    const parts = places.get(inventoryId)!;
    return {
      inventoryId,
      onHand: parts.reduce((sum, p) => sum + p.delta, 0),
      reserved: 0,
      quarantined: parts.reduce((sum, p) => sum + (p.quarantine ? p.delta : 0), 0),
    };
  });
  const after = new Map((await applyBalanceDeltasToRows(tx, deltas)).map((row) => [row.id, row]));
  if (after.size !== deltas.length) return null;

  await addLocationStock(tx, sumPerPlace(wanted, places));
  await insertMovementRows(
    tx,
    deltas.flatMap(({ inventoryId, onHand }) =>
      movementRows(
        { ...receipt, inventoryId, type: 'receipt', onHandDelta: onHand, reservedDelta: 0 },
        after.get(inventoryId)!,
        places.get(inventoryId)!,
      ),
    ),
  );
  await writeInventoryChanges(
    tx,
    [...after.entries()].map(([inventoryId, row]) => ({ inventoryId, ...row })),
  );
  for (const [id, row] of after) answer.set(id, balanceOf(row));
  return answer;
}

const balanceOf = (row: LockedBalance): Balance => ({
  quantityOnHand: row.quantityOnHand,
  quantityReserved: row.quantityReserved,
});

/**
 * The location parts of each row's receipt: the locations named read in one query (UNASSIGNED found, or created,
 * once per warehouse that needs it).
 */
async function receiptPlaces(
  tx: Executor,
  rows: readonly RowReceipt[],
  balances: ReadonlyMap<number, LockedBalance>,
  known: ReadonlyMap<number, LocationFacts>,
): Promise<Map<number, Part[]>> {
  const unassigned = new Map<number, number>();
  for (const { inventoryId, parts } of rows) {
    const { warehouseId } = balances.get(inventoryId)!;
    if (parts.some((p) => p.locationId === null) && !unassigned.has(warehouseId)) {
      unassigned.set(warehouseId, await unassignedLocationId(tx, warehouseId));
    }
  }
  const whereTo = (inventoryId: number, part: ReceiptPart) =>
    part.locationId ?? unassigned.get(balances.get(inventoryId)!.warehouseId)!;
  const named = rows.flatMap(({ inventoryId, parts }) => parts.map((part) => whereTo(inventoryId, part)));
  const facts = new Map([
    ...known,
    ...(await locationFactsOf(
      tx,
      named.filter((id) => !known.has(id)),
    )),
  ]);
  return new Map(
    rows.map(({ inventoryId, parts }) => {
      const { warehouseId } = balances.get(inventoryId)!;
      return [
        inventoryId,
        parts.map((part) => {
          const location = facts.get(whereTo(inventoryId, part));
          // Services check the locations first (422 with a field message); reaching this is a bug, never corruption.
          if (!location || location.warehouseId !== warehouseId) {
            throw new Error(`Location ${whereTo(inventoryId, part)} is not in warehouse ${warehouseId}`);
          }
          return {
            locationId: location.id,
            lotId: part.lotId,
            delta: part.quantity,
            quarantine: location.type === 'quarantine',
          };
        }),
      ];
    }),
  );
}

/** The units added per (row, location, lot): two parts naming one place are one upsert row. */
function sumPerPlace(rows: readonly RowReceipt[], places: ReadonlyMap<number, Part[]>) {
  const sums = new Map<string, { inventoryId: number; locationId: number; lotId: number | null; quantity: number }>();
  for (const { inventoryId } of rows) {
    for (const part of places.get(inventoryId)!) {
      const key = `${inventoryId}:${part.locationId}:${part.lotId}`;
      const sum = sums.get(key) ?? { inventoryId, locationId: part.locationId, lotId: part.lotId, quantity: 0 };
      sum.quantity += part.delta;
      sums.set(key, sum);
    }
  }
  return [...sums.values()];
}

export interface LocationMove {
  inventoryId: number;
  fromLocationId: number;
  toLocationId: number;
  lotId: number | null;
  quantity: number;
  userId: number | null;
  reason?: string | null;
  /** What the move belongs to (a pick task), for the movement history; a plain move by default. */
  referenceType?: string;
  referenceId?: number | null;
}

export type MoveRefusal = 'inventory_missing' | 'source_short' | 'reserved_into_quarantine';

/**
 * A `move`: units of one row (and lot) change location, on hand unchanged. Two ledger rows (−q at the source, +q at
 * the target). Under the row's lock, so parallel moves of one row run one after the other and a location never
 * goes below zero. Quarantine changes with it: moving into quarantine units that orders hold is refused.
 * The caller has checked both locations (active, in the row's warehouse).
 */
export async function moveBetweenLocations(tx: Executor, move: LocationMove): Promise<MoveRefusal | null> {
  const row = await lockBalance(tx, move.inventoryId);
  if (!row) return 'inventory_missing';
  const [from, to] = await Promise.all([
    locationInWarehouse(tx, move.fromLocationId, row.warehouseId),
    locationInWarehouse(tx, move.toLocationId, row.warehouseId),
  ]);
  if ((await stockAt(tx, move.inventoryId, from.id, move.lotId)) < move.quantity) return 'source_short';
  const fromQuarantine = from.type === 'quarantine';
  const toQuarantine = to.type === 'quarantine';
  const quarantined = (toQuarantine ? move.quantity : 0) - (fromQuarantine ? move.quantity : 0);
  const after = await applyBalanceDeltas(tx, move.inventoryId, { onHand: 0, reserved: 0, quarantined });
  if (!after) return 'reserved_into_quarantine';
  const parts: Part[] = [
    { locationId: from.id, lotId: move.lotId, delta: -move.quantity, quarantine: fromQuarantine },
    { locationId: to.id, lotId: move.lotId, delta: move.quantity, quarantine: toQuarantine },
  ];
  for (const part of parts)
    await changeLocationStock(
      tx,
      { inventoryId: move.inventoryId, locationId: part.locationId, lotId: part.lotId },
      part.delta,
    );
  await insertMoveRows(tx, move, after, parts);
  // A move into or out of quarantine changes what is available.
  if (quarantined !== 0) await writeInventoryChanges(tx, [{ inventoryId: move.inventoryId, ...after }]);
  return null;
}

/** The ledger rows of a move between two places: one per part, the row's balance unchanged. */
async function insertMoveRows(
  tx: Executor,
  move: LocationMove,
  balance: Parameters<typeof movementRows>[1],
  parts: Part[],
): Promise<void> {
  await insertMovementRows(
    tx,
    movementRows(
      {
        inventoryId: move.inventoryId,
        type: 'move',
        onHandDelta: 0,
        reservedDelta: 0,
        reason: move.reason ?? null,
        referenceType: move.referenceType ?? 'move',
        referenceId: move.referenceId ?? null,
        userId: move.userId,
      },
      balance,
      parts,
    ),
  );
}

export interface AllocatedMove extends LocationMove {
  /** The lot the units were allocated in (the picked lot may be a substitute). */
  allocatedLotId: number | null;
  /** Units allocated at the source to release (the task's quantity; more than `quantity` on a short pick). */
  allocated: number;
}

/**
 * A pick's move: units allocated at the source leave it for a staging location, the allocation released in the same
 * UPDATE that takes them (a separate release and take would each lock and read the place again). Two ledger rows
 * as moveBetweenLocations. Neither place is quarantine (allocation never uses one; staging is none) and both are in
 * the row's warehouse (the task's location and the wave's staging location): the caller knows them, so they are
 * not read again.
 */
export async function moveAllocatedUnits(tx: Executor, move: AllocatedMove): Promise<MoveRefusal | null> {
  // The row's lock, taken as every move takes it (its balance unchanged, its updated_at as any move leaves it).
  const row = await applyBalanceDeltas(tx, move.inventoryId, { onHand: 0, reserved: 0, quarantined: 0 });
  if (!row) return 'inventory_missing';
  const from = { inventoryId: move.inventoryId, locationId: move.fromLocationId };
  if (move.allocatedLotId === move.lotId) {
    if (!(await takeAllocatedUnits(tx, { ...from, lotId: move.lotId }, move.quantity, move.allocated))) {
      return 'source_short';
    }
  } else {
    // A substitute lot: the allocated lot's units are released, the substitute's free units taken.
    if (!(await takeAllocatedUnits(tx, { ...from, lotId: move.allocatedLotId }, 0, move.allocated))) {
      return 'source_short';
    }
    if (!(await takeAllocatedUnits(tx, { ...from, lotId: move.lotId }, move.quantity, 0))) return 'source_short';
  }
  if (move.quantity === 0) return null;
  await changeLocationStock(
    tx,
    { inventoryId: move.inventoryId, locationId: move.toLocationId, lotId: move.lotId },
    move.quantity,
  );
  const parts: Part[] = [
    { locationId: move.fromLocationId, lotId: move.lotId, delta: -move.quantity, quarantine: false },
    { locationId: move.toLocationId, lotId: move.lotId, delta: move.quantity, quarantine: false },
  ];
  await insertMoveRows(tx, move, row, parts);
  return null;
}

/** `moveStock` for the inventory screens: a refusal becomes the 404 or the field error the form shows. */
export async function applyMovement(tx: Executor, movement: MovementRequest): Promise<Balance> {
  const balance = await moveStock(tx, movement);
  if (!balance) throw await refusalReason(tx, movement);
  return balance;
}

/** Explains a refused movement against the row as it is now (only reached on refusal, so the extra read is rare). */
async function refusalReason(tx: Executor, movement: MovementRequest): Promise<Error> {
  const current = await currentBalance(tx, movement.inventoryId);
  if (!current) return notFound(INVENTORY_MESSAGES.notFound);
  const onHand = current.quantityOnHand + movement.onHandDelta;
  const reserved = current.quantityReserved + movement.reservedDelta;
  const field = movement.onHandDelta !== 0 ? 'quantity_on_hand' : 'quantity_reserved';
  if (onHand < 0) return fieldError(movementField(movement, field), INVENTORY_MESSAGES.belowZeroOnHand);
  if (reserved < 0) return fieldError(movementField(movement, field), INVENTORY_MESSAGES.belowZeroReserved);
  if (movement.locationId != null && movement.onHandDelta < 0 && onHand >= reserved + current.quantityQuarantined) {
    return fieldError(movementField(movement, field), INVENTORY_MESSAGES.locationShort);
  }
  // A taking limited to one lot (no location named) that the lot's units cannot cover.
  if (movement.lotId != null && movement.onHandDelta < 0 && onHand >= reserved + current.quantityQuarantined) {
    return fieldError(movementField(movement, field), INVENTORY_MESSAGES.lotShort);
  }
  if (movement.onHandDelta < 0 && onHand < reserved + current.quantityQuarantined && onHand >= reserved) {
    return fieldError(movementField(movement, field), INVENTORY_MESSAGES.onHandBelowQuarantined);
  }
  const message =
    movement.reservedDelta > 0 ? INVENTORY_MESSAGES.reservedExceedsOnHand : INVENTORY_MESSAGES.onHandBelowReserved;
  return fieldError(movementField(movement, field), message);
}

/** Adjustments report on `quantity_change` (the adjust dialog's field); edits on the quantity field itself. */
const movementField = (movement: MovementRequest, field: string) =>
  movement.type === 'adjustment' ? 'quantity_change' : field;
