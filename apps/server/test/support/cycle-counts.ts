import { expect } from 'vitest';
import { stockedProduct } from './orders';
import type { TestContext } from './test-app';
import type { Actor } from './world';

/** Helpers of the cycle count tests: bins, stock in them, and the count's calls. */

let binCounter = 0;

/** A fresh bin of Alpha (or another warehouse) in `zone`, answering its id and code. */
export async function bin(ctx: TestContext, warehouseId: number, zone: string, type = 'storage') {
  const code = `${zone}-${String(++binCounter).padStart(3, '0')}`;
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/locations`,
    payload: { code, zone, type },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().location.id as number, code };
}

/** A product of `accountId` with `units` lying in one bin (and nothing elsewhere). */
export async function stockIn(
  ctx: TestContext,
  place: { warehouseId: number; accountId: number; locationId: number },
  units: number,
  fields: Record<string, unknown> = {},
) {
  const stock = await stockedProduct(ctx, place.accountId, place.warehouseId, 0, fields);
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/inventories/${stock.inventoryId}/adjust`,
    payload: { type: 'on_hand', quantity_change: units, reason: 'stock for a count', location_id: place.locationId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return stock;
}

export const createCount = (ctx: TestContext, payload: Record<string, unknown>, actor: Actor = 'manager') =>
  ctx.as(actor, { method: 'POST', url: '/api/cycle-counts', payload });

export const countLine = (
  ctx: TestContext,
  id: number,
  payload: { location_code: string; code: string; quantity: number },
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: `/api/cycle-counts/${id}/lines`, payload });

export const countAction = (
  ctx: TestContext,
  id: number,
  action: 'submit' | 'approve' | 'cancel',
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: `/api/cycle-counts/${id}/${action}` });

export const getCount = (ctx: TestContext, id: number, actor: Actor = 'manager') =>
  ctx.as(actor, { method: 'GET', url: `/api/cycle-counts/${id}` });
