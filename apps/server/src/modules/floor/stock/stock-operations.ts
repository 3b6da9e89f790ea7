import type { Executor } from '../../../db/client';
import { isUniqueViolation } from '../../../http/database-errors';
import { findInventoryIdsByKeys, insertEmptyInventories, insertEmptyInventory } from './inventory-repository';
import { moveStock, type ReceiptPart, receiveIntoLocations } from './ledger';
import type { LocationFacts } from './ledger-repository';
import { type RowShipment, shipFromRows } from './ledger-shipping';
import { lockStockRows } from './reservation-repository';

/**
 * What orders and inbound shipments do to stock (DESIGN §6). Every operation:
 * - runs inside the caller's transaction (compose with `inTransaction`, which retries deadlocks);
 * - locks the inventory rows it touches in id order first, so two orders over the same products never deadlock
 *   and each sees the other's reservations;
 * - writes every change through the ledger (`moveStock`) with a reference to what caused it;
 * - raises `StockError` (a domain error; the route layer maps it), never an HTTP error.
 * Shipping and receiving are applied once per reference and inventory row: a unique index on the ledger refuses a
 * second `ship` or `receipt` movement, even from another process. Shipping takes units from locations in the take
 * order (pick, storage, …, UNASSIGNED; never quarantine), one ledger row per location; receiving puts them in the
 * named location or UNASSIGNED (ledger.ts). The SQL lives in the repositories.
 */
export interface StockReference {
  referenceType: 'order' | 'shipment';
  referenceId: number;
  userId: number | null;
  reason?: string | null;
}

export type StockErrorCode = 'already_applied' | 'insufficient_on_hand' | 'inventory_missing';

export class StockError extends Error {
  constructor(
    readonly code: StockErrorCode,
    readonly inventoryId: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'StockError';
  }
}

/** Locks the rows (SELECT … FOR UPDATE in id order) and answers their current balances. */
async function lockInventories(tx: Executor, ids: readonly number[]) {
  const rows = await lockStockRows(tx, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      { onHand: r.onHand, reserved: r.reserved, available: r.onHand - r.reserved - r.quarantined },
    ]),
  );
}

export interface ReleaseLine {
  inventoryId: number;
  quantity: number;
}

/** Gives back reservations (cancel, delete, a lowered quantity). Releasing 0 is a no-op. */
export async function releaseStock(tx: Executor, lines: readonly ReleaseLine[], ref: StockReference): Promise<void> {
  const wanted = lines.filter((l) => l.quantity > 0);
  const balances = await lockInventories(
    tx,
    wanted.map((l) => l.inventoryId),
  );
  for (const line of wanted) {
    const balance = balances.get(line.inventoryId);
    if (!balance) continue; // the row was deleted (it had no reservation then): nothing is held there
    const quantity = Math.min(line.quantity, balance.reserved);
    if (quantity === 0) continue;
    await moveStock(tx, {
      inventoryId: line.inventoryId,
      type: 'release',
      onHandDelta: 0,
      reservedDelta: -quantity,
      ...refFields(ref),
    });
    balance.reserved -= quantity;
    balance.available += quantity;
  }
}

/** One row's share of a shipment (the units, the reservation released with them, and where they are taken). */
export type ShipLine = RowShipment;

/**
 * Deducts on hand and releases the line's reservation in one `ship` movement per row (all rows set-based:
 * ledger-shipping.ts), once per reference (a second ship of the same reference raises `already_applied`). Refuses
 * (`insufficient_on_hand`) when on hand cannot cover the units without eating stock other orders have reserved.
 */
export async function shipStock(tx: Executor, lines: readonly ShipLine[], ref: StockReference): Promise<void> {
  const answer = await once(() => shipFromRows(tx, { rows: lines, ...refFields(ref) }));
  if ('refused' in answer) {
    const { code, inventoryId } = answer.refused;
    throw new StockError(
      code,
      inventoryId,
      code === 'inventory_missing' ? 'The inventory row no longer exists' : 'Not enough stock on hand to ship',
    );
  }
}

export interface ReceiveLine {
  productId: number;
  warehouseId: number;
  accountId: number;
  quantity: number;
  /** Where the units are put away (a location of that warehouse); absent: its UNASSIGNED location. */
  locationId?: number | null;
  lotId?: number | null;
}

