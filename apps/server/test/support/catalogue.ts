import { expect } from 'vitest';
import type { TestContext } from './test-app';
import type { Actor } from './world';

let counter = 0;
/** A SKU no other test in the file uses. */
export const uniqueSku = (prefix = 'SKU') => `${prefix}-${++counter}-${Date.now().toString(36)}`;

export async function createProduct(
  ctx: TestContext,
  accountId: number,
  fields: Record<string, unknown> = {},
  actor: Actor = 'admin',
): Promise<{ id: number; sku: string }> {
  const res = await ctx.as(actor, {
    method: 'POST',
    url: '/api/products',
    payload: { sku: uniqueSku(), name: 'Test product', account_id: accountId, ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export async function createInventory(
  ctx: TestContext,
  input: { productId: number; warehouseId: number; accountId: number; onHand: number; reserved?: number },
  actor: Actor = 'admin',
): Promise<{ id: number }> {
  const res = await ctx.as(actor, {
    method: 'POST',
    url: '/api/inventories',
    payload: {
      product_id: input.productId,
      warehouse_id: input.warehouseId,
      account_id: input.accountId,
      quantity_on_hand: input.onHand,
      quantity_reserved: input.reserved ?? 0,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
