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

/**
 * A lot-tracked product with lots lying in one bin: received through a shipment whose putaway names each lot (the
 * only way stock gets a lot), so the bin holds one location-stock row per lot.
 */
export async function lotsIn(
  ctx: TestContext,
  place: { warehouseId: number; accountId: number; locationId: number },
  lots: { code: string; units: number }[],
) {
  const stock = await stockedProduct(ctx, place.accountId, place.warehouseId, 0, { track_lots: true });
  const units = lots.reduce((sum, lot) => sum + lot.units, 0);
  const announced = await ctx.as('admin', {
    method: 'POST',
    url: '/api/shipments',
    payload: {
      account_id: place.accountId,
      warehouse_id: place.warehouseId,
      lines: [{ product_id: stock.productId, quantity: units }],
    },
  });
  expect(announced.statusCode, announced.body).toBe(201);
  const shipment = announced.json().data as { id: number; lines: { id: number }[] };
  const verified = await ctx.as('admin', {
    method: 'POST',
    url: `/api/shipments/${shipment.id}/verify`,
    payload: {
      lines: [
        {
          line_id: shipment.lines[0]!.id,
          received_quantity: units,
          putaway: lots.map((lot) => ({ location_id: place.locationId, quantity: lot.units, lot_code: lot.code })),
        },
      ],
    },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return stock;
}

export const createCount = (ctx: TestContext, payload: Record<string, unknown>, actor: Actor = 'manager') =>
  ctx.as(actor, { method: 'POST', url: '/api/cycle-counts', payload });

export const countLine = (
  ctx: TestContext,
  id: number,
  payload: { location_code: string; code: string; quantity: number; lot_code?: string; without_lot?: boolean },
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
