import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bin } from './support/cycle-counts';
import { inventoryOf } from './support/orders';
import {
  allocationBreaches,
  onCarts,
  oneTaskWave,
  placeStock,
  putBack,
  putBackWave,
  rowsOf,
  taskRow,
} from './support/picking';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * Put-back tasks (units of a cancelled wave or a removed order, waiting on a cart): worked by scanning the bin and
 * the product, one ledger move CARTS → bin, the task done; refused scans change nothing; scope and permissions.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  expect(await allocationBreaches(ctx)).toEqual([]);
});
afterAll(() => ctx.close());

type Fixture = Awaited<ReturnType<typeof putBackWave>>;

/** What a refused put-back must leave as it was: the bin, the cart, on hand and the task. */
const snapshot = async (w: Fixture) => ({
  bin: await placeStock(ctx, w.stock.inventoryId, w.location.id),
  carts: await onCarts(ctx, w.stock.inventoryId),
  inventory: await inventoryOf(ctx, w.stock.inventoryId),
  task: await taskRow(ctx, w.putBackId),
});

describe('putting units back from the cart', () => {
  it('moves them CARTS → bin by one ledger move, on hand unchanged; the task is done; a repeat changes nothing', async () => {
    const w = await putBackWave(ctx, { units: 10, quantity: 3 });
    expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 7, allocated: 0 });
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(3);
    const onHand = await inventoryOf(ctx, w.stock.inventoryId);
    const res = await putBack(ctx, w.wave.id, w.putBackId, {
      ...w.scans,
      location_code: w.location.code.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Put back 3 × ${w.stock.sku} in ${w.location.code}.`);
    const task = res.json().data.tasks.find((t: { id: number }) => t.id === w.putBackId);
    expect(task).toMatchObject({ kind: 'put_back', status: 'done', quantity: 3, quantity_picked: 3 });
    expect(task.assignee.name).toBe('Max Manager');
    expect(res.json().data.put_backs_open).toBe(0);
    expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 10, allocated: 0 });
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(0);
    expect(await inventoryOf(ctx, w.stock.inventoryId)).toEqual(onHand);
    const moves = await rowsOf(
      ctx,
      sql`select l.code, m.location_delta, m.on_hand_delta, m.lot_id, m.reason from inventory_movements m
        join locations l on l.id = m.location_id
        where m.reference_type = 'pick_task' and m.reference_id = ${w.putBackId} order by m.id`,
    );
    expect(moves).toEqual([
      { code: 'CARTS', location_delta: -3, on_hand_delta: 0, lot_id: null, reason: `Put back from ${w.wave.number}` },
      {
        code: w.location.code,
        location_delta: 3,
        on_hand_delta: 0,
        lot_id: null,
        reason: `Put back from ${w.wave.number}`,
      },
    ]);
    const [event] = await rowsOf(
      ctx,
      sql`select properties from activity where kind = 'pick_task.put_back' and subject_id = ${w.wave.id}`,
    );
    expect(event!.properties).toMatchObject({
      wave_number: w.wave.number,
      sku: w.stock.sku,
      quantity: 3,
      location_code: w.location.code,
      expected_location_code: w.location.code,
    });
    // The same picker confirming again (a retried request) changes nothing.
    const again = await putBack(ctx, w.wave.id, w.putBackId, w.scans);
    expect(again.statusCode, again.body).toBe(200);
    expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 10, allocated: 0 });
    // Someone else is told who did it.
    const other = await putBack(ctx, w.wave.id, w.putBackId, w.scans, 'admin');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('These units were already put back by Max Manager.');
  });

  it('refuses a wrong location, product or quantity at once, saying what was expected; nothing changes', async () => {
    const w = await putBackWave(ctx, { barcode: `PB-${Date.now()}` });
    const before = await snapshot(w);
    const quarantine = await bin(ctx, w.warehouseId, 'QZ', 'quarantine');
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ location_code: 'PK-999' }, 'location_code', `Wrong location: put these units back in ${w.location.code}`],
      [{ location_code: 'NOWHERE', other_location: true }, 'location_code', 'No active location NOWHERE'],
      [{ location_code: 'CARTS', other_location: true }, 'location_code', 'CARTS cannot take put-back units'],
      [{ location_code: quarantine.code, other_location: true }, 'location_code', 'cannot take put-back units'],
      [{ product_code: 'NOPE' }, 'product_code', `Wrong product: put back ${w.stock.sku} (barcode PB-`],
      [{ quantity: w.quantity - 1 }, 'quantity', `Put back all ${w.quantity} units of this task.`],
    ];
    for (const [change, field, message] of refusals) {
      const res = await putBack(ctx, w.wave.id, w.putBackId, { ...w.scans, ...change });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field][0]).toContain(message);
    }
    expect(await snapshot(w)).toEqual(before);
    expect(before.task.status).toBe('open');
  });

  it('takes another active bin of the warehouse when the picker says so; the task records where they went', async () => {
    const w = await putBackWave(ctx, { units: 8, quantity: 2 });
    const other = await bin(ctx, w.warehouseId, 'PB', 'storage');
    const res = await putBack(ctx, w.wave.id, w.putBackId, {
      ...w.scans,
      location_code: other.code,
      other_location: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Put back 2 × ${w.stock.sku} in ${other.code}.`);
    expect(await placeStock(ctx, w.stock.inventoryId, other.id)).toEqual({ quantity: 2, allocated: 0 });
    expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 6, allocated: 0 });
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(0);
    expect(Number((await taskRow(ctx, w.putBackId)).location_id)).toBe(other.id);
    const [event] = await rowsOf(
      ctx,
      sql`select properties from activity where kind = 'pick_task.put_back' and subject_id = ${w.wave.id}`,
    );
    expect(event!.properties).toMatchObject({ location_code: other.code, expected_location_code: w.location.code });
  });

  it('refuses a task that is not a put-back (422) and a put-back of another wave (404); nothing changes', async () => {
    const w = await putBackWave(ctx);
    const open = await oneTaskWave(ctx);
    const before = await placeStock(ctx, open.stock.inventoryId, open.location.id);
    const res = await putBack(ctx, open.wave.id, open.taskId, {
      location_code: open.location.code,
      product_code: open.stock.sku,
      quantity: open.quantity,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.task).toEqual(['This task is not a put-back task: confirm it as a pick.']);
    expect(await placeStock(ctx, open.stock.inventoryId, open.location.id)).toEqual(before);
    expect((await taskRow(ctx, open.taskId)).status).toBe('open');
    const wrongWave = await putBack(ctx, open.wave.id, w.putBackId, w.scans);
    expect(wrongWave.statusCode).toBe(404);
    expect((await taskRow(ctx, w.putBackId)).status).toBe('open');
  });
});

