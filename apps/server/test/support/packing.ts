import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { oneTaskWave, pick, rowsOf } from './picking';
import type { TestContext } from './test-app';
import type { Actor } from './world';

/** Helpers of the packing tests: a picked order, the bench's calls, and what the ledger and cartons hold. */

export const PREFIX = '0614141';

/** The installation's GS1 company prefix (admin), so cartons can close. */
export async function setPrefix(ctx: TestContext, prefix: string | null = PREFIX): Promise<void> {
  const res = await ctx.as('admin', {
    method: 'PUT',
    url: '/api/settings/packing',
    payload: { gs1_company_prefix: prefix, sscc_extension_digit: 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A one-task wave of `quantity` units picked onto CARTS by the real pick. */
export async function pickedOrder(ctx: TestContext, options: Parameters<typeof oneTaskWave>[1] = {}) {
  const w = await oneTaskWave(ctx, { units: 10, quantity: 3, ...options });
  const res = await pick(ctx, w.wave.id, w.taskId, {
    location_code: w.location.code,
    product_code: w.stock.sku,
    quantity: w.quantity,
  });
  expect(res.statusCode, res.body).toBe(200);
  return w;
}

export const scan = (ctx: TestContext, orderId: number, code: string, actor: Actor = 'manager', extra = {}) =>
  ctx.as(actor, { method: 'POST', url: `/api/orders/${orderId}/pack/scan`, payload: { code, ...extra } });

export const closeCarton = (
  ctx: TestContext,
  orderId: number,
  cartonId: number,
  payload: Record<string, unknown> = { weight_g: 1200, length_mm: 300, width_mm: 200, height_mm: 150 },
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: `/api/orders/${orderId}/cartons/${cartonId}/close`, payload });

export const ship = (
  ctx: TestContext,
  orderId: number,
  payload: Record<string, unknown> = {},
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: `/api/orders/${orderId}/ship`, payload });

export const packView = async (ctx: TestContext, orderId: number) => {
  const res = await ctx.as('manager', { method: 'GET', url: `/api/orders/${orderId}/pack` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The order's `ship` ledger rows: location code, lot id and units. */
export async function shipRows(ctx: TestContext, orderId: number) {
  const rows = await rowsOf(
    ctx,
    sql`select l.code, m.lot_id, m.location_delta, m.on_hand_delta, m.inventory_id from inventory_movements m
      left join locations l on l.id = m.location_id
      where m.reference_type = 'order' and m.reference_id = ${orderId} and m.type = 'ship' order by m.id`,
  );
  return rows.map((r) => ({
    location: r.code === null ? null : String(r.code),
    lotId: r.lot_id === null ? null : Number(r.lot_id),
    units: -Number(r.location_delta ?? r.on_hand_delta),
  }));
}

export async function orderState(ctx: TestContext, orderId: number) {
  const [order] = await rowsOf(ctx, sql`select lifecycle, shipped_at from orders where id = ${orderId}`);
  const lines = await rowsOf(
    ctx,
    sql`select quantity, quantity_shipped, quantity_reserved, verified_quantity from order_items
      where order_id = ${orderId} order by id`,
  );
  const waves = await rowsOf(ctx, sql`select state from wave_orders where order_id = ${orderId}`);
  return { lifecycle: String(order!.lifecycle), lines, waveStates: waves.map((w) => String(w.state)) };
}
