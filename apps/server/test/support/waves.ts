import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createInventory, createProduct } from './catalogue';
import { addLotStock } from './lots';
import type { TestContext } from './test-app';
import type { Actor } from './world';

/** Fixtures of the wave tests: locations of a type, stock placed in them, allocation as stored. */

let codeCounter = 0;

/** A fresh location (admin), answering id and code. */
export async function newLocation(
  ctx: TestContext,
  warehouseId: number,
  fields: {
    type?: string;
    walk_sequence?: number | null;
    aisle?: string;
    rack?: string;
    code?: string;
    zone?: string;
  } = {},
): Promise<{ id: number; code: string }> {
  const code = fields.code ?? `WV-${++codeCounter}-${Date.now().toString(36)}`;
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/locations`,
    payload: { zone: 'WV', type: 'storage', ...fields, code },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().location.id, code };
}

/** A product (optionally lot or expiry tracked) with an empty inventory row in the warehouse. */
export async function emptyStock(
  ctx: TestContext,
  accountId: number,
  warehouseId: number,
  fields: Record<string, unknown> = {},
) {
  const product = await createProduct(ctx, accountId, fields);
  const inventory = await createInventory(ctx, { productId: product.id, warehouseId, accountId, onHand: 0 });
  return { productId: product.id, sku: product.sku, inventoryId: inventory.id };
}

/** Units into a location through the ledger (an adjustment naming the location). */
export async function placeUnits(ctx: TestContext, inventoryId: number, locationId: number, quantity: number) {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/inventories/${inventoryId}/adjust`,
    payload: { type: 'on_hand', quantity_change: quantity, reason: 'fixture', location_id: locationId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Units of a new lot into a location (answers the lot id). */
export const placeLot = (
  ctx: TestContext,
  inventoryId: number,
  locationId: number,
  lot: { code: string; expiryDate: string | null; quantity: number },
) => addLotStock(ctx, inventoryId, { ...lot, locationId });

/** Allocated units per location id of an inventory row, as stored. */
export async function allocatedOf(ctx: TestContext, inventoryId: number): Promise<Record<number, number>> {
  const result = (await ctx.handle.db.execute(
    sql`select location_id, sum(quantity_allocated)::int as allocated from location_stock
      where inventory_id = ${inventoryId} and quantity_allocated > 0 group by 1`,
  )) as unknown as { rows: { location_id: number; allocated: number }[] };
  return Object.fromEntries(result.rows.map((r) => [Number(r.location_id), Number(r.allocated)]));
}

export async function setAccountPicking(
  ctx: TestContext,
  accountId: number,
  settings: { minShelfLifeDays?: number; allowPartial?: boolean },
) {
  await ctx.handle.db.execute(sql`update accounts set
    min_remaining_shelf_life_days = ${settings.minShelfLifeDays ?? 0},
    allow_partial_shipment = ${settings.allowPartial ?? false} where id = ${accountId}`);
}

/** Puts a location in hospital, as a short pick would (the hospital endpoints are the picking module's). */
export async function sendToHospital(ctx: TestContext, locationId: number) {
  await ctx.handle.db.execute(sql`update locations set hospital_since = now(), hospital_reason = 'empty'
    where id = ${locationId}`);
}

export const release = (ctx: TestContext, body: Record<string, unknown>, actor: Actor = 'manager') =>
  ctx.as(actor, { method: 'POST', url: '/api/waves', payload: { mode: 'discrete', ...body } });

export const preview = (ctx: TestContext, query: Record<string, string | number>, actor: Actor = 'manager') =>
  ctx.as(actor, {
    method: 'GET',
    url: `/api/waves/preview?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  });
