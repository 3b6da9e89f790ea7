import { INVENTORY_MESSAGES, type MovementType } from '@wms/contract/inventory';
import type { Executor } from '../../db/client';
import { fieldError, notFound } from '../../http/errors';
import { writeInventoryChanges } from '../webhooks/outbox';
import {
  applyBalanceDeltas,
  changeLocationStock,
  currentBalance,
  insertMovementRows,
  type LockedBalance,
  locationFacts,
  lockBalance,
  type MovementRow,
  stockAt,
  stockPlacesInTakeOrder,
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
interface Part {
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
  // The row's new quantities for webhook subscribers, in the same transaction (issue 21).
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
function movementRows(movement: MovementRequest, after: LockedBalance, parts: Part[]): MovementRow[] {
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

/**
 * One `receipt` of a row into several (location, lot) places (putaway, issue 20): one ledger row per place, the
 * first numbered location part 1, so the ledger's once-per-reference index still applies the receipt once.
 * Receiving into quarantine adds to the row's quarantined units. Answers null when the row is missing.
 * The caller has checked every location (active, in the row's warehouse).
 */
export async function receiveIntoLocations(
  tx: Executor,
  receipt: Omit<MovementRequest, 'type' | 'onHandDelta' | 'reservedDelta' | 'locationId' | 'lotId'> & {
    parts: readonly ReceiptPart[];
  },
): Promise<Balance | null> {
  const wanted = receipt.parts.filter((p) => p.quantity > 0);
  const row = await lockBalance(tx, receipt.inventoryId);
  if (!row || wanted.length === 0) return row ?? null;
  const parts: Part[] = [];
  for (const part of wanted) {
    const locationId = part.locationId ?? (await unassignedLocationId(tx, row.warehouseId));
    const location = await locationInWarehouse(tx, locationId, row.warehouseId);
    parts.push({
      locationId: location.id,
      lotId: part.lotId,
      delta: part.quantity,
      quarantine: location.type === 'quarantine',
    });
  }
  const onHandDelta = parts.reduce((sum, p) => sum + p.delta, 0);
  const quarantined = parts.reduce((sum, p) => sum + (p.quarantine ? p.delta : 0), 0);
  const after = await applyBalanceDeltas(tx, receipt.inventoryId, { onHand: onHandDelta, reserved: 0, quarantined });
  if (!after) return null;
  for (const part of parts)
    await changeLocationStock(
      tx,
      { inventoryId: receipt.inventoryId, locationId: part.locationId, lotId: part.lotId },
      part.delta,
    );
  const movement: MovementRequest = { ...receipt, type: 'receipt', onHandDelta, reservedDelta: 0 };
  await insertMovementRows(tx, movementRows(movement, after, parts));
  await writeInventoryChanges(tx, [{ inventoryId: receipt.inventoryId, ...after }]);
  return { quantityOnHand: after.quantityOnHand, quantityReserved: after.quantityReserved };
}

export interface LocationMove {
  inventoryId: number;
  fromLocationId: number;
  toLocationId: number;
  lotId: number | null;
  quantity: number;
  userId: number | null;
  reason?: string | null;
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
  await insertMovementRows(
    tx,
    movementRows(
      {
        inventoryId: move.inventoryId,
        type: 'move',
        onHandDelta: 0,
        reservedDelta: 0,
        reason: move.reason ?? null,
        referenceType: 'move',
        userId: move.userId,
      },
      after,
      parts,
    ),
  );
  // A move into or out of quarantine changes what is available.
  if (quarantined !== 0) await writeInventoryChanges(tx, [{ inventoryId: move.inventoryId, ...after }]);
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
