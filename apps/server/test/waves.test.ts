import { LOCATION_STOCK_MESSAGES } from '@wms/contract/location-stock';
import { waveCreateSchema } from '@wms/contract/waves';
import { WEBHOOK_EVENT_TYPES } from '@wms/contract/webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestAuth } from '../src/auth/request-auth';
import { onWaveReleased } from '../src/modules/outbound/waves/waves-api';
import { releaseWave } from '../src/modules/outbound/waves/waves-service';
import { loadOwnUserView } from '../src/modules/platform/users/users-api';
import { countAction, countLine, createCount } from './support/cycle-counts';
import { createOrder } from './support/orders';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import { allocatedOf, emptyStock, newLocation, placeUnits, preview, release } from './support/waves';

/**
 * Waves: release, one live wave per order, preview, cancel, the release summary; scope with two
 * warehouses side by side (Alpha's manager, Beta's manager); permissions; and the rule that moves, adjustments and
 * counts take only units not allocated to a picker.
 */
let ctx: TestContext;
let alpha: number;
let beta: number;
beforeAll(async () => {
  ctx = await createTestContext();
  alpha = ctx.world.warehouses.alpha;
  beta = ctx.world.warehouses.beta;
});
afterAll(() => ctx.close());

const rows = async (query: ReturnType<typeof sql>) =>
  ((await ctx.handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A product with `units` in a new pick face of the warehouse, and an order of `quantity` of it. */
async function stockedOrder(warehouseId: number, accountId: number, units = 10, quantity = 3) {
  const stock = await emptyStock(ctx, accountId, warehouseId);
  const pick = await newLocation(ctx, warehouseId, { type: 'pick' });
  await placeUnits(ctx, stock.inventoryId, pick.id, units);
  const order = await createOrder(ctx, { accountId, warehouseId, lines: [{ productId: stock.productId, quantity }] });
  return { ...stock, pick, order };
}

describe('releasing a wave', () => {
  it('numbers the wave, allocates its units, writes tasks in walk order and records the event', async () => {
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive, 10, 3);
    const b = await stockedOrder(alpha, ctx.world.accounts.neighbourActive, 10, 2);
    const res = await release(ctx, { warehouse_id: alpha, order_ids: [a.order.id, b.order.id], mode: 'batch' });
    expect(res.statusCode, res.body).toBe(201);
    const wave = res.json().data;
    expect(wave.number).toMatch(/^WAVE-\d{6}$/);
    expect(wave).toMatchObject({ status: 'open', mode: 'batch', order_count: 2, line_count: 2, unit_count: 5 });
    expect(wave.tasks.map((t: { sequence: number }) => t.sequence)).toEqual([1, 2]);
    expect(wave.tasks.every((t: { orders: unknown[] }) => t.orders.length === 1)).toBe(true);
    expect(await allocatedOf(ctx, a.inventoryId)).toEqual({ [a.pick.id]: 3 });
    const events = await rows(sql`select kind, account_ids from activity where subject_type = 'wave'
      and subject_id = ${wave.id}`);
    expect(events.map((e) => e.kind)).toEqual(['wave.released']);
    // One webhook event per account, naming that account's order only.
    const hooks = await rows(sql`select account_id, payload from webhook_events where type = 'wave.released'
      and (payload->>'wave_id')::int = ${wave.id} order by account_id`);
    expect(hooks).toHaveLength(2);
    for (const hook of hooks) {
      const payload = hook.payload as { orders: { order_id: number }[] };
      const mine = Number(hook.account_id) === ctx.world.accounts.clientActive ? a : b;
      expect(payload.orders.map((o) => o.order_id)).toEqual([mine.order.id]);
    }
    expect(WEBHOOK_EVENT_TYPES).toContain('order.picked');
  });

  it('keeps the release when the work after it fails, and logs that failure as a warning', async () => {
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive, 10, 3);
    const warnings: unknown[][] = [];
    const stopListening = onWaveReleased(async () => {
      throw new Error('replenishment unavailable');
    });
    try {
      const db = ctx.handle.db;
      const user = (await loadOwnUserView(db, ctx.world.users.manager.id))!;
      const input = waveCreateSchema.parse({ warehouse_id: alpha, order_ids: [a.order.id] });
      const wave = await releaseWave(db, new RequestAuth(user, 0, db), input, {
        warn: (...args: unknown[]) => warnings.push(args),
      });
      expect(wave).toMatchObject({ status: 'open', order_count: 1 });
      expect(await allocatedOf(ctx, a.inventoryId)).toEqual({ [a.pick.id]: 3 });
      expect(warnings).toEqual([
        [
          { err: expect.objectContaining({ message: 'replenishment unavailable' }), waveId: wave.id },
          expect.stringContaining('the wave stays released'),
        ],
      ]);
    } finally {
      stopListening();
    }
  });

  it('puts an order in one live wave only: a second release names the wave that holds it', async () => {
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive);
    const first = await release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] });
    expect(first.statusCode, first.body).toBe(201);
    const number = first.json().data.number;
    const again = await expectRefusedUnchanged(
      ctx.handle.db,
      () => release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] }),
      422,
    );
    expect(again.json().errors.order_ids[0]).toContain(number);
    const seen = await preview(ctx, { warehouse_id: alpha });
    expect(seen.json().data.unreleasable).toContainEqual(
      expect.objectContaining({ order_id: a.order.id, reason: 'in_open_wave', wave_number: number }),
    );
    expect(seen.json().data.orders.map((o: { order_id: number }) => o.order_id)).not.toContain(a.order.id);
  });

  it('previews without writing, urgent first, within "next N", lines and units', async () => {
    const normal = await stockedOrder(alpha, ctx.world.accounts.clientActive, 10, 2);
    const urgent = await stockedOrder(alpha, ctx.world.accounts.clientActive, 10, 4);
    await ctx.handle.db.execute(sql`update orders set priority = 'urgent' where id = ${urgent.order.id}`);
    const query = { warehouse_id: alpha, account_ids: String(ctx.world.accounts.clientActive), limit: 1 };
    const before = await rows(sql`select count(*)::int as n from waves`);
    const res = await preview(ctx, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orders.map((o: { order_id: number }) => o.order_id)).toEqual([urgent.order.id]);
    expect(res.json().data).toMatchObject({ order_count: 1, unit_count: 4, location_count: 1 });
    expect(await rows(sql`select count(*)::int as n from waves`)).toEqual(before);
    // At most 3 units: the urgent order (4) does not fit, the normal one (2) does not come before it.
    const capped = await preview(ctx, {
      warehouse_id: alpha,
      account_ids: String(ctx.world.accounts.clientActive),
      max_units: 3,
    });
    expect(capped.json().data.order_count).toBe(0);
    const released = await release(ctx, {
      warehouse_id: alpha,
      account_ids: [ctx.world.accounts.clientActive],
      limit: 2,
    });
    expect(released.statusCode, released.body).toBe(201);
    const ids = released.json().data.orders.map((o: { order_id: number }) => o.order_id);
    expect(ids[0]).toBe(urgent.order.id);
    expect(ids).toContain(normal.order.id);
    expect(released.json().data.priority).toBe('urgent');
  });

  it('leaves orders on hold out and says why', async () => {
    const a = await stockedOrder(alpha, ctx.world.accounts.neighbourActive);
    const [status] =
      await rows(sql`insert into statuses (name, lifecycle, holds_release) values ('On hold test', 'open', true)
      returning id`);
    await ctx.handle.db.execute(sql`update orders set status_id = ${Number(status!.id)} where id = ${a.order.id}`);
    const seen = await preview(ctx, { warehouse_id: alpha });
    expect(seen.json().data.unreleasable).toContainEqual(
      expect.objectContaining({ order_id: a.order.id, reason: 'on_hold' }),
    );
    const refused = await release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] });
    expect(refused.statusCode).toBe(422);
  });
});

