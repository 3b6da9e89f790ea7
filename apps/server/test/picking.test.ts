import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bin, stockIn } from './support/cycle-counts';
import { addLotStock, daysFromToday } from './support/lots';
import { createOrder, inventoryOf, stockedProduct } from './support/orders';
import { pdfBarcodes } from './support/pdf-barcodes';
import {
  allocationBreaches,
  lineOf,
  onCarts,
  oneTaskWave,
  pick,
  placeStock,
  releasedWave,
  rowsOf,
  short,
  taskRow,
} from './support/picking';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  expect(await allocationBreaches(ctx)).toEqual([]);
});
afterAll(() => ctx.close());

const scans = (w: Awaited<ReturnType<typeof oneTaskWave>>, extra: Record<string, unknown> = {}) => ({
  location_code: w.location.code,
  product_code: w.stock.sku,
  quantity: w.quantity,
  ...extra,
});

const eventsOf = (kind: string) =>
  rowsOf(ctx, sql`select subject_id, properties from activity where kind = ${kind} order by id`);

describe('get work and taking a wave', () => {
  it('hands out the urgent wave first, then the oldest; each once; then says none waits', async () => {
    const alpha = ctx.world.warehouses.alpha;
    // Earlier waves of other tests must not count: take every wave waiting now first.
    await ctx.handle.db.execute(sql`update waves set status = 'cancelled' where status = 'open'`);
    const older = await oneTaskWave(ctx);
    const urgent = await oneTaskWave(ctx, { priority: 'urgent' });
    const first = await ctx.as('manager', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.id).toBe(urgent.wave.id);
    expect(first.json().data.assignee.id).toBe(ctx.world.users.manager.id);
    expect(first.json().data.status).toBe('picking');
    const second = await ctx.as('admin', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(second.json().data.id).toBe(older.wave.id);
    const none = await ctx.as('admin', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No released wave is waiting for a picker in this warehouse.');
    // Another warehouse's manager cannot ask for Alpha's work; clients may not pick.
    const beta = await ctx.as('otherManager', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(beta.statusCode).toBe(404);
    const client = await ctx.as('client', {
      method: 'POST',
      url: '/api/waves/assign-next',
      payload: { warehouse_id: alpha },
    });
    expect(client.statusCode).toBe(403);
    expect((await eventsOf('wave.assigned')).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('refuses a wave someone else is picking, naming them; taking one’s own again changes nothing', async () => {
    const w = await oneTaskWave(ctx);
    const mine = await ctx.as('manager', { method: 'POST', url: `/api/waves/${w.wave.id}/assign` });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await ctx.as('manager', { method: 'POST', url: `/api/waves/${w.wave.id}/assign` })).statusCode).toBe(200);
    const other = await ctx.as('admin', { method: 'POST', url: `/api/waves/${w.wave.id}/assign` });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(`${w.wave.number} is being picked by Max Manager.`);
    // Nor may they pick its tasks.
    const picked = await pick(ctx, w.wave.id, w.taskId, scans(w), 'admin');
    expect(picked.statusCode).toBe(409);
    expect(picked.json().message).toBe(`${w.wave.number} is assigned to Max Manager; only they pick it.`);
    expect((await taskRow(ctx, w.taskId)).status).toBe('open');
  });
});

describe('confirming a pick', () => {
  it('refuses a wrong location, product, lot or quantity at once, saying what was expected; nothing changes', async () => {
    const w = await oneTaskWave(ctx, { barcode: `BC-${Date.now()}` });
    const before = await placeStock(ctx, w.stock.inventoryId, w.location.id);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ location_code: 'PK-999' }, 'location_code', `Wrong location: go to ${w.location.code}.`],
      [{ product_code: 'NOPE' }, 'product_code', `Wrong product: pick ${w.stock.sku} (barcode BC-`],
      [{ quantity: w.quantity + 1 }, 'quantity', `Pick ${w.quantity}. If fewer are there, report a short pick.`],
    ];
    for (const [change, field, message] of refusals) {
      const res = await pick(ctx, w.wave.id, w.taskId, scans(w, change));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field][0]).toContain(message);
    }
    expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual(before);
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(0);
    expect((await taskRow(ctx, w.taskId)).status).toBe('open');
  });

  it('moves the units from the location onto the cart by a ledger move, on hand unchanged; order and wave picked', async () => {
    const barcode = `EAN-${Date.now()}`;
    const w = await oneTaskWave(ctx, { barcode, units: 10, quantity: 3 });
    const onHandBefore = await inventoryOf(ctx, w.stock.inventoryId);
    // The product scanned by its barcode, in another case than stored.
    const res = await pick(ctx, w.wave.id, w.taskId, scans(w, { product_code: barcode.toLowerCase() }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Picked 3 × ${w.stock.sku} from ${w.location.code}.`);
    expect(res.json().ask_empty).toBe(false);
    // The answer is the wave's counts and the task it changed, not the whole wave.
    expect(res.json().data.wave).toMatchObject({ status: 'picked', tasks_done: 1, tasks_total: 1, units_picked: 3 });
    expect(res.json().data.tasks.map((t: { id: number; status: string }) => [t.id, t.status])).toEqual([
      [w.taskId, 'picked'],
    ]);
    expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 7, allocated: 0 });
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(3);
    expect(await inventoryOf(ctx, w.stock.inventoryId)).toEqual(onHandBefore);
    const moves = await rowsOf(
      ctx,
      sql`select m.type, m.location_delta, l.code, m.reference_type, m.reference_id from inventory_movements m
        join locations l on l.id = m.location_id where m.inventory_id = ${w.stock.inventoryId} and m.type = 'move'
        order by m.id`,
    );
    expect(moves).toEqual([
      { type: 'move', location_delta: -3, code: w.location.code, reference_type: 'pick_task', reference_id: w.taskId },
      { type: 'move', location_delta: 3, code: 'CARTS', reference_type: 'pick_task', reference_id: w.taskId },
    ]);
    const [order] = await rowsOf(ctx, sql`select state from wave_orders where order_id = ${w.order.id}`);
    expect(order!.state).toBe('picked');
    const picked = (await eventsOf('order.picked')).filter((e) => Number(e.subject_id) === w.order.id);
    expect(picked.map((e) => e.properties)).toEqual([
      { order_number: w.order.orderNumber, wave_id: w.wave.id, wave_number: w.wave.number, units: 3, short: 0 },
    ]);
    const outbox = await rowsOf(ctx, sql`select payload from webhook_events where type = 'order.picked'`);
    expect(outbox.map((r) => (r.payload as { order_id: number }).order_id)).toContain(w.order.id);
  });

  it('is idempotent for the picker who did it; another picker is told who did it', async () => {
    const w = await oneTaskWave(ctx);
    expect((await pick(ctx, w.wave.id, w.taskId, scans(w))).statusCode).toBe(200);
    const again = await pick(ctx, w.wave.id, w.taskId, scans(w));
    expect(again.statusCode, again.body).toBe(200);
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(w.quantity);
    await ctx.handle.db.execute(sql`update waves set status = 'picking' where id = ${w.wave.id}`);
    await ctx.handle.db.execute(sql`update waves set assignee_id = null where id = ${w.wave.id}`);
    const other = await pick(ctx, w.wave.id, w.taskId, scans(w), 'admin');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This task was already picked by Max Manager.');
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(w.quantity);
  });

  it('asks "is it empty now?" after the last units; "no" sends the location to hospital with a count', async () => {
    const w = await oneTaskWave(ctx, { units: 3, quantity: 3 });
    const res = await pick(ctx, w.wave.id, w.taskId, scans(w));
    expect(res.json().ask_empty).toBe(true);
    const answer = await ctx.as('manager', {
      method: 'POST',
      url: `/api/waves/${w.wave.id}/tasks/${w.taskId}/empty-check`,
      payload: { empty: false },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(`${w.location.code} sent to hospital: a count was created for it.`);
    const entry = await ctx.as('manager', { method: 'GET', url: `/api/locations/${w.location.id}/hospital` });
    expect(entry.json().data).toMatchObject({ reason: 'not_empty', location: { code: w.location.code } });
    expect(entry.json().data.cycle_count_id).toEqual(expect.any(Number));

    // Asked where the location still holds units: refused, nothing changes.
    const v = await oneTaskWave(ctx, { units: 10, quantity: 3 });
    expect((await pick(ctx, v.wave.id, v.taskId, scans(v))).json().ask_empty).toBe(false);
    const notAsked = await ctx.as('manager', {
      method: 'POST',
      url: `/api/waves/${v.wave.id}/tasks/${v.taskId}/empty-check`,
      payload: { empty: false },
    });
    expect(notAsked.statusCode).toBe(409);
    expect(
      (await ctx.as('manager', { method: 'GET', url: `/api/locations/${v.location.id}/hospital` })).json().data,
    ).toBeNull();
  });
});

describe('lots', () => {
  async function lotWave(allowSubstitution: boolean) {
    const alpha = ctx.world.warehouses.alpha;
    const accountId = ctx.world.accounts.clientActive;
    await ctx.handle.db.execute(
      sql`update accounts set allow_lot_substitution = ${allowSubstitution} where id = ${accountId}`,
    );
    const location = await bin(ctx, alpha, 'LOT', 'pick');
    const stock = await stockedProduct(ctx, accountId, alpha, 0, { track_expiry: true });
    const suffix = Date.now().toString(36);
    const allocated = await addLotStock(ctx, stock.inventoryId, {
      code: `A-${suffix}`,
      expiryDate: daysFromToday(100),
      quantity: 5,
      locationId: location.id,
    });
    await addLotStock(ctx, stock.inventoryId, {
      code: `EARLY-${suffix}`,
      expiryDate: daysFromToday(50),
      quantity: 5,
      locationId: location.id,
    });
    const later = await addLotStock(ctx, stock.inventoryId, {
      code: `LATE-${suffix}`,
      expiryDate: daysFromToday(200),
      quantity: 5,
      locationId: location.id,
    });
    const order = await createOrder(ctx, {
      accountId,
      warehouseId: alpha,
      lines: [{ productId: stock.productId, quantity: 2 }],
    });
    const orderItemId = await lineOf(ctx, order.id, stock.productId);
    const wave = await releasedWave(ctx, alpha, [
      {
        locationId: location.id,
        inventoryId: stock.inventoryId,
        productId: stock.productId,
        lotId: allocated,
        shares: [{ orderId: order.id, orderItemId, quantity: 2 }],
      },
    ]);
    const base = { location_code: location.code, product_code: stock.sku, quantity: 2 };
    return { wave, taskId: wave.taskIds[0]!, base, suffix, allocated, later, stock };
  }

  it('takes only the allocated lot when the account does not allow another', async () => {
    const l = await lotWave(false);
    const missing = await pick(ctx, l.wave.id, l.taskId, l.base);
    expect(missing.json().errors.lot_code).toEqual([`Scan or choose the lot: A-${l.suffix}.`]);
    const other = await pick(ctx, l.wave.id, l.taskId, { ...l.base, lot_code: `LATE-${l.suffix}` });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.lot_code).toEqual([
      `Wrong lot: pick lot A-${l.suffix} (this account does not allow another lot).`,
    ]);
    const right = await pick(ctx, l.wave.id, l.taskId, { ...l.base, lot_code: `a-${l.suffix}` });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('takes a lot of equal or later expiry in the same location when allowed, never an earlier one', async () => {
    const l = await lotWave(true);
    const early = await pick(ctx, l.wave.id, l.taskId, { ...l.base, lot_code: `EARLY-${l.suffix}` });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.lot_code).toEqual([
      `Lot not allowed: it expires before lot A-${l.suffix}. Pick A-${l.suffix}.`,
    ]);
    const late = await pick(ctx, l.wave.id, l.taskId, { ...l.base, lot_code: `LATE-${l.suffix}` });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.tasks[0].lot.code).toBe(`LATE-${l.suffix}`);
    // The ledger names the lot actually taken; the allocated lot keeps its units, free again.
    const moved = await rowsOf(
      ctx,
      sql`select lot_id, location_delta from inventory_movements
      where inventory_id = ${l.stock.inventoryId} and type = 'move' order by id`,
    );
    expect(moved.map((m) => Number(m.lot_id))).toEqual([l.later, l.later]);
    const [held] = await rowsOf(
      ctx,
      sql`select quantity, quantity_allocated from location_stock where lot_id = ${l.allocated}`,
    );
    expect(held).toEqual({ quantity: 5, quantity_allocated: 0 });
  });
});

describe('cluster mode', () => {
  it('starts with one tote per order on the cart, and puts each unit into its order’s tote', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const accountId = ctx.world.accounts.clientActive;
    const location = await bin(ctx, alpha, 'CL', 'pick');
    const stock = await stockIn(ctx, { warehouseId: alpha, accountId, locationId: location.id }, 10);
    const orders = [
      await createOrder(ctx, { accountId, warehouseId: alpha, lines: [{ productId: stock.productId, quantity: 1 }] }),
      await createOrder(ctx, { accountId, warehouseId: alpha, lines: [{ productId: stock.productId, quantity: 2 }] }),
    ];
    const shares = [
      { orderId: orders[0]!.id, orderItemId: await lineOf(ctx, orders[0]!.id, stock.productId), quantity: 1 },
      { orderId: orders[1]!.id, orderItemId: await lineOf(ctx, orders[1]!.id, stock.productId), quantity: 2 },
    ];
    const wave = await releasedWave(
      ctx,
      alpha,
      [{ locationId: location.id, inventoryId: stock.inventoryId, productId: stock.productId, shares }],
      { mode: 'cluster' },
    );
    const taskId = wave.taskIds[0]!;
    const base = { location_code: location.code, product_code: stock.sku, quantity: 3 };
    const early = await pick(ctx, wave.id, taskId, base);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Cluster mode: scan one tote per order onto the cart first.');

    const totes = (list: unknown[]) =>
      ctx.as('manager', { method: 'POST', url: `/api/waves/${wave.id}/totes`, payload: { totes: list } });
    const twice = await totes([
      { order_id: orders[0]!.id, tote: 'T-1' },
      { order_id: orders[1]!.id, tote: 't-1' },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['totes.1.tote']).toEqual(['Tote t-1 is already on the cart for another order.']);
    const partial = await totes([{ order_id: orders[0]!.id, tote: 'T-1' }]);
    expect(partial.json().errors.totes).toEqual(['Cluster mode: scan one tote per order onto the cart first.']);
    const ok = await totes([
      { order_id: orders[0]!.id, tote: 'T-1' },
      { order_id: orders[1]!.id, tote: 'T-2' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.tasks[0].orders.map((o: { tote: string }) => o.tote)).toEqual(['T-1', 'T-2']);

    const wrong = await pick(ctx, wave.id, taskId, {
      ...base,
      totes: [
        { order_id: orders[0]!.id, tote: 'T-2', quantity: 1 },
        { order_id: orders[1]!.id, tote: 'T-2', quantity: 2 },
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.totes).toEqual([`Wrong tote: ${orders[0]!.orderNumber}'s units go into tote T-1.`]);
    const right = await pick(ctx, wave.id, taskId, {
      ...base,
      totes: [
        { order_id: orders[0]!.id, tote: 'T-1', quantity: 1 },
        { order_id: orders[1]!.id, tote: 't-2', quantity: 2 },
      ],
    });
    expect(right.statusCode, right.body).toBe(200);
    const after = (await ctx.as('manager', { method: 'GET', url: `/api/waves/${wave.id}` })).json().data;
    expect(after.orders.map((o: { state: string }) => o.state)).toEqual(['picked', 'picked']);
    // Totes cannot change once units lie in them.
    expect(
      (
        await totes([
          { order_id: orders[0]!.id, tote: 'T-9' },
          { order_id: orders[1]!.id, tote: 'T-8' },
        ])
      ).statusCode,
    ).toBe(409);
  });
});

describe('short picks, skip and hospital', () => {
  it('puts what was there on the cart, sends the location to hospital with a count, and tells the supervisor', async () => {
    const w = await oneTaskWave(ctx, { units: 10, quantity: 4 });
    const tooMany = await short(ctx, w.wave.id, w.taskId, { quantity_found: 4, reason: 'damaged' });
    expect(tooMany.statusCode).toBe(422);
    const res = await short(ctx, w.wave.id, w.taskId, { quantity_found: 1, reason: 'damaged' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Short pick recorded. 3 units could not be found elsewhere: the supervisor decides.',
    );
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(1);
    // The system's 9 units stay where the records say until the count settles them; none is allocated any more.
    expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 9, allocated: 0 });
    const task = await taskRow(ctx, w.taskId);
    expect([task.status, task.quantity_picked]).toEqual(['short', 1]);
    const hospital = await ctx.as('manager', {
      method: 'GET',
      url: `/api/locations/hospital?warehouse_id=${w.warehouseId}`,
    });
    const entry = hospital.json().data.find((e: { location: { id: number } }) => e.location.id === w.location.id);
    expect(entry).toMatchObject({ reason: 'damaged', by: { name: 'Max Manager' } });
    const count = await ctx.as('manager', { method: 'GET', url: `/api/cycle-counts/${entry.cycle_count_id}` });
    expect(count.json().data.locations.map((l: { code: string }) => l.code)).toEqual([w.location.code]);
    const [shorted] = (await eventsOf('pick_task.shorted')).slice(-1);
    expect(shorted!.properties).toMatchObject({ expected: 4, found: 1, reason: 'damaged', reallocated: 0 });
    // The order is picked with what was found; its line is short by 3.
    const picked = (await eventsOf('order.picked')).filter((e) => Number(e.subject_id) === w.order.id);
    expect(picked.map((e) => e.properties)).toEqual([
      { order_number: w.order.orderNumber, wave_id: w.wave.id, wave_number: w.wave.number, units: 1, short: 3 },
    ]);
  });

  it('re-allocates the missing units at once from another location: the new task is next in the route', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const accountId = ctx.world.accounts.clientActive;
    const first = await bin(ctx, alpha, 'RA', 'pick');
    const next = await bin(ctx, alpha, 'RA', 'pick');
    const elsewhere = await bin(ctx, alpha, 'RB', 'storage');
    const stock = await stockIn(ctx, { warehouseId: alpha, accountId, locationId: first.id }, 4);
    const other = await stockIn(ctx, { warehouseId: alpha, accountId, locationId: next.id }, 2);
    await ctx.as('admin', {
      method: 'POST',
      url: `/api/inventories/${stock.inventoryId}/adjust`,
      payload: { type: 'on_hand', quantity_change: 6, reason: 'reserve stock', location_id: elsewhere.id },
    });
    const order = await createOrder(ctx, {
      accountId,
      warehouseId: alpha,
      lines: [
        { productId: stock.productId, quantity: 4 },
        { productId: other.productId, quantity: 1 },
      ],
    });
    const wave = await releasedWave(ctx, alpha, [
      {
        locationId: first.id,
        inventoryId: stock.inventoryId,
        productId: stock.productId,
        shares: [{ orderId: order.id, orderItemId: await lineOf(ctx, order.id, stock.productId), quantity: 4 }],
      },
      {
        locationId: next.id,
        inventoryId: other.inventoryId,
        productId: other.productId,
        shares: [{ orderId: order.id, orderItemId: await lineOf(ctx, order.id, other.productId), quantity: 1 }],
      },
    ]);
    const res = await short(ctx, wave.id, wave.taskIds[0]!, { quantity_found: 1, reason: 'not_found' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Short pick recorded. 3 units re-allocated from another location: next in the route.',
    );
    const tasks = res.json().data.tasks as {
      id: number;
      status: string;
      location: { code: string };
      quantity: number;
    }[];
    expect(tasks.map((t) => [t.location.code, t.status, t.quantity])).toEqual([
      [first.code, 'short', 4],
      [elsewhere.code, 'open', 3],
      [next.code, 'open', 1],
    ]);
    expect(await placeStock(ctx, stock.inventoryId, elsewhere.id)).toEqual({ quantity: 6, allocated: 3 });
    expect(await placeStock(ctx, stock.inventoryId, first.id)).toEqual({ quantity: 3, allocated: 0 });
    // The hospital location is never chosen again while it is there.
    const shorted = (await eventsOf('pick_task.shorted')).slice(-1)[0]!;
    expect(shorted.properties).toMatchObject({ expected: 4, found: 1, reallocated: 3 });
  }, 60_000);

  it("tells the warehouse's managers (the supervisors) about a short pick, nobody else", async () => {
    const w = await oneTaskWave(ctx, { units: 5, quantity: 2 });
    await ctx.as('admin', { method: 'POST', url: `/api/waves/${w.wave.id}/assign` });
    expect((await short(ctx, w.wave.id, w.taskId, { quantity_found: 0, reason: 'empty' }, 'admin')).statusCode).toBe(
      200,
    );
    const told = await rowsOf(
      ctx,
      sql`select user_id, title from notifications where kind = 'short_pick' and title = ${`Short pick in ${w.wave.number}`}`,
    );
    expect(told.map((n) => Number(n.user_id))).toEqual([ctx.world.users.manager.id]);
  });

  it('moves a skipped task to the end of the route, still allocated', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const accountId = ctx.world.accounts.clientActive;
    const a = await bin(ctx, alpha, 'SK', 'pick');
    const b = await bin(ctx, alpha, 'SK', 'pick');
    const sa = await stockIn(ctx, { warehouseId: alpha, accountId, locationId: a.id }, 5);
    const sb = await stockIn(ctx, { warehouseId: alpha, accountId, locationId: b.id }, 5);
    const order = await createOrder(ctx, {
      accountId,
      warehouseId: alpha,
      lines: [
        { productId: sa.productId, quantity: 1 },
        { productId: sb.productId, quantity: 1 },
      ],
    });
    const wave = await releasedWave(ctx, alpha, [
      {
        locationId: a.id,
        inventoryId: sa.inventoryId,
        productId: sa.productId,
        shares: [{ orderId: order.id, orderItemId: await lineOf(ctx, order.id, sa.productId), quantity: 1 }],
      },
      {
        locationId: b.id,
        inventoryId: sb.inventoryId,
        productId: sb.productId,
        shares: [{ orderId: order.id, orderItemId: await lineOf(ctx, order.id, sb.productId), quantity: 1 }],
      },
    ]);
    const res = await ctx.as('manager', { method: 'POST', url: `/api/waves/${wave.id}/tasks/${wave.taskIds[0]}/skip` });
    expect(res.statusCode, res.body).toBe(200);
    // The answer carries the skipped task alone (its new place at the end); the wave shows the new route.
    const skipped = res.json().data.tasks as { id: number; sequence: number }[];
    expect(skipped.map((t) => t.id)).toEqual([wave.taskIds[0]]);
    const after = (await ctx.as('manager', { method: 'GET', url: `/api/waves/${wave.id}` })).json().data;
    expect(after.tasks.map((t: { id: number }) => t.id)).toEqual([wave.taskIds[1], wave.taskIds[0]]);
    expect(skipped[0]!.sequence).toBe(after.tasks[1].sequence);
    expect(await placeStock(ctx, sa.inventoryId, a.id)).toEqual({ quantity: 5, allocated: 1 });
  });

  it('lists and clears hospital locations: `release waves` clears, others are refused, out of scope is 404', async () => {
    const w = await oneTaskWave(ctx, { units: 5, quantity: 2 });
    await short(ctx, w.wave.id, w.taskId, { quantity_found: 0, reason: 'not_found' });
    const clear = (actor: 'manager' | 'otherManager' | 'client') =>
      ctx.as(actor, { method: 'POST', url: `/api/locations/${w.location.id}/hospital`, payload: { action: 'clear' } });
    expect((await clear('client')).statusCode).toBe(403);
    expect((await clear('otherManager')).statusCode).toBe(404);
    expect(
      (await ctx.as('otherManager', { method: 'GET', url: `/api/locations/${w.location.id}/hospital` })).statusCode,
    ).toBe(404);
    // Another warehouse's manager lists nothing of Alpha's; Alpha's manager sees it.
    const list = (actor: 'manager' | 'otherManager') =>
      ctx.as(actor, { method: 'GET', url: `/api/locations/hospital?warehouse_id=${w.warehouseId}` });
    expect((await list('otherManager')).json().data).toEqual([]);
    expect((await list('manager')).json().data.map((e: { location: { id: number } }) => e.location.id)).toContain(
      w.location.id,
    );
    const cleared = await clear('manager');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().message).toBe(`${w.location.code} cleared: it is back in allocation.`);
    expect(
      (await ctx.as('manager', { method: 'GET', url: `/api/locations/${w.location.id}/hospital` })).json().data,
    ).toBeNull();
    expect((await clear('manager')).statusCode).toBe(409);
  });
});

