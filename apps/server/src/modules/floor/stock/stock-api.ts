import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { findInventory as findRow, lockInventory as lockRow } from './inventory-repository';
import { moveBetweenLocations } from './ledger';
import { locationFacts as locationRow, unassignedLocationId, stockAt as unitsAt } from './ledger-repository';
import { isLotOfProduct as lotOfProduct } from './lots-repository';

/*
 * What other modules use of stock — the ledger (every quantity change), reservations, lots, inventory rows and their
 * scope. They never import the stock repositories: the functions below stand for the reads they need.
 */

/** An inventory row within the caller's scope, as the API shows it (undefined outside it). */
export const findInventory = (db: Executor, scope: Scope, id: number) => findRow(db, scope, id);

/** An inventory row within the caller's scope, locked for the rest of the transaction. */
export const lockInventory = (tx: Executor, scope: Scope, id: number) => lockRow(tx, scope, id);

/** The units of a row in one place (a location, and a lot or none). */
export const stockAt = (tx: Executor, inventoryId: number, locationId: number, lotId: number | null) =>
  unitsAt(tx, inventoryId, locationId, lotId);

/** A location's facts as the ledger checks them (warehouse, code, type, active), or undefined. */
export const locationFacts = (tx: Executor, locationId: number) => locationRow(tx, locationId);

/** The warehouse's UNASSIGNED location, created when missing (two callers at once get the same one). */
export const unassignedLocation = (tx: Executor, warehouseId: number): Promise<number> =>
  unassignedLocationId(tx, warehouseId);

/** Whether the lot is one of the product's. */
export const isLotOfProduct = (db: Executor, lotId: number, productId: number): Promise<boolean> =>
  lotOfProduct(db, lotId, productId);

export { fillBackorders } from './fill-backorders';
export { inventoryResource, inventoryScopeCondition } from './inventory-scope';
export { isAccountInWarehouse } from './inventory-service';
export { type AllocatedMove, applyMovement, moveAllocatedUnits, moveBetweenLocations, moveStock } from './ledger';
export { lotIdByCode, lotsForReceipt } from './lots';
export { reserveStock } from './reserve-stock';
export {
  ensureInventoryRow,
  findInventoryIds,
  inventoryKey,
  receiveStockIntoLocations,
  releaseStock,
  StockError,
  type StockReference,
  shipStock,
} from './stock-operations';

/**
 * Units of one row and lot change location (two ledger rows naming both locations and the lot), on hand
 * unchanged; only unallocated units move (picking: from a location onto the staging location). Answers why it was
 * refused, or null.
 */
export const moveUnitsBetweenLocations = moveBetweenLocations;
