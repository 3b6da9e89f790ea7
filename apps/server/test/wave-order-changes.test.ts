import { ORDER_MESSAGES } from '@wms/contract/orders';
import { WAVE_MESSAGES } from '@wms/contract/waves';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bin, stockIn } from './support/cycle-counts';
import { createOrder, inventoryOf, verifyAllItems } from './support/orders';
import { lineOf, oneTaskWave, pick, placeStock, releasedWave, rowsOf, taskRow } from './support/picking';
import { assertStockInvariants } from './support/stock-invariants';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import { allocatedOf, release } from './support/waves';
import type { Actor } from './support/world';

/**
 * Orders that change while they are in a wave: cancelling or deleting one takes it out of its wave in the same
 * transaction (allocations released, shared tasks shrunk, picked units given put-back tasks, the wave counted
 * again); a supervisor can remove one; item edits, shipping and holds are refused while it is being picked.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await assertStockInvariants(ctx.handle.db);
});
afterAll(() => ctx.close());

const setStatus = (actor: Actor, orderId: number, status: string | number) =>
  ctx.as(actor, { method: 'POST', url: `/api/orders/${orderId}/status`, payload: { status } });
const removeFromWave = (actor: Actor, waveId: number, orderId: number) =>
  ctx.as(actor, { method: 'POST', url: `/api/waves/${waveId}/orders/${orderId}/remove` });
const waveOf = async (waveId: number) =>
  (await ctx.as('manager', { method: 'GET', url: `/api/waves/${waveId}` })).json().data;
const waveOrderState = async (waveId: number, orderId: number) => {
  const [row] = await rowsOf(
    ctx,
    sql`select state from wave_orders where wave_id = ${waveId} and order_id = ${orderId}`,
  );
  return row?.state;
};
const eventsOf = (kind: string, waveId: number) =>
  rowsOf(
    ctx,
    sql`select properties from activity where kind = ${kind} and subject_type = 'wave' and subject_id = ${waveId}`,
  );

/**
 * Three orders in a batch wave: `first` (3) and `other` (2) share one task at one pick face; `second` has its own task
 * (4 of another product at another pick face).
 */
async function sharedBatchWave() {
  const warehouseId = ctx.world.warehouses.alpha;
  const accountId = ctx.world.accounts.clientActive;
  const place = async () => {
    const location = await bin(ctx, warehouseId, 'PK', 'pick');
    const stock = await stockIn(ctx, { warehouseId, accountId, locationId: location.id }, 10);
    return { location, stock };
  };
  const [one, two] = [await place(), await place()];
  const orderOf = async (productId: number, quantity: number) => {
    const order = await createOrder(ctx, { accountId, warehouseId, lines: [{ productId, quantity }] });
    return { order, orderItemId: await lineOf(ctx, order.id, productId) };
  };
  const first = { ...one, ...(await orderOf(one.stock.productId, 3)), warehouseId };
  const second = { ...two, ...(await orderOf(two.stock.productId, 4)) };
  const { order: other, orderItemId: otherLine } = await orderOf(one.stock.productId, 2);
  const wave = await releasedWave(
    ctx,
    warehouseId,
    [
      {
        locationId: first.location.id,
        inventoryId: first.stock.inventoryId,
        productId: first.stock.productId,
        shares: [
          { orderId: first.order.id, orderItemId: first.orderItemId, quantity: 3 },
          { orderId: other.id, orderItemId: otherLine, quantity: 2 },
        ],
      },
      {
        locationId: second.location.id,
        inventoryId: second.stock.inventoryId,
        productId: second.stock.productId,
        shares: [{ orderId: second.order.id, orderItemId: second.orderItemId, quantity: 4 }],
      },
    ],
    { mode: 'batch' },
  );
  return { first, second, other, wave, sharedTask: wave.taskIds[0]!, secondTask: wave.taskIds[1]! };
}

