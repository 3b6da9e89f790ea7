import { INVENTORY_MESSAGES, type Inventory } from '@wms/contract/inventory';
import {
  type InventoryMoveInput,
  LOCATION_STOCK_MESSAGES,
  type PickSuggestion,
  type ProductLocation,
  type WarehouseLocationStockQuery,
  type WarehouseLocationStockRow,
} from '@wms/contract/location-stock';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { type Page, toPage } from '../../../http/pagination';
import { productResource } from '../../catalogue/products/products-api';
import { ORDER_RESOURCE } from '../../outbound/orders/orders-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { assertWarehouseInScope, getLocation } from '../locations/locations-api';
import {
  findInventory,
  inventoryResource,
  isLotOfProduct,
  locationFacts,
  lockInventory,
  moveBetweenLocations,
  stockAt,
} from '../stock/stock-api';
import {
  linesToPick,
  lotsAtLocation,
  placesOfInventories,
  placesOfInventory,
  placesOfProduct,
  stockOfLocation,
  stockOfWarehouse,
  toPlace,
} from './location-stock-repository';

/**
 * Moves units of one inventory row (and lot) between two locations of its warehouse: scoped
 * like inventory edits (a row out of scope is 404), both locations active and in the row's warehouse (422), the
 * source holding enough (409), and quarantine never taking reserved units (409). One `move` in the ledger (two rows)
 * and an `inventory.moved` event, in one transaction.
 */
export async function moveInventoryStock(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: InventoryMoveInput,
): Promise<Inventory> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const row = await lockInventory(tx, scope, id);
    if (!row) throw notFound(INVENTORY_MESSAGES.notFound);
    const from = await usableLocation(tx, input.from_location_id, row.warehouseId, 'from_location_id');
    const to = await usableLocation(tx, input.to_location_id, row.warehouseId, 'to_location_id');
    if (input.lot_id !== null && !(await isLotOfProduct(tx, input.lot_id, row.productId))) {
      throw fieldError('lot_id', LOCATION_STOCK_MESSAGES.lotInvalid);
    }
    if (input.lot_id === null) await requireLotWhereLotsLie(tx, id, from, input.quantity);
    const refusal = await moveBetweenLocations(tx, {
      inventoryId: id,
      fromLocationId: from.id,
      toLocationId: to.id,
      lotId: input.lot_id,
      quantity: input.quantity,
      userId: auth.user.id,
    });
    if (refusal === 'inventory_missing') throw notFound(INVENTORY_MESSAGES.notFound);
    if (refusal === 'source_short') throw conflict(LOCATION_STOCK_MESSAGES.sourceShort);
    if (refusal === 'reserved_into_quarantine') throw conflict(LOCATION_STOCK_MESSAGES.reservedIntoQuarantine);
    const current = await findInventory(tx, scope, id);
    await recordEvent(tx, {
      kind: 'inventory.moved',
      payload: { sku: current!.product.sku, quantity: input.quantity, from: from.code, to: to.code },
      actorId: auth.user.id,
      subject: { type: 'inventory', id },
      warehouseIds: [row.warehouseId],
      accountIds: [row.accountId],
    });
  });
  const moved = await findInventory(db, scope, id);
  if (!moved) throw notFound(INVENTORY_MESSAGES.notFound);
  return moved;
}

/**
 * Units without a lot are what a move naming no lot takes. When those cannot cover it and the source
 * holds lots of the row, the mover forgot the lot: a 422 on `lot_id` listing the lots there, not a 409 "holds fewer".
 */
async function requireLotWhereLotsLie(
  tx: Executor,
  inventoryId: number,
  from: { id: number; code: string },
  quantity: number,
) {
  const lots = await lotsAtLocation(tx, inventoryId, from.id);
  if (lots.length === 0 || (await stockAt(tx, inventoryId, from.id, null)) >= quantity) return;
  throw fieldError('lot_id', LOCATION_STOCK_MESSAGES.lotRequired(from.code, lots));
}

/** An active location of the warehouse, else a 422 on the field (another warehouse's id reads as invalid). */
async function usableLocation(tx: Executor, locationId: number, warehouseId: number, field: string) {
  const location = await locationFacts(tx, locationId);
  if (!location || location.warehouseId !== warehouseId || !location.isActive) {
    throw fieldError(field, LOCATION_STOCK_MESSAGES.locationInvalid);
  }
  return location;
}

