import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bin, stockIn } from './cycle-counts';
import { createOrder } from './orders';
import type { TestContext } from './test-app';
import type { Actor } from './world';

/**
 * Helpers of the picking tests. `releasedWave` writes a wave as release leaves it (wave, its orders, pick tasks in
 * walk order with their per-order shares, the units allocated on location stock), so the picking rules are tested
 * on exactly the tasks they name; release itself has its own tests.
 */

type Row = Record<string, unknown>;
export const rowsOf = async (ctx: TestContext, query: ReturnType<typeof sql>): Promise<Row[]> =>
  ((await ctx.handle.db.execute(query)) as unknown as { rows: Row[] }).rows;

export interface TaskSpec {
  locationId: number;
  inventoryId: number;
  productId: number;
  lotId?: number | null;
  shares: { orderId: number; orderItemId: number; quantity: number }[];
}

export async function releasedWave(
  ctx: TestContext,
  warehouseId: number,
  tasks: TaskSpec[],
  options: { mode?: 'discrete' | 'batch' | 'cluster'; priority?: 'normal' | 'urgent' } = {},
): Promise<{ id: number; number: string; taskIds: number[] }> {
  return ctx.handle.db.transaction(async (tx) => {
    const exec = async (q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: Row[] }).rows;
    const [wave] = await exec(sql`insert into waves (warehouse_id, mode, priority, order_count)
      values (${warehouseId}, ${options.mode ?? 'discrete'}, ${options.priority ?? 'normal'}, 0) returning id, number`);
    const waveId = Number(wave!.id);
    const orderIds = [...new Set(tasks.flatMap((t) => t.shares.map((s) => s.orderId)))];
    for (const [position, orderId] of orderIds.entries()) {
      await exec(
        sql`insert into wave_orders (wave_id, order_id, position) values (${waveId}, ${orderId}, ${position})`,
      );
    }
    const taskIds: number[] = [];
    for (const [i, task] of tasks.entries()) {
      const quantity = task.shares.reduce((sum, s) => sum + s.quantity, 0);
      const [row] = await exec(sql`insert into pick_tasks (wave_id, warehouse_id, location_id, inventory_id, product_id,
          lot_id, quantity, sequence, allocation_rule)
        values (${waveId}, ${warehouseId}, ${task.locationId}, ${task.inventoryId}, ${task.productId},
          ${task.lotId ?? null}, ${quantity}, ${i + 1}, 'pick_face') returning id`);
      const taskId = Number(row!.id);
      taskIds.push(taskId);
      for (const share of task.shares) {
        await exec(sql`insert into pick_task_orders (task_id, order_id, order_item_id, quantity)
          values (${taskId}, ${share.orderId}, ${share.orderItemId}, ${share.quantity})`);
      }
      const updated = await exec(sql`update location_stock set quantity_allocated = quantity_allocated + ${quantity}
        where inventory_id = ${task.inventoryId} and location_id = ${task.locationId}
          and lot_id is not distinct from ${task.lotId ?? null} returning id`);
      expect(updated).toHaveLength(1);
    }
    await exec(sql`update waves set order_count = ${orderIds.length} where id = ${waveId}`);
    return { id: waveId, number: String(wave!.number), taskIds };
  });
}

/** The order's one line id (orders of these tests have one line per product). */
export async function lineOf(ctx: TestContext, orderId: number, productId: number): Promise<number> {
  const [row] = await rowsOf(
    ctx,
    sql`select id from order_items where order_id = ${orderId} and product_id = ${productId}`,
  );
  return Number(row!.id);
}

/**
 * A pick bin holding `units` of a fresh product (optionally with a barcode) and an order of `quantity` of it,
 * released as a one-task wave: what most rules need.
 */
export async function oneTaskWave(
  ctx: TestContext,
  options: {
    warehouseId?: number;
    accountId?: number;
    units?: number;
    quantity?: number;
    zone?: string;
    barcode?: string;
    mode?: 'discrete' | 'batch' | 'cluster';
    priority?: 'normal' | 'urgent';
  } = {},
) {
  const warehouseId = options.warehouseId ?? ctx.world.warehouses.alpha;
  const accountId = options.accountId ?? ctx.world.accounts.clientActive;
  const location = await bin(ctx, warehouseId, options.zone ?? 'PK', 'pick');
  const stock = await stockIn(
    ctx,
    { warehouseId, accountId, locationId: location.id },
    options.units ?? 10,
    options.barcode ? { barcode: options.barcode } : {},
  );
  const quantity = options.quantity ?? 3;
  const order = await createOrder(ctx, {
    accountId,
    warehouseId,
    lines: [{ productId: stock.productId, quantity }],
  });
  const orderItemId = await lineOf(ctx, order.id, stock.productId);
  const wave = await releasedWave(
    ctx,
    warehouseId,
    [
      {
        locationId: location.id,
        inventoryId: stock.inventoryId,
        productId: stock.productId,
        shares: [{ orderId: order.id, orderItemId, quantity }],
      },
    ],
    { mode: options.mode, priority: options.priority },
  );
  return { location, stock, order, orderItemId, wave, taskId: wave.taskIds[0]!, quantity, warehouseId, accountId };
}