describe('cancelling a wave', () => {
  it('releases the allocations and returns the orders to the pool; a cancelled wave cannot be cancelled again', async () => {
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive);
    const wave = (await release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] })).json().data;
    const res = await ctx.as('manager', { method: 'POST', url: `/api/waves/${wave.id}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled' });
    expect(res.json().data.tasks.every((t: { status: string }) => t.status === 'cancelled')).toBe(true);
    expect(await allocatedOf(ctx, a.inventoryId)).toEqual({});
    await expectRefusedUnchanged(
      ctx.handle.db,
      () => ctx.as('manager', { method: 'POST', url: `/api/waves/${wave.id}/cancel` }),
      409,
    );
    const again = await release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('turns units already picked into put-back tasks (the units stay in the staging location)', async () => {
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive, 10, 4);
    const wave = (await release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] })).json().data;
    // Picking is the picking module's; here a picked unit is written as its confirmation leaves it: allocation
    // released, the task's and its order share's picked counts up (the ledger move to staging is that module's, tested there).
    await ctx.handle.db.execute(sql`update location_stock set quantity_allocated = quantity_allocated - 1
      where inventory_id = ${a.inventoryId} and location_id = ${a.pick.id}`);
    await ctx.handle.db.execute(sql`update pick_tasks set quantity_picked = 1 where wave_id = ${wave.id}`);
    // …and the order's share of the task records the unit, as a confirmation does (put-backs count per order).
    await ctx.handle.db.execute(sql`update pick_task_orders set quantity_picked = 1
      where task_id in (select id from pick_tasks where wave_id = ${wave.id})`);
    const res = await ctx.as('manager', { method: 'POST', url: `/api/waves/${wave.id}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    const putBacks = res.json().data.tasks.filter((t: { kind: string }) => t.kind === 'put_back');
    expect(putBacks).toEqual([
      expect.objectContaining({ status: 'open', quantity: 1, location: expect.objectContaining({ id: a.pick.id }) }),
    ]);
    expect(await allocatedOf(ctx, a.inventoryId)).toEqual({});
  });
});

