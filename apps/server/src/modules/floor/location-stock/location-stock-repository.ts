import type { LocationType } from '@wms/contract/locations';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { countExactly, pageOffset } from '../../../db/paging';
import { accounts } from '../../../db/schema/accounts';
import { inventories } from '../../../db/schema/inventory';
import { inventoryLots, locationStock } from '../../../db/schema/location-stock';
import { locations } from '../../../db/schema/locations';
import { orderItems } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { warehouses } from '../../../db/schema/warehouses';
import { takeOrder } from '../../../db/take-order';
import { type PageRequest, totalOfShortPage } from '../../../http/pagination';
import { inventoryScopeCondition } from '../stock/stock-api';

/** Reads of stock per location; every write goes through the ledger. */

const placeColumns = {
  inventoryId: locationStock.inventoryId,
  quantity: locationStock.quantity,
  locationId: locations.id,
  locationCode: locations.code,
  locationZone: locations.zone,
  locationType: locations.type,
  lotId: inventoryLots.id,
  lotCode: inventoryLots.lotCode,
  lotExpiry: inventoryLots.expiryDate,
};

type PlaceRow = {
  quantity: number;
  locationId: number;
  locationCode: string;
  locationZone: string;
  locationType: string;
  lotId: number | null;
  lotCode: string | null;
  lotExpiry: string | null;
};

export const toPlace = (row: PlaceRow) => ({
  location: {
    id: row.locationId,
    code: row.locationCode,
    zone: row.locationZone,
    type: row.locationType as LocationType,
  },
  lot: row.lotId === null ? null : { id: row.lotId, code: row.lotCode!, expiry_date: row.lotExpiry },
  quantity: row.quantity,
});

/** Where one row's units lie, in take order. */
export async function placesOfInventory(db: Executor, inventoryId: number) {
  const rows = await db
    .select(placeColumns)
    .from(locationStock)
    .innerJoin(locations, eq(locations.id, locationStock.locationId))
    .leftJoin(inventoryLots, eq(inventoryLots.id, locationStock.lotId))
    .where(eq(locationStock.inventoryId, inventoryId))
    .orderBy(...takeOrder);
  return rows;
}

/** Where the units of many rows lie, in take order (pick suggestions), grouped by row. */
export async function placesOfInventories(db: Executor, inventoryIds: readonly number[]) {
  if (inventoryIds.length === 0) return new Map<number, PlaceRow[]>();
  const rows = await db
    .select(placeColumns)
    .from(locationStock)
    .innerJoin(locations, eq(locations.id, locationStock.locationId))
    .leftJoin(inventoryLots, eq(inventoryLots.id, locationStock.lotId))
    .where(sql`${locationStock.inventoryId} in (${sql.join([...inventoryIds], sql`, `)})`)
    .orderBy(...takeOrder);
  const byRow = new Map<number, PlaceRow[]>();
  for (const row of rows) byRow.set(row.inventoryId, [...(byRow.get(row.inventoryId) ?? []), row]);
  return byRow;
}

/** The columns of a held-stock row: a location's units of one inventory row and lot, with product, account, lot. */
const heldStockColumns = {
  locationId: locationStock.locationId,
  inventoryId: locationStock.inventoryId,
  quantity: locationStock.quantity,
  productId: products.id,
  sku: products.sku,
  barcode: products.barcode,
  name: products.name,
  accountId: accounts.id,
  accountName: accounts.name,
  lotId: inventoryLots.id,
  lotCode: inventoryLots.lotCode,
  lotExpiry: inventoryLots.expiryDate,
};

/** Rows of `location_stock` with what `heldStockColumns` names, joined; the caller filters and orders. */
function selectHeldStock(db: Executor) {
  return db
    .select(heldStockColumns)
    .from(locationStock)
    .innerJoin(inventories, eq(inventories.id, locationStock.inventoryId))
    .innerJoin(products, eq(products.id, inventories.productId))
    .innerJoin(accounts, eq(accounts.id, inventories.accountId))
    .leftJoin(inventoryLots, eq(inventoryLots.id, locationStock.lotId));
}

/** What one location holds: a row per (inventory row, lot), by SKU. */
export async function stockOfLocation(db: Executor, locationId: number) {
  return selectHeldStock(db)
    .where(eq(locationStock.locationId, locationId))
    .orderBy(asc(products.sku), asc(locationStock.inventoryId), asc(locationStock.lotId));
}

/**
 * A page of what a warehouse's locations hold: a row per (location, inventory row, lot) with units, by location,
 * then SKU (the move screen's snapshot for offline scans). Walks `location_stock` by its location through the
 * warehouse's locations.
 */
export async function stockOfWarehouse(db: Executor, warehouseId: number, page: PageRequest) {
  const where = and(eq(locations.warehouseId, warehouseId), sql`${locationStock.quantity} > 0`);
  const rows = await selectHeldStock(db)
    .innerJoin(locations, eq(locations.id, locationStock.locationId))
    .where(where)
    .orderBy(asc(locationStock.locationId), asc(products.sku), asc(locationStock.inventoryId), asc(locationStock.lotId))
    .limit(page.per_page)
    .offset(pageOffset(page));
  const total =
    totalOfShortPage(rows.length, page) ??
    (await countExactly(
      db,
      db
        .select({ id: locationStock.inventoryId })
        .from(locationStock)
        .innerJoin(locations, eq(locations.id, locationStock.locationId))
        .where(where),
    ));
  return { rows, total };
}

/** The lots of one inventory row lying at one location, with their units (a move must name one). */
export async function lotsAtLocation(db: Executor, inventoryId: number, locationId: number) {
  return db
    .select({ lotId: inventoryLots.id, code: inventoryLots.lotCode, quantity: locationStock.quantity })
    .from(locationStock)
    .innerJoin(inventoryLots, eq(inventoryLots.id, locationStock.lotId))
    .where(
      and(
        eq(locationStock.inventoryId, inventoryId),
        eq(locationStock.locationId, locationId),
        sql`${locationStock.quantity} > 0`,
      ),
    )
    .orderBy(asc(inventoryLots.expiryDate), asc(inventoryLots.lotCode));
}

/** Where a product lies, per warehouse in the caller's scope, in take order within each warehouse. */
export async function placesOfProduct(db: Executor, scope: Scope, productId: number) {
  return db
    .select({
      ...placeColumns,
      warehouseId: warehouses.id,
      warehouseName: warehouses.name,
      warehouseCode: warehouses.code,
    })
    .from(locationStock)
    .innerJoin(inventories, eq(inventories.id, locationStock.inventoryId))
    .innerJoin(warehouses, eq(warehouses.id, inventories.warehouseId))
    .innerJoin(locations, eq(locations.id, locationStock.locationId))
    .leftJoin(inventoryLots, eq(inventoryLots.id, locationStock.lotId))
    .where(and(eq(inventories.productId, productId), inventoryScopeCondition(scope)))
    .orderBy(asc(warehouses.name), asc(warehouses.id), ...takeOrder);
}

/** An order's lines still to ship, with their inventory row. */
export async function linesToPick(db: Executor, orderId: number) {
  return db
    .select({
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      inventoryId: orderItems.inventoryId,
      sku: products.sku,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.quantityShipped}`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}