describe('scope and permissions', () => {
  it('a manager of another warehouse gets 404 with real ids; a client and a role without `pick` get 403', async () => {
    const w = await putBackWave(ctx);
    const before = await snapshot(w);
    expect((await putBack(ctx, w.wave.id, w.putBackId, w.scans, 'otherManager')).statusCode).toBe(404);
    expect((await putBack(ctx, w.wave.id, w.putBackId, w.scans, 'client')).statusCode).toBe(403);
    await ctx.handle.db.execute(sql`delete from role_permissions where role_id = (select id from roles where name = 'manager')
      and permission_id = (select id from permissions where name = 'pick')`);
    try {
      expect((await putBack(ctx, w.wave.id, w.putBackId, w.scans)).statusCode).toBe(403);
    } finally {
      await ctx.handle.db.execute(sql`insert into role_permissions (role_id, permission_id)
        select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'pick'
        on conflict do nothing`);
    }
    expect(await snapshot(w)).toEqual(before);
  });
});

describe('where the work shows', () => {
  it('"get work" hands out put-backs when no released wave waits, once; the wave list filters waves with put-backs', async () => {
    const alpha = ctx.world.warehouses.alpha;
    // Earlier work of this file must not count: close every released wave and every open put-back.
    await ctx.handle.db.execute(sql`update waves set status = 'cancelled' where status = 'open'`);
    const w = await putBackWave(ctx);
    await ctx.handle.db.execute(sql`update pick_tasks set assignee_id = (select id from users where name = 'Sam Super')
      where kind = 'put_back' and status = 'open' and wave_id <> ${w.wave.id}`);
    const listed = await ctx.as('manager', {
      method: 'GET',
      url: `/api/waves?warehouse_id=${alpha}&put_backs_open=true`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((x: { id: number }) => x.id)).toContain(w.wave.id);
    expect(listed.json().data.every((x: { put_backs_open: number }) => x.put_backs_open > 0)).toBe(true);
    const first = await ctx.as('admin', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ id: w.wave.id, status: 'cancelled', put_backs_open: 1 });
    expect(first.json().message).toBe(`${w.wave.number}: put its units back from the cart, bin by bin.`);
    const task = first.json().data.tasks.find((t: { id: number }) => t.id === w.putBackId);
    expect(task.assignee.name).toBe('Ada Admin');
    // Claimed: another picker finds no work; the one who claimed it gets the same wave again.
    const second = await ctx.as('manager', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(second.statusCode).toBe(404);
    const again = await ctx.as('admin', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(again.json().data.id).toBe(w.wave.id);
    // A released wave still comes first.
    const released = await oneTaskWave(ctx);
    const next = await ctx.as('admin', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(next.json().data.id).toBe(released.wave.id);
  });
});