describe('cancelling an order in a wave', () => {
  it('releases its allocations, cancels its tasks, releases its reservation; a wave left empty is cancelled', async () => {
    const w = await oneTaskWave(ctx, { units: 10, quantity: 3 });
    expect(await allocatedOf(ctx, w.stock.inventoryId)).toEqual({ [w.location.id]: 3 });
    const res = await setStatus('manager', w.order.id, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect(await allocatedOf(ctx, w.stock.inventoryId)).toEqual({});
    expect((await taskRow(ctx, w.taskId)).status).toBe('cancelled');
    expect(await waveOrderState(w.wave.id, w.order.id)).toBe('removed');
    expect(await inventoryOf(ctx, w.stock.inventoryId)).toEqual({ onHand: 10, reserved: 0 });
    const wave = await waveOf(w.wave.id);
    expect(wave).toMatchObject({ status: 'cancelled', order_count: 0, unit_count: 0 });
    const [removed] = await eventsOf('wave.order_removed', w.wave.id);
    expect(removed!.properties).toMatchObject({
      order_number: w.order.orderNumber,
      reason: 'cancelled',
      released: 3,
      put_backs: 0,
      wave_status: 'cancelled',
    });
    expect(await eventsOf('wave.cancelled', w.wave.id)).toHaveLength(1);
  });

  it('takes only its share of a shared batch task; the wave keeps the other order and is counted again', async () => {
    const b = await sharedBatchWave();
    expect(await allocatedOf(ctx, b.first.stock.inventoryId)).toEqual({ [b.first.location.id]: 5 });
    const res = await setStatus('manager', b.first.order.id, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    // The shared task now holds the other order's 2; the first order's own task is cancelled.
    expect(await taskRow(ctx, b.sharedTask)).toMatchObject({ status: 'open', quantity: 2 });
    expect((await taskRow(ctx, b.secondTask)).status).toBe('open');
    expect(await allocatedOf(ctx, b.first.stock.inventoryId)).toEqual({ [b.first.location.id]: 2 });
    const wave = await waveOf(b.wave.id);
    expect(wave).toMatchObject({ status: 'open', order_count: 2, unit_count: 6, line_count: 2 });
    const shared = wave.tasks.find((t: { id: number }) => t.id === b.sharedTask);
    expect(shared.orders.map((o: { order_id: number }) => o.order_id)).toEqual([b.other.id]);
    // The picker now picks the 2 left.
    const picked = await pick(ctx, b.wave.id, b.sharedTask, {
      location_code: b.first.location.code,
      product_code: b.first.stock.sku,
      quantity: 2,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(await placeStock(ctx, b.first.stock.inventoryId, b.first.location.id)).toEqual({
      quantity: 8,
      allocated: 0,
    });
  });

  it('puts back what was already picked for it, once: a later wave cancel does not put it back again', async () => {
    const b = await sharedBatchWave();
    // The second product's task (the second order's 4) is picked: those units lie on the cart.
    const picked = await pick(ctx, b.wave.id, b.secondTask, {
      location_code: b.second.location.code,
      product_code: b.second.stock.sku,
      quantity: 4,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const res = await setStatus('manager', b.second.order.id, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    const wave = await waveOf(b.wave.id);
    const putBacks = wave.tasks.filter((t: { kind: string }) => t.kind === 'put_back');
    expect(putBacks).toHaveLength(1);
    expect(putBacks[0]).toMatchObject({
      status: 'open',
      quantity: 4,
      location: { id: b.second.location.id },
      product: { id: b.second.stock.productId },
    });
    expect(putBacks[0].reason).toContain(`Order ${b.second.order.orderNumber} cancelled in ${wave.number}`);
    expect(wave).toMatchObject({ status: 'picking', order_count: 2 });
    const cancel = await ctx.as('manager', { method: 'POST', url: `/api/waves/${b.wave.id}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = cancel.json().data.tasks.filter((t: { kind: string }) => t.kind === 'put_back');
    expect(after).toHaveLength(1);
  });

  it('deleting a pending order in a wave takes it out of the wave first', async () => {
    const w = await oneTaskWave(ctx, { units: 10, quantity: 3 });
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/orders/${w.order.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await allocatedOf(ctx, w.stock.inventoryId)).toEqual({});
    expect(await inventoryOf(ctx, w.stock.inventoryId)).toEqual({ onHand: 10, reserved: 0 });
    expect((await taskRow(ctx, w.taskId)).status).toBe('cancelled');
    expect((await waveOf(w.wave.id)).status).toBe('cancelled');
    const [removed] = await eventsOf('wave.order_removed', w.wave.id);
    expect(removed!.properties).toMatchObject({ reason: 'deleted', released: 3 });
  });

  it('a wave whose remaining orders are all picked becomes picked', async () => {
    const b = await sharedBatchWave();
    const picked = await pick(ctx, b.wave.id, b.sharedTask, {
      location_code: b.first.location.code,
      product_code: b.first.stock.sku,
      quantity: 5,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    // The second order's task is the only open one left: cancelling it leaves nothing to pick.
    const res = await setStatus('manager', b.second.order.id, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect(await waveOf(b.wave.id)).toMatchObject({ status: 'picked', order_count: 2 });
    expect(await eventsOf('wave.picked', b.wave.id)).toHaveLength(1);
  });
});

describe('changes refused while an order is in a wave', () => {
  it('refuses item quantity changes with 422 naming the wave; the header may still change', async () => {
    const w = await oneTaskWave(ctx, { units: 10, quantity: 3 });
    const res = await expectRefusedUnchanged(
      ctx.handle.db,
      () =>
        ctx.as('manager', {
          method: 'PUT',
          url: `/api/orders/${w.order.id}`,
          payload: { items: [{ id: w.orderItemId, quantity: 5 }] },
        }),
      422,
    );
    expect(res.json().errors).toEqual({ items: [ORDER_MESSAGES.itemsInWave(w.wave.number)] });
    expect(res.json().errors.items[0]).toBe(
      `This order is in wave ${w.wave.number}; remove it from the wave before changing its items.`,
    );
    const header = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/orders/${w.order.id}`,
      payload: { customer_name: 'Renamed in wave', items: [{ id: w.orderItemId, quantity: 3 }] },
    });
    expect(header.statusCode, header.body).toBe(200);
  });

  it('refuses shipping before the wave picked the order, and putting it on hold', async () => {
    const w = await oneTaskWave(ctx, { units: 10, quantity: 3 });
    await verifyAllItems(ctx, w.order.id);
    const ship = await expectRefusedUnchanged(ctx.handle.db, () => setStatus('manager', w.order.id, 'shipped'), 422);
    expect(ship.json().errors).toEqual({ status: [ORDER_MESSAGES.shipInWave(w.wave.number)] });
    const [hold] = await rowsOf(
      ctx,
      sql`insert into statuses (name, lifecycle, holds_release) values ('Hold in wave test', 'open', true) returning id`,
    );
    await rowsOf(ctx, sql`insert into status_modules (status_id, module) values (${Number(hold!.id)}, 'orders')`);
    const held = await expectRefusedUnchanged(
      ctx.handle.db,
      () => setStatus('admin', w.order.id, Number(hold!.id)),
      422,
    );
    expect(held.json().errors).toEqual({ status: [ORDER_MESSAGES.holdInWave(w.wave.number)] });
    // Once picked, it may ship.
    const picked = await pick(ctx, w.wave.id, w.taskId, {
      location_code: w.location.code,
      product_code: w.stock.sku,
      quantity: 3,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(await waveOrderState(w.wave.id, w.order.id)).toBe('picked');
    const shipped = await setStatus('manager', w.order.id, 'shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
  });
});

describe('a supervisor removes an order from a wave', () => {
  it('takes it out by the same path; the order stays open and can be released again', async () => {
    const b = await sharedBatchWave();
    const res = await removeFromWave('manager', b.wave.id, b.other.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(WAVE_MESSAGES.orderRemoved(b.other.orderNumber, b.wave.number));
    expect(await taskRow(ctx, b.sharedTask)).toMatchObject({ status: 'open', quantity: 3 });
    expect(await allocatedOf(ctx, b.first.stock.inventoryId)).toEqual({ [b.first.location.id]: 3 });
    const order = await ctx.as('manager', { method: 'GET', url: `/api/orders/${b.other.id}` });
    expect(order.json().data.lifecycle).toBe('open');
    const again = await release(ctx, { warehouse_id: b.first.warehouseId, order_ids: [b.other.id] });
    expect(again.statusCode, again.body).toBe(201);
    // No longer in the first wave: a second removal from it is 404.
    const twice = await expectRefusedUnchanged(
      ctx.handle.db,
      () => removeFromWave('manager', b.wave.id, b.other.id),
      404,
    );
    expect(twice.json().message).toBe(WAVE_MESSAGES.orderNotInWave);
  });

  it("is 404 for another warehouse's manager, 403 for a client; nothing changes", async () => {
    const w = await oneTaskWave(ctx, { units: 10, quantity: 3 });
    await expectRefusedUnchanged(ctx.handle.db, () => removeFromWave('otherManager', w.wave.id, w.order.id), 404);
    await expectRefusedUnchanged(ctx.handle.db, () => removeFromWave('client', w.wave.id, w.order.id), 403);
    expect(await waveOrderState(w.wave.id, w.order.id)).toBe('in_wave');
    expect(await allocatedOf(ctx, w.stock.inventoryId)).toEqual({ [w.location.id]: 3 });
  });
});
