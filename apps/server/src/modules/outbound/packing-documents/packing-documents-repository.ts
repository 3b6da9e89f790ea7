import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { files } from '../../../db/schema/files';
import { inventoryLots } from '../../../db/schema/location-stock';
import { orderItems, orders } from '../../../db/schema/orders';
import { cartonItems, cartons } from '../../../db/schema/packing';
import { products } from '../../../db/schema/products';
import { warehouses } from '../../../db/schema/warehouses';
import { orderScope } from '../orders/orders-api';

/**
 * The read model of the packing documents: an order with its account, warehouse and logo, its cartons and their
 * items, and its lines. Documents only read; the packing flow writes cartons.
 */
export async function findDocumentOrder(db: Executor, scope: Scope, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      externalId: orders.externalOrderId,
      customerName: orders.customerName,
      notes: orders.notes,
      warehouseId: orders.warehouseId,
      accountName: accounts.name,
      logoKey: files.storageKey,
      logoType: files.mimeType,
      warehouseName: warehouses.name,
      address: warehouses.address,
      city: warehouses.city,
      state: warehouses.state,
      zipCode: warehouses.zipCode,
      country: warehouses.country,
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .leftJoin(files, eq(files.id, accounts.logoFileId))
    .where(and(eq(orders.id, orderId), orderScope(scope)))
    .limit(1);
  return row;
}
export type DocumentOrderRow = NonNullable<Awaited<ReturnType<typeof findDocumentOrder>>>;

/** The bundle a component line was ordered as (its SKU names the line's bundle on the slip). */
const kitProducts = alias(products, 'kit_product');

/** The order's cartons in number order, each with its items (product and lot). */
export async function cartonsOfOrder(db: Executor, orderId: number) {
  const rows = await db
    .select({
      id: cartons.id,
      number: cartons.number,
      status: cartons.status,
      sscc: cartons.sscc,
      weightG: cartons.weightG,
      orderItemId: cartonItems.orderItemId,
      sku: products.sku,
      name: products.name,
      kitSku: kitProducts.sku,
      lot: inventoryLots.lotCode,
      quantity: cartonItems.quantity,
    })
    .from(cartons)
    .leftJoin(cartonItems, eq(cartonItems.cartonId, cartons.id))
    .leftJoin(orderItems, eq(orderItems.id, cartonItems.orderItemId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(kitProducts, eq(kitProducts.id, orderItems.kitProductId))
    .leftJoin(inventoryLots, eq(inventoryLots.id, cartonItems.lotId))
    .where(eq(cartons.orderId, orderId))
    .orderBy(asc(cartons.number), asc(cartonItems.id));
  return rows;
}

/** The order's lines with their product (ordered quantity, what shipped). */
export async function linesOfOrder(db: Executor, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      sku: products.sku,
      name: products.name,
      kitSku: kitProducts.sku,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(kitProducts, eq(kitProducts.id, orderItems.kitProductId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** A carton when its order is in the caller's scope, with its order's id and how many cartons the order has. */
export async function findCartonInScope(db: Executor, scope: Scope, cartonId: number) {
  const [row] = await db
    .select({
      id: cartons.id,
      orderId: cartons.orderId,
      number: cartons.number,
      status: cartons.status,
      sscc: cartons.sscc,
      weightG: cartons.weightG,
      cartonCount: sql<number>`(select count(*)::int from ${cartons} c where c.order_id = ${cartons.orderId})`,
    })
    .from(cartons)
    .innerJoin(orders, eq(orders.id, cartons.orderId))
    .where(and(eq(cartons.id, cartonId), orderScope(scope)))
    .limit(1);
  return row;
}
