import { expect } from 'vitest';
import { createInventory, createProduct } from './catalogue';
import type { TestContext } from './test-app';
import type { Actor } from './world';

let counter = 0;
/** An external order id no other test in the file uses. */
export const uniqueOrderId = (prefix = 'EXT') => `${prefix}-${++counter}-${Date.now().toString(36)}`;

/** A product of the account with `onHand` units in the warehouse (no stock row when onHand is null). */
export async function stockedProduct(
  ctx: TestContext,
  accountId: number,
  warehouseId: number,
  onHand: number | null,
  fields: Record<string, unknown> = {},
) {
  const product = await createProduct(ctx, accountId, fields);
  const inventory =
    onHand === null ? null : await createInventory(ctx, { productId: product.id, warehouseId, accountId, onHand });
  return { ...product, inventoryId: inventory?.id ?? null };
}

export const orderInput = (accountId: number, products: { product_id: number; quantity: number }[], extra = {}) => ({
  account_id: accountId,
  customer_name: 'Jane Customer',
  ship_date: '2026-12-01',
  order_id: uniqueOrderId(),
  notes: null,
  products,
  ...extra,
});

export async function bulkCreate(ctx: TestContext, actor: Actor, warehouseId: number, orders: unknown[]) {
  return ctx.as(actor, { method: 'POST', url: '/api/orders/bulk', payload: { warehouse_id: warehouseId, orders } });
}

export async function createOrdersOk(ctx: TestContext, actor: Actor, warehouseId: number, orders: unknown[]) {
  const res = await bulkCreate(ctx, actor, warehouseId, orders);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