export const pick = (
  ctx: TestContext,
  waveId: number,
  taskId: number,
  payload: Record<string, unknown>,
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: `/api/waves/${waveId}/tasks/${taskId}/pick`, payload });

export const short = (
  ctx: TestContext,
  waveId: number,
  taskId: number,
  payload: Record<string, unknown>,
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: `/api/waves/${waveId}/tasks/${taskId}/short`, payload });

/** Units of a (row, location) now, and how many of them are allocated. */
export async function placeStock(ctx: TestContext, inventoryId: number, locationId: number) {
  const [row] = await rowsOf(
    ctx,
    sql`select coalesce(sum(quantity), 0)::int as quantity, coalesce(sum(quantity_allocated), 0)::int as allocated
      from location_stock where inventory_id = ${inventoryId} and location_id = ${locationId}`,
  );
  return { quantity: Number(row!.quantity), allocated: Number(row!.allocated) };
}

/** Units of the row on the warehouse's carts (the CARTS staging location). */
export async function onCarts(ctx: TestContext, inventoryId: number) {
  const [row] = await rowsOf(
    ctx,
    sql`select coalesce(sum(ls.quantity), 0)::int as quantity from location_stock ls
      join locations l on l.id = ls.location_id where ls.inventory_id = ${inventoryId} and l.code = 'CARTS'`,
  );
  return Number(row!.quantity);
}

export async function taskRow(ctx: TestContext, taskId: number) {
  const [row] = await rowsOf(
    ctx,
    sql`select status, quantity, quantity_picked, sequence, lot_id, location_id, picked_by from pick_tasks
      where id = ${taskId}`,
  );
  return row!;
}

/**
 * Σ allocated on location stock = Σ quantities of open pick tasks and live replenishment tasks (held at their
 * source), per (row, location, lot): the allocation invariant, recounted after every test of these files.
 */
export async function allocationBreaches(ctx: TestContext) {
  return rowsOf(
    ctx,
    sql`select coalesce(a.inventory_id, t.inventory_id) as inventory_id, coalesce(a.location_id, t.location_id) as location_id,
        coalesce(a.allocated, 0)::int as allocated, coalesce(t.open, 0)::int as open_tasks
      from (select inventory_id, location_id, lot_id, sum(quantity_allocated) as allocated from location_stock
        where quantity_allocated > 0 group by 1, 2, 3) a
      full join (select inventory_id, location_id, lot_id, sum(open) as open from (
          select inventory_id, location_id, lot_id, quantity - quantity_picked as open from pick_tasks
          where status = 'open' and kind = 'pick'
          union all
          select inventory_id, source_location_id, lot_id, quantity from replenishment_tasks
          where status in ('open', 'in_progress')) held group by 1, 2, 3) t
        on t.inventory_id = a.inventory_id and t.location_id = a.location_id and t.lot_id is not distinct from a.lot_id
      where coalesce(a.allocated, 0) <> coalesce(t.open, 0)`,
  );
}

export const putBack = (
  ctx: TestContext,
  waveId: number,
  taskId: number,
  payload: Record<string, unknown>,
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: `/api/waves/${waveId}/tasks/${taskId}/put-back`, payload });

/**
 * A put-back task as the floor meets it: a one-task wave picked (the units moved onto CARTS by the real pick), then
 * its order removed by the supervisor, so the wave ends cancelled with one open put-back task for those units.
 */
export async function putBackWave(ctx: TestContext, options: Parameters<typeof oneTaskWave>[1] = {}) {
  const w = await oneTaskWave(ctx, options);
  const scans = { location_code: w.location.code, product_code: w.stock.sku, quantity: w.quantity };
  const picked = await pick(ctx, w.wave.id, w.taskId, scans);
  expect(picked.statusCode, picked.body).toBe(200);
  const removed = await ctx.as('manager', {
    method: 'POST',
    url: `/api/waves/${w.wave.id}/orders/${w.order.id}/remove`,
  });
  expect(removed.statusCode, removed.body).toBe(200);
  const [task] = await rowsOf(
    ctx,
    sql`select id from pick_tasks where wave_id = ${w.wave.id} and kind = 'put_back' and status = 'open'`,
  );
  return { ...w, putBackId: Number(task!.id), scans };
}