/**
 * Adds received units to on hand (`receipt`), creating the inventory row when the product has none in that
 * warehouse and account, once per reference. Answers the inventory row id.
 */
export async function receiveStock(tx: Executor, line: ReceiveLine, ref: StockReference): Promise<number> {
  const inventoryId = await ensureInventoryRow(tx, line);
  await lockInventories(tx, [inventoryId]);
  const after = await once(() =>
    moveStock(tx, {
      inventoryId,
      type: 'receipt',
      onHandDelta: line.quantity,
      reservedDelta: 0,
      locationId: line.locationId ?? null,
      lotId: line.lotId ?? null,
      ...refFields(ref),
    }),
  );
  if (!after) throw new StockError('inventory_missing', inventoryId, 'The inventory row no longer exists');
  return inventoryId;
}

/** One product's units received into (location, lot) places. */
export interface ReceivedProduct {
  productId: number;
  parts: readonly ReceiptPart[];
}

/**
 * Adds received units to on hand, several products of one account and warehouse at once into their (location, lot)
 * places (an inbound shipment's lines, putaway): the inventory rows created when missing (one INSERT for
 * all), then one set-based `receipt` (ledger.ts), once per reference and row like `receiveStock`. Answers the
 * inventory row id per product.
 */
export async function receiveStockIntoLocations(
  tx: Executor,
  place: { warehouseId: number; accountId: number },
  products: readonly ReceivedProduct[],
  ref: StockReference,
  /** The locations the caller has read checking the request (not read again). */
  knownLocations?: ReadonlyMap<number, LocationFacts>,
): Promise<Map<number, number>> {
  const rowOf = await ensureInventoryRows(
    tx,
    place,
    products.map((p) => p.productId),
  );
  const rows = products.map((p) => ({ inventoryId: rowOf.get(p.productId)!, parts: p.parts }));
  const after = await once(() => receiveIntoLocations(tx, { rows, knownLocations, ...refFields(ref) }));
  if (!after) throw new StockError('inventory_missing', null, 'An inventory row no longer exists');
  return rowOf;
}

/** The inventory rows of products in one warehouse and account, created empty when missing; by product id. */
async function ensureInventoryRows(
  tx: Executor,
  place: { warehouseId: number; accountId: number },
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const rowOf = new Map((await insertEmptyInventories(tx, place, productIds)).map((r) => [r.productId, r.id]));
  const existing = productIds.filter((id) => !rowOf.has(id));
  if (existing.length > 0) {
    const found = await findInventoryIdsByKeys(
      tx,
      place.warehouseId,
      existing.map((productId) => ({ productId, accountId: place.accountId })),
    );
    for (const row of found) rowOf.set(row.productId, row.id);
  }
  return rowOf;
}

/** The inventory row of a product in a warehouse and account, created empty when there is none. */
export async function ensureInventoryRow(
  tx: Executor,
  key: { productId: number; warehouseId: number; accountId: number },
): Promise<number> {
  return (await insertEmptyInventory(tx, key)).id;
}

/** Inventory row ids for (product, warehouse, account) keys in one query; missing keys are absent. */
export async function findInventoryIds(
  db: Executor,
  warehouseId: number,
  keys: readonly { productId: number; accountId: number }[],
): Promise<Map<string, number>> {
  const rows = await findInventoryIdsByKeys(db, warehouseId, keys);
  return new Map(rows.map((r) => [inventoryKey(r.productId, r.accountId), r.id]));
}

export const inventoryKey = (productId: number, accountId: number) => `${productId}:${accountId}`;

const refFields = (ref: StockReference) => ({
  referenceType: ref.referenceType,
  referenceId: ref.referenceId,
  userId: ref.userId,
  reason: ref.reason ?? null,
});

/** A second ship/receipt of one reference hits the ledger's unique index: that is "already applied". */
async function once<T>(apply: () => Promise<T>): Promise<T> {
  try {
    return await apply();
  } catch (error) {
    if (isUniqueViolation(error)) throw new StockError('already_applied', null, 'Already applied');
    throw error;
  }
}