describe('scope and permissions', () => {
  it('keeps each warehouse’s manager to their own waves (404 outside, nothing changed)', async () => {
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive);
    const b = await stockedOrder(beta, ctx.world.accounts.otherClient);
    const alphaWave = (await release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] }, 'manager')).json().data;
    const betaWave = (await release(ctx, { warehouse_id: beta, order_ids: [b.order.id] }, 'otherManager')).json().data;
    expect(betaWave.number).toMatch(/^WAVE-/);
    expect((await ctx.as('otherManager', { method: 'GET', url: `/api/waves/${alphaWave.id}` })).statusCode).toBe(404);
    await expectRefusedUnchanged(
      ctx.handle.db,
      () => ctx.as('otherManager', { method: 'POST', url: `/api/waves/${alphaWave.id}/cancel` }),
      404,
    );
    expect((await ctx.as('manager', { method: 'GET', url: `/api/waves/${alphaWave.id}` })).json().data.status).toBe(
      'open',
    );
    await expectRefusedUnchanged(
      ctx.handle.db,
      () => release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] }, 'otherManager'),
      404,
    );
    // Alpha's manager naming Beta's order in Alpha: unknown there.
    const foreign = await release(ctx, { warehouse_id: alpha, order_ids: [b.order.id] }, 'manager');
    expect(foreign.statusCode).toBe(422);
    expect((await preview(ctx, { warehouse_id: alpha }, 'otherManager')).statusCode).toBe(404);
    const list = await ctx.as('otherManager', { method: 'GET', url: '/api/waves?per_page=100' });
    const ids = list.json().data.map((w: { id: number }) => w.id);
    expect(ids).toContain(betaWave.id);
    expect(ids).not.toContain(alphaWave.id);
    const all = await ctx.as('admin', { method: 'GET', url: '/api/waves?per_page=100' });
    expect(all.json().data.map((w: { id: number }) => w.id)).toEqual(
      expect.arrayContaining([alphaWave.id, betaWave.id]),
    );
  });

  it('clients hold no picking permission; a manager without `release waves` may look but not release', async () => {
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive);
    for (const url of ['/api/waves', `/api/waves/summary?warehouse_id=${alpha}`]) {
      expect((await ctx.as('client', { method: 'GET', url })).statusCode).toBe(403);
    }
    await expectRefusedUnchanged(
      ctx.handle.db,
      () => release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] }, 'client'),
      403,
    );
    await ctx.handle.db.execute(sql`delete from role_permissions where role_id = (select id from roles where name = 'manager')
      and permission_id = (select id from permissions where name = 'release waves')`);
    try {
      await expectRefusedUnchanged(
        ctx.handle.db,
        () => release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] }),
        403,
      );
      expect((await ctx.as('manager', { method: 'GET', url: '/api/waves' })).statusCode).toBe(200);
    } finally {
      await ctx.handle.db.execute(sql`insert into role_permissions (role_id, permission_id)
        select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'release waves'
        on conflict do nothing`);
    }
  });
});

