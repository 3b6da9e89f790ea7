import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from './support/lots';
import { createOrder } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import {
  allocatedOf,
  emptyStock,
  newLocation,
  placeLot,
  placeUnits,
  preview,
  release,
  sendToHospital,
  setAccountPicking,
} from './support/waves';

/**
 * The allocation rule (docs/outbound-waves.md) through a real release: each test builds stock in a few
 * locations, releases one order, and reads which location and lot its pick task names, and why.
 */
let ctx: TestContext;
let account: number;
let warehouse: number;
beforeAll(async () => {
  ctx = await createTestContext();
  account = ctx.world.accounts.neighbourActive;
  warehouse = ctx.world.warehouses.alpha;
});
afterAll(() => ctx.close());

async function unassigned(): Promise<{ id: number }> {
  const res = await ctx.as('admin', { method: 'GET', url: `/api/warehouses/${warehouse}/locations?search=UNASSIGNED` });
  return { id: res.json().data[0].id };
}

interface Task {
  location: { id: number; code: string };
  lot: { id: number; code: string } | null;
  quantity: number;
  allocation_rule: string;
  lot_rule: string | null;
  reason: string;
}

/** Releases one order of `quantity` units and answers its pick tasks (or the failed response). */
async function releaseOne(productId: number, quantity: number) {
  const order = await createOrder(ctx, {
    accountId: account,
    warehouseId: warehouse,
    lines: [{ productId, quantity }],
  });
  const res = await release(ctx, { warehouse_id: warehouse, order_ids: [order.id] });
  return { order, res, tasks: (res.statusCode === 201 ? res.json().data.tasks : []) as Task[] };
}

