import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createProduct } from './catalogue';
import type { TestContext } from './test-app';
import { emptyStock } from './waves';
import type { Actor } from './world';

/** Fixtures of the kit work order tests: an assembled kit of fresh components, and work orders through the API. */

export interface KitFixture {
  kitId: number;
  kitSku: string;
  components: { productId: number; sku: string; inventoryId: number; perKit: number }[];
}

/**
 * An assembled kit of the account (created by the admin) whose components are fresh products with empty inventory
 * rows in the warehouse (fields per component: track_lots, track_expiry…).
 */
export async function assembledKit(
  ctx: TestContext,
  accountId: number,
  warehouseId: number,
  perKit: readonly number[],
  options: { kitFields?: Record<string, unknown>; componentFields?: Record<string, unknown> } = {},
): Promise<KitFixture> {
  const components = [];
  for (const quantity of perKit) {
    const stock = await emptyStock(ctx, accountId, warehouseId, options.componentFields ?? {});
    components.push({ ...stock, perKit: quantity });
  }
  const kit = await createProduct(ctx, accountId, { kind: 'assembled', ...(options.kitFields ?? {}) });
  const put = await ctx.as('admin', {
    method: 'PUT',
    url: `/api/products/${kit.id}/components`,
    payload: { components: components.map((c) => ({ product_id: c.productId, quantity: c.perKit })) },
  });
  expect(put.statusCode, put.body).toBe(200);
  return { kitId: kit.id, kitSku: kit.sku, components };
}

export const createWorkOrder = (ctx: TestContext, actor: Actor, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'POST', url: '/api/kit-work-orders', payload });

export async function createWorkOrderOk(ctx: TestContext, actor: Actor, payload: Record<string, unknown>) {
  const res = await createWorkOrder(ctx, actor, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    number: string;
    status: string;
    pick_list: { product: { id: number }; location: { id: number }; lot: { id: number } | null; quantity: number }[];
  };
}

/** An inventory row's quantities as stored. */
export async function balanceOf(ctx: TestContext, inventoryId: number) {
  const result = (await ctx.handle.db.execute(
    sql`select quantity_on_hand as on_hand, quantity_reserved as reserved from inventories where id = ${inventoryId}`,
  )) as unknown as { rows: { on_hand: number; reserved: number }[] };
  const row = result.rows[0]!;
  return { onHand: Number(row.on_hand), reserved: Number(row.reserved) };
}

/** The ledger rows of a work order: type, inventory, on-hand delta, location and lot. */
export async function ledgerOf(ctx: TestContext, workOrderId: number) {
  const result = (await ctx.handle.db.execute(
    sql`select type, inventory_id, on_hand_delta, reserved_delta, location_id, lot_id from inventory_movements
      where reference_type = 'kit_work_order' and reference_id = ${workOrderId} order by id`,
  )) as unknown as {
    rows: {
      type: string;
      inventory_id: number;
      on_hand_delta: number;
      reserved_delta: number;
      location_id: number | null;
      lot_id: number | null;
    }[];
  };
  return result.rows.map((r) => ({
    type: r.type,
    inventoryId: Number(r.inventory_id),
    onHand: Number(r.on_hand_delta),
    reserved: Number(r.reserved_delta),
    locationId: r.location_id === null ? null : Number(r.location_id),
    lotId: r.lot_id === null ? null : Number(r.lot_id),
  }));
}
