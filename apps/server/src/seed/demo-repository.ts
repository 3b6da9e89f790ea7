import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accounts, accountWarehouses } from '../db/schema/accounts';
import { inventories } from '../db/schema/inventory';
import { inventoryLots } from '../db/schema/location-stock';
import { mergeItems, orderItems, orders, shipmentLabels } from '../db/schema/orders';
import { products } from '../db/schema/products';
import { statuses } from '../db/schema/statuses';
import { users } from '../db/schema/users';
import { warehouses } from '../db/schema/warehouses';

/*
 * The demo seed's own SQL: rows it writes straight into the tables (the catalogue the services would otherwise need
 * a request for, back-dated timestamps, a merge item and a label of the demo story) and the lookups between its
 * steps. Quantities still change only through the ledger (the seed calls the stock module for those).
 */

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export const insertWarehouses = (tx: Executor, rows: (typeof warehouses.$inferInsert)[]) =>
  tx.insert(warehouses).values(rows).returning();

export const insertAccounts = (tx: Executor, rows: (typeof accounts.$inferInsert)[]) =>
  tx.insert(accounts).values(rows).returning({ id: accounts.id });

export async function linkAccountWarehouses(tx: Executor, rows: (typeof accountWarehouses.$inferInsert)[]) {
  await tx.insert(accountWarehouses).values(rows);
}

export const insertProducts = (tx: Executor, rows: (typeof products.$inferInsert)[]) =>
  tx.insert(products).values(rows).returning({ id: products.id, sku: products.sku });

export async function insertInventoryRow(tx: Executor, row: typeof inventories.$inferInsert): Promise<number> {
  const [created] = await tx.insert(inventories).values(row).returning({ id: inventories.id });
  return created!.id;
}

/** The inventory row of a product (by SKU, of one account) in one warehouse. */
export async function findInventoryOfSku(tx: Executor, sku: string, accountId: number, warehouseId: number) {
  const [row] = await tx
    .select({ inventoryId: inventories.id, productId: products.id })
    .from(inventories)
    .innerJoin(products, eq(products.id, inventories.productId))
    .where(and(eq(products.sku, sku), eq(products.accountId, accountId), eq(inventories.warehouseId, warehouseId)));
  return row;
}

export async function insertLot(tx: Executor, row: typeof inventoryLots.$inferInsert): Promise<number> {
  const [created] = await tx.insert(inventoryLots).values(row).returning({ id: inventoryLots.id });
  return created!.id;
}

export const productsWithSkus = (db: Executor, skus: string[]) =>
  db
    .select({ id: products.id, sku: products.sku, accountId: products.accountId })
    .from(products)
    .where(inArray(products.sku, skus));

export const allStatuses = (db: Executor) => db.select().from(statuses);

/** Back-dates an order's creation by days (and hours, to keep the demo orders apart). */
export async function backdateOrder(db: Executor, orderId: number, daysAgo: number, hoursAgo: number) {
  await db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(days => ${daysAgo}, hours => ${hoursAgo})` })
    .where(eq(orders.id, orderId));
}

export async function backdateShipping(db: Executor, orderId: number, daysAgo: number) {
  await db
    .update(orders)
    .set({ shippedAt: sql`now() - make_interval(days => ${daysAgo})` })
    .where(eq(orders.id, orderId));
}

/** Marks every line of an order verified in full. */
export async function verifyAllItems(db: Executor, orderId: number, verifier: number) {
  await db
    .update(orderItems)
    .set({ verifiedQuantity: sql`${orderItems.quantity}`, verifiedAt: sql`now()`, verifiedBy: verifier })
    .where(eq(orderItems.orderId, orderId));
}

export async function verifyItemUnits(
  db: Executor,
  orderId: number,
  productId: number,
  units: number,
  verifier: number,
) {
  await db
    .update(orderItems)
    .set({ verifiedQuantity: units, verifiedAt: sql`now()`, verifiedBy: verifier })
    .where(sql`${orderItems.orderId} = ${orderId} and ${orderItems.productId} = ${productId}`);
}

/** A merge item holding these orders. */
export async function insertMergeItem(tx: Executor, row: typeof mergeItems.$inferInsert, orderIds: number[]) {
  const [item] = await tx.insert(mergeItems).values(row).returning({ id: mergeItems.id });
  await tx.update(orders).set({ mergeItemId: item!.id }).where(inArray(orders.id, orderIds));
  return item!.id;
}

export async function insertShipmentLabel(tx: Executor, row: typeof shipmentLabels.$inferInsert) {
  await tx.insert(shipmentLabels).values(row);
}