/** Where an inventory row's units lie (404 out of scope). */
export async function inventoryLocations(db: Executor, auth: RequestAuth, id: number) {
  await requireAccess(db, await auth.scope(), inventoryResource, id);
  return (await placesOfInventory(db, id)).map(toPlace);
}

/** What a location holds (404 unless the location is in the caller's warehouses). */
export async function locationStock(db: Database, auth: RequestAuth, locationId: number) {
  await getLocation(db, auth, locationId);
  const rows = await stockOfLocation(db, locationId);
  return rows.map((row) => ({
    inventory_id: row.inventoryId,
    product: { id: row.productId, sku: row.sku, barcode: row.barcode, name: row.name },
    account: { id: row.accountId, name: row.accountName },
    lot: row.lotId === null ? null : { id: row.lotId, code: row.lotCode!, expiry_date: row.lotExpiry },
    quantity: row.quantity,
  }));
}

/**
 * A page of what the warehouse's locations hold (404 unless the warehouse is in the caller's scope): the move
 * screen's snapshot, so a handheld checks scans and applies moves offline as the server would.
 */
export async function warehouseLocationStock(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  page: WarehouseLocationStockQuery,
): Promise<Page<WarehouseLocationStockRow>> {
  await assertWarehouseInScope(db, auth, warehouseId);
  const { rows, total } = await stockOfWarehouse(db, warehouseId, page);
  return toPage(
    rows.map((row) => ({
      location_id: row.locationId,
      inventory_id: row.inventoryId,
      product: { id: row.productId, sku: row.sku, barcode: row.barcode, name: row.name },
      account: { id: row.accountId, name: row.accountName },
      lot: row.lotId === null ? null : { id: row.lotId, code: row.lotCode!, expiry_date: row.lotExpiry },
      quantity: row.quantity,
    })),
    total,
    page,
  );
}

/** Where a product lies in each warehouse the caller sees (404 when the product is out of scope). */
export async function productLocations(db: Executor, auth: RequestAuth, productId: number): Promise<ProductLocation[]> {
  const scope = await auth.scope();
  await requireAccess(db, scope, productResource, productId);
  const rows = await placesOfProduct(db, scope, productId);
  return rows.map((row) => ({
    ...toPlace(row),
    inventory_id: row.inventoryId,
    warehouse: { id: row.warehouseId, name: row.warehouseName, code: row.warehouseCode },
  }));
}

/**
 * For each line of an order still to ship, the locations to take it from: the order shipping takes (pick, storage,
 * …, UNASSIGNED; never quarantine), as many units from each as it holds, until the line is covered.
 */
export async function orderPickSuggestions(
  db: Executor,
  auth: RequestAuth,
  orderId: number,
): Promise<PickSuggestion[]> {
  await requireAccess(db, await auth.scope(), ORDER_RESOURCE, orderId);
  const lines = (await linesToPick(db, orderId)).filter((line) => line.quantity > 0);
  const places = await placesOfInventories(
    db,
    lines.flatMap((line) => (line.inventoryId === null ? [] : [line.inventoryId])),
  );
  // Two lines of one row share its places: the second takes what the first left.
  const left = new Map<string, number>();
  return lines.map((line) => {
    let needed = line.quantity;
    const takes: PickSuggestion['takes'] = [];
    for (const place of line.inventoryId === null ? [] : (places.get(line.inventoryId) ?? [])) {
      if (needed === 0) break;
      if (place.locationType === 'quarantine') continue;
      const key = `${line.inventoryId}:${place.locationId}:${place.lotId}`;
      const available = left.get(key) ?? place.quantity;
      const quantity = Math.min(needed, available);
      if (quantity === 0) continue;
      left.set(key, available - quantity);
      const { location, lot } = toPlace(place);
      takes.push({ location, lot, quantity });
      needed -= quantity;
    }
    return {
      order_item_id: line.orderItemId,
      product_id: line.productId,
      sku: line.sku,
      quantity: line.quantity,
      takes,
      short: needed,
    };
  });
}