describe('allocation rule', () => {
  it('takes a pick face before storage and receiving, and says so', async () => {
    const stock = await emptyStock(ctx, account, warehouse);
    const storage = await newLocation(ctx, warehouse, { type: 'storage', walk_sequence: 1 });
    const pick = await newLocation(ctx, warehouse, { type: 'pick', walk_sequence: 50 });
    await placeUnits(ctx, stock.inventoryId, storage.id, 10);
    await placeUnits(ctx, stock.inventoryId, pick.id, 10);
    const { res, tasks } = await releaseOne(stock.productId, 4);
    expect(res.statusCode, res.body).toBe(201);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ location: { id: pick.id }, quantity: 4, allocation_rule: 'pick_face' });
    expect(tasks[0]!.reason).toContain('Pick face');
    expect(await allocatedOf(ctx, stock.inventoryId)).toEqual({ [pick.id]: 4 });
  });

  it('falls back to storage when no pick face has it, then to receiving (UNASSIGNED)', async () => {
    const stock = await emptyStock(ctx, account, warehouse);
    const storage = await newLocation(ctx, warehouse, { type: 'storage' });
    await placeUnits(ctx, stock.inventoryId, storage.id, 2);
    // No location named: the units land in UNASSIGNED (created on first use).
    const adjusted = await ctx.as('admin', {
      method: 'POST',
      url: `/api/inventories/${stock.inventoryId}/adjust`,
      payload: { type: 'on_hand', quantity_change: 5, reason: 'fixture' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const { res, tasks } = await releaseOne(stock.productId, 4);
    expect(res.statusCode, res.body).toBe(201);
    // Tasks go in walk order (UNASSIGNED's walk sequence is 0); the rule chose storage's 2 units first.
    expect(
      tasks.map((t) => [t.location.id, t.quantity, t.allocation_rule]).sort((a, b) => (a[2]! > b[2]! ? -1 : 1)),
    ).toEqual([
      [storage.id, 2, 'storage'],
      [(await unassigned()).id, 2, 'receiving'],
    ]);
  });

  it('FEFO: an expiry-tracked product takes the earliest expiry first', async () => {
    const stock = await emptyStock(ctx, account, warehouse, { track_lots: true, track_expiry: true });
    const pick = await newLocation(ctx, warehouse, { type: 'pick' });
    await placeLot(ctx, stock.inventoryId, pick.id, { code: 'LATE', expiryDate: daysFromToday(300), quantity: 5 });
    const early = await placeLot(ctx, stock.inventoryId, pick.id, {
      code: 'EARLY',
      expiryDate: daysFromToday(100),
      quantity: 5,
    });
    const { res, tasks } = await releaseOne(stock.productId, 3);
    expect(res.statusCode, res.body).toBe(201);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ lot: { id: early, code: 'EARLY' }, lot_rule: 'fefo', quantity: 3 });
    expect(tasks[0]!.reason).toContain('FEFO');
  });

  it('FIFO: a lot-tracked product takes the oldest received lot first', async () => {
    const stock = await emptyStock(ctx, account, warehouse, { track_lots: true });
    const pick = await newLocation(ctx, warehouse, { type: 'pick' });
    const older = await placeLot(ctx, stock.inventoryId, pick.id, { code: 'B-OLD', expiryDate: null, quantity: 5 });
    await placeLot(ctx, stock.inventoryId, pick.id, { code: 'A-NEW', expiryDate: null, quantity: 5 });
    const { res, tasks } = await releaseOne(stock.productId, 5);
    expect(res.statusCode, res.body).toBe(201);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ lot: { id: older }, lot_rule: 'fifo', quantity: 5 });
  });

  it('never allocates an expired lot', async () => {
    const stock = await emptyStock(ctx, account, warehouse, { track_lots: true, track_expiry: true });
    const pick = await newLocation(ctx, warehouse, { type: 'pick' });
    const storage = await newLocation(ctx, warehouse, { type: 'storage' });
    await placeLot(ctx, stock.inventoryId, pick.id, { code: 'GONE', expiryDate: daysFromToday(-1), quantity: 5 });
    const good = await placeLot(ctx, stock.inventoryId, storage.id, {
      code: 'GOOD',
      expiryDate: daysFromToday(60),
      quantity: 5,
    });
    const { res, tasks } = await releaseOne(stock.productId, 3);
    expect(res.statusCode, res.body).toBe(201);
    expect(tasks.map((t) => [t.location.id, t.lot?.id])).toEqual([[storage.id, good]]);
    // Only the expired lot left usable: the next order is short.
    const next = await releaseOne(stock.productId, 3);
    expect(next.res.statusCode).toBe(422);
    expect(next.res.json().errors.order_ids[0]).toContain('Short');
  });

  it('honours the account’s minimum remaining shelf life', async () => {
    const stock = await emptyStock(ctx, account, warehouse, { track_lots: true, track_expiry: true });
    const pick = await newLocation(ctx, warehouse, { type: 'pick' });
    const storage = await newLocation(ctx, warehouse, { type: 'storage' });
    await placeLot(ctx, stock.inventoryId, pick.id, { code: 'SOON', expiryDate: daysFromToday(20), quantity: 5 });
    const long = await placeLot(ctx, stock.inventoryId, storage.id, {
      code: 'LONG',
      expiryDate: daysFromToday(90),
      quantity: 5,
    });
    await setAccountPicking(ctx, account, { minShelfLifeDays: 30 });
    try {
      const { res, tasks } = await releaseOne(stock.productId, 2);
      expect(res.statusCode, res.body).toBe(201);
      expect(tasks.map((t) => t.lot?.id)).toEqual([long]);
    } finally {
      await setAccountPicking(ctx, account, {});
    }
    // Without the setting the soon-expiring lot at the pick face goes first again (FEFO).
    const { tasks } = await releaseOne(stock.productId, 2);
    expect(tasks.map((t) => t.location.id)).toEqual([pick.id]);
  });

  it('never allocates from quarantine or a hospital location', async () => {
    const stock = await emptyStock(ctx, account, warehouse);
    const pick = await newLocation(ctx, warehouse, { type: 'pick' });
    const storage = await newLocation(ctx, warehouse, { type: 'storage' });
    const quarantine = await newLocation(ctx, warehouse, { type: 'quarantine' });
    await placeUnits(ctx, stock.inventoryId, pick.id, 3);
    await placeUnits(ctx, stock.inventoryId, storage.id, 3);
    await placeUnits(ctx, stock.inventoryId, quarantine.id, 10);
    await sendToHospital(ctx, pick.id);
    const { res, tasks } = await releaseOne(stock.productId, 3);
    expect(res.statusCode, res.body).toBe(201);
    expect(tasks.map((t) => t.location.id)).toEqual([storage.id]);
    // The pick face (3, in hospital) and quarantine (10) remain: an order of 3 is reserved but short.
    const next = await releaseOne(stock.productId, 3);
    expect(next.res.statusCode).toBe(422);
    expect(await allocatedOf(ctx, stock.inventoryId)).toEqual({ [storage.id]: 3 });
  });

  it('among equals takes the fewest locations: one that fills the line, else the fullest', async () => {
    const stock = await emptyStock(ctx, account, warehouse);
    const small = await newLocation(ctx, warehouse, { type: 'storage', walk_sequence: 1 });
    const big = await newLocation(ctx, warehouse, { type: 'storage', walk_sequence: 2 });
    const medium = await newLocation(ctx, warehouse, { type: 'storage', walk_sequence: 3 });
    await placeUnits(ctx, stock.inventoryId, small.id, 2);
    await placeUnits(ctx, stock.inventoryId, big.id, 10);
    await placeUnits(ctx, stock.inventoryId, medium.id, 6);
    const first = await releaseOne(stock.productId, 5);
    expect(first.tasks.map((t) => [t.location.id, t.quantity])).toEqual([[big.id, 5]]);
    // 11 units: no place fills it; the fullest empties (big 5, then medium 6).
    const second = await releaseOne(stock.productId, 11);
    expect(second.res.statusCode, second.res.body).toBe(201);
    expect(second.tasks.map((t) => [t.location.id, t.quantity]).sort()).toEqual(
      [
        [big.id, 5],
        [medium.id, 6],
      ].sort(),
    );
  });
});

