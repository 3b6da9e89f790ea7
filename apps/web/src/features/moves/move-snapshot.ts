import type { InventoryMoveInput, LocationStockRow, WarehouseLocationStockRow } from '@wms/contract/location-stock';
import type { QueuedAction } from '../../lib/offline/queued-action';
import type { HeldLocation, HeldLocations } from '../../lib/offline/warehouse-locations-snapshot';

/**
 * What the move flow needs of a location: its code is also its barcode (printed on the bin's label). The held
 * locations, their lookup by code and the scan's verdict (`heldLocation`, `judgeLocation`) are shared with putaway
 * in `lib/offline/warehouse-locations-snapshot.ts`.
 */
export type MoveLocation = HeldLocation;

/**
 * What the move screen keeps on the handheld for a warehouse, read when the screen is opened online: every location
 * (active or not, so an inactive one is named as such offline too) and every (location, inventory row, lot) holding
 * units. `complete`: false when the warehouse held more than the screen reads (offline, a code beyond it reads as
 * unknown; the server still judges the move when it syncs).
 */
export interface MoveSnapshot extends HeldLocations {
  stock: WarehouseLocationStockRow[];
}

/** The move a worker made: the units of one inventory row (and lot) from one location to another. */
export interface HeldMove {
  inventoryId: number;
  fromLocationId: number;
  toLocationId: number;
  lotId: number | null;
  quantity: number;
}

/** What a location holds as the device knows it, ordered as the server answers it (by SKU, row, lot). */
export function heldStockAt(snapshot: MoveSnapshot, locationId: number): LocationStockRow[] {
  return snapshot.stock
    .filter((row) => row.location_id === locationId && row.quantity > 0)
    .sort(
      (a, b) =>
        a.product.sku.localeCompare(b.product.sku) ||
        a.inventory_id - b.inventory_id ||
        (a.lot?.id ?? 0) - (b.lot?.id ?? 0),
    )
    .map(({ location_id: _location, ...row }) => row);
}

const sameRow = (row: WarehouseLocationStockRow, locationId: number, move: HeldMove) =>
  row.location_id === locationId && row.inventory_id === move.inventoryId && (row.lot?.id ?? null) === move.lotId;

/**
 * A move applied to the held stock as the server applies it: the source holds fewer units (its row gone when it
 * is emptied), the target more (a new row when it held none of that inventory row and lot). A move of a row the
 * device does not hold at the source changes nothing here (the server judges it when it syncs).
 */
export function movedInSnapshot(snapshot: MoveSnapshot, move: HeldMove): MoveSnapshot {
  const source = snapshot.stock.find((row) => sameRow(row, move.fromLocationId, move));
  if (!source) return snapshot;
  const taken = Math.min(move.quantity, source.quantity);
  const stock = snapshot.stock
    .map((row) => (row === source ? { ...row, quantity: row.quantity - taken } : row))
    .filter((row) => row.quantity > 0);
  const target = stock.findIndex((row) => sameRow(row, move.toLocationId, move));
  if (target >= 0) stock[target] = { ...stock[target]!, quantity: stock[target]!.quantity + taken };
  else stock.push({ ...source, location_id: move.toLocationId, quantity: taken });
  return { ...snapshot, stock };
}

/** A queued move's path: `/inventories/{inventory}/moves`. */
const MOVE_PATH = /^\/inventories\/(\d+)\/moves$/;

/**
 * The held stock with the moves still queued on the device that it does not show (its remembered copy missed them:
 * a reload right after the move), applied in the order they were made, as `movedInSnapshot` did. A move of stock
 * the snapshot does not hold (another warehouse's) changes nothing.
 */
export function withWaitingMoves(
  snapshot: MoveSnapshot,
  missing: readonly Pick<QueuedAction, 'path' | 'body'>[],
): MoveSnapshot {
  return missing.reduce((held, action) => {
    const [, inventoryId] = MOVE_PATH.exec(action.path) ?? [];
    if (!inventoryId) return held;
    const input = action.body as InventoryMoveInput;
    return movedInSnapshot(held, {
      inventoryId: Number(inventoryId),
      fromLocationId: input.from_location_id,
      toLocationId: input.to_location_id,
      lotId: input.lot_id ?? null,
      quantity: input.quantity,
    });
  }, snapshot);
}