describe('scope: two warehouses side by side', () => {
  it("keeps each warehouse's manager off the other's waves, tasks and pick lists (404), changing nothing", async () => {
    const inAlpha = await oneTaskWave(ctx);
    const inBeta = await oneTaskWave(ctx, {
      warehouseId: ctx.world.warehouses.beta,
      accountId: ctx.world.accounts.otherClient,
    });
    for (const [actor, w] of [
      ['otherManager', inAlpha],
      ['manager', inBeta],
    ] as const) {
      expect((await pick(ctx, w.wave.id, w.taskId, scans(w), actor)).statusCode).toBe(404);
      expect((await short(ctx, w.wave.id, w.taskId, { quantity_found: 0, reason: 'empty' }, actor)).statusCode).toBe(
        404,
      );
      expect((await ctx.as(actor, { method: 'POST', url: `/api/waves/${w.wave.id}/assign` })).statusCode).toBe(404);
      expect(
        (await ctx.as(actor, { method: 'POST', url: `/api/waves/${w.wave.id}/tasks/${w.taskId}/skip` })).statusCode,
      ).toBe(404);
      expect((await ctx.as(actor, { method: 'GET', url: `/api/waves/${w.wave.id}/pick-list` })).statusCode).toBe(404);
      expect((await taskRow(ctx, w.taskId)).status).toBe('open');
      expect(await onCarts(ctx, w.stock.inventoryId)).toBe(0);
    }
    // Each picks its own.
    expect((await pick(ctx, inAlpha.wave.id, inAlpha.taskId, scans(inAlpha), 'manager')).statusCode).toBe(200);
    expect((await pick(ctx, inBeta.wave.id, inBeta.taskId, scans(inBeta), 'otherManager')).statusCode).toBe(200);
    // A task id of another wave is not this wave's task.
    const res = await pick(ctx, inAlpha.wave.id, inBeta.taskId, scans(inBeta), 'admin');
    expect(res.statusCode).toBe(404);
  });
});

describe('pick list', () => {
  it('prints the wave and its open tasks with barcodes that decode back to their values', async () => {
    const barcode = `4006381${String(Date.now()).slice(-6)}`;
    const w = await oneTaskWave(ctx, { barcode });
    const res = await ctx.as('manager', { method: 'GET', url: `/api/waves/${w.wave.id}/pick-list` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${w.wave.number}.pdf"`);
    const [codes] = pdfBarcodes(res.rawPayload);
    expect([...codes!].sort()).toEqual([w.wave.number, w.location.code, barcode].sort());
    expect((await ctx.as('client', { method: 'GET', url: `/api/waves/${w.wave.id}/pick-list` })).statusCode).toBe(403);
  });
});