describe('allocated units are held for the picker', () => {
  async function allocatedPlace(units: number, quantity: number) {
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive, units, quantity);
    const res = await release(ctx, { warehouse_id: alpha, order_ids: [a.order.id] });
    expect(res.statusCode, res.body).toBe(201);
    return a;
  }

  it('a move takes only units not allocated', async () => {
    const a = await allocatedPlace(5, 3);
    const to = await newLocation(ctx, alpha, { type: 'storage' });
    const move = (quantity: number) =>
      ctx.as('manager', {
        method: 'POST',
        url: `/api/inventories/${a.inventoryId}/moves`,
        payload: { from_location_id: a.pick.id, to_location_id: to.id, quantity },
      });
    // Refused by the rule (the location holds only 2 free units), not by the database's CHECK as a backstop.
    const refused = await expectRefusedUnchanged(ctx.handle.db, () => move(3), 409);
    expect(refused.json().message).toBe(LOCATION_STOCK_MESSAGES.sourceShort);
    expect((await move(2)).statusCode).toBe(200);
    expect(await allocatedOf(ctx, a.inventoryId)).toEqual({ [a.pick.id]: 3 });
  });

  it('a negative adjustment at the location, or without one, takes only units not allocated', async () => {
    const a = await allocatedPlace(5, 3);
    const adjust = (change: number, locationId?: number) =>
      ctx.as('admin', {
        method: 'POST',
        url: `/api/inventories/${a.inventoryId}/adjust`,
        payload: { type: 'on_hand', quantity_change: change, reason: 'test', location_id: locationId },
      });
    // Reserved 3 of 5: taking 2 keeps on hand ≥ reserved, but only if they are the unallocated ones.
    await expectRefusedUnchanged(ctx.handle.db, () => adjust(-3, a.pick.id), 422);
    const other = await newLocation(ctx, alpha, { type: 'storage', walk_sequence: 0 });
    await placeUnits(ctx, a.inventoryId, other.id, 4);
    // Without a location the take order would start at the pick face (pick first): its 3 allocated units stay.
    expect((await adjust(-4)).statusCode).toBe(200);
    const left = await rows(sql`select location_id, quantity, quantity_allocated from location_stock
      where inventory_id = ${a.inventoryId} order by location_id`);
    expect(left.map((r) => [Number(r.location_id), Number(r.quantity), Number(r.quantity_allocated)])).toEqual([
      [a.pick.id, 3, 3],
      [other.id, 2, 0],
    ]);
  });

  it('a count finding the location empty writes off only units not allocated', async () => {
    const zone = `CZ${Date.now().toString(36)}`;
    const stock = await emptyStock(ctx, ctx.world.accounts.clientActive, alpha);
    const pick = await newLocation(ctx, alpha, { type: 'pick', zone });
    await placeUnits(ctx, stock.inventoryId, pick.id, 5);
    const order = await createOrder(ctx, {
      accountId: ctx.world.accounts.clientActive,
      warehouseId: alpha,
      lines: [{ productId: stock.productId, quantity: 2 }],
    });
    expect((await release(ctx, { warehouse_id: alpha, order_ids: [order.id] })).statusCode).toBe(201);
    const count = (await createCount(ctx, { warehouse_id: alpha, scope: 'zone', zone })).json().data;
    expect(
      (await countLine(ctx, count.id, { location_code: pick.code, code: stock.sku, quantity: 0 })).statusCode,
    ).toBe(200);
    expect((await countAction(ctx, count.id, 'submit')).statusCode).toBe(200);
    expect((await countAction(ctx, count.id, 'approve')).statusCode).toBe(200);
    const [left] = await rows(sql`select quantity, quantity_allocated from location_stock
      where inventory_id = ${stock.inventoryId} and location_id = ${pick.id}`);
    expect([Number(left!.quantity), Number(left!.quantity_allocated)]).toEqual([2, 2]);
  });
});

describe('release summary and cut-offs', () => {
  it('counts orders per shipper and marks those due today late once the shipper’s cut-off has passed', async () => {
    const [shipper] = await rows(sql`insert into shippers (name, code) values ('Cutoff Express', ${`CX${Date.now()}`})
      returning id`);
    const shipperId = Number(shipper!.id);
    const set = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/shippers/${shipperId}/cutoffs`,
      payload: { cutoffs: [{ warehouse_id: alpha, cutoff_time: '00:00' }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual([expect.objectContaining({ warehouse_id: alpha, cutoff_time: '00:00' })]);
    // Beta is not Alpha's manager's to set.
    const foreign = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/shippers/${shipperId}/cutoffs`,
      payload: { cutoffs: [{ warehouse_id: beta, cutoff_time: '10:00' }] },
    });
    expect(foreign.statusCode).toBe(422);
    const a = await stockedOrder(alpha, ctx.world.accounts.clientActive);
    const today = new Date().toISOString().slice(0, 10);
    await ctx.handle.db.execute(sql`update orders set shipper_id = ${shipperId}, ship_date = ${today}::date
      where id = ${a.order.id}`);
    const res = await ctx.as('manager', { method: 'GET', url: `/api/waves/summary?warehouse_id=${alpha}` });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.shippers.find((s: { shipper: { id: number } | null }) => s.shipper?.id === shipperId);
    // Alpha's time zone is UTC: a 00:00 cut-off has passed (unless the test runs in the first minute of the day).
    expect(row).toMatchObject({ cutoff_time: '00:00', to_release: 1, released: 0 });
    if (res.json().data.now_local !== '00:00') expect(row).toMatchObject({ cutoff_state: 'passed', late: 1 });
    expect(
      (await ctx.as('otherManager', { method: 'GET', url: `/api/waves/summary?warehouse_id=${alpha}` })).statusCode,
    ).toBe(404);
  });
});