describe('short orders and partial shipment', () => {
  it('leaves a short order out (the preview says why) unless the account allows partial shipment', async () => {
    const stock = await emptyStock(ctx, account, warehouse);
    const pick = await newLocation(ctx, warehouse, { type: 'pick' });
    const bad = await newLocation(ctx, warehouse, { type: 'pick' });
    await placeUnits(ctx, stock.inventoryId, pick.id, 3);
    await placeUnits(ctx, stock.inventoryId, bad.id, 2);
    await sendToHospital(ctx, bad.id);
    const order = await createOrder(ctx, {
      accountId: account,
      warehouseId: warehouse,
      lines: [{ productId: stock.productId, quantity: 5 }],
    });
    const seen = await preview(ctx, { warehouse_id: warehouse, account_ids: String(account) });
    expect(seen.statusCode, seen.body).toBe(200);
    const why = seen.json().data.unreleasable.find((u: { order_id: number }) => u.order_id === order.id);
    expect(why).toMatchObject({ reason: 'short', short_units: 2 });
    expect(why.message).toContain(stock.sku);
    const refused = await release(ctx, { warehouse_id: warehouse, order_ids: [order.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.order_ids[0]).toContain(order.orderNumber);
    expect(await allocatedOf(ctx, stock.inventoryId)).toEqual({});

    await setAccountPicking(ctx, account, { allowPartial: true });
    try {
      const partial = await release(ctx, { warehouse_id: warehouse, order_ids: [order.id] });
      expect(partial.statusCode, partial.body).toBe(201);
      const wave = partial.json().data;
      expect(wave.orders[0]).toMatchObject({ order_id: order.id, units: 5, units_allocated: 3 });
      expect(await allocatedOf(ctx, stock.inventoryId)).toEqual({ [pick.id]: 3 });
    } finally {
      await setAccountPicking(ctx, account, {});
    }
  });
});
