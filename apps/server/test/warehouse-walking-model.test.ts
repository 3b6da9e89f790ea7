import { WAREHOUSE_MESSAGES } from '@wms/contract/warehouses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from './support/orders';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import { emptyStock, newLocation, placeUnits, preview, release } from './support/waves';
import type { Actor } from './support/world';

/**
 * The warehouse's walking model (aisle and rack spacing, centimetres): the warehouse form saves it, every warehouse
 * answer carries it, and the wave preview's estimated walk is measured with it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let codes = 0;
const post = (payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'POST', url: '/api/warehouses', payload });
const put = (id: number, payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'PUT', url: `/api/warehouses/${id}`, payload });
const get = (id: number) => ctx.as('admin', { method: 'GET', url: `/api/warehouses/${id}` });

async function newWarehouse(extra: Record<string, unknown> = {}) {
  const code = `WM${++codes}`;
  const res = await post({ name: `Walk ${code}`, code, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().warehouse.id as number, name: `Walk ${code}`, code };
}

describe('the warehouse form', () => {
  it('gives a new warehouse 300 cm between aisles and 120 cm per rack, or what was sent', async () => {
    const plain = await newWarehouse();
    expect((await get(plain.id)).json().warehouse).toMatchObject({ aisle_spacing_cm: 300, rack_spacing_cm: 120 });
    const set = await newWarehouse({ aisle_spacing_cm: 450, rack_spacing_cm: 90 });
    expect((await get(set.id)).json().warehouse).toMatchObject({ aisle_spacing_cm: 450, rack_spacing_cm: 90 });
    const list = await ctx.as('admin', { method: 'GET', url: `/api/warehouses?search=${set.code}` });
    expect(list.json().data[0]).toMatchObject({ aisle_spacing_cm: 450, rack_spacing_cm: 90 });
  });

  it('round-trips an update; an update that leaves them out keeps them', async () => {
    const w = await newWarehouse();
    const saved = await put(w.id, { name: w.name, code: w.code, aisle_spacing_cm: 100000, rack_spacing_cm: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().warehouse).toMatchObject({ aisle_spacing_cm: 100000, rack_spacing_cm: 1 });
    const renamed = await put(w.id, { name: 'Renamed walk', code: w.code });
    expect(renamed.json().warehouse).toMatchObject({
      name: 'Renamed walk',
      aisle_spacing_cm: 100000,
      rack_spacing_cm: 1,
    });
  });

  it.each([
    ['aisle_spacing_cm', 0, WAREHOUSE_MESSAGES.aisleSpacingInvalid],
    ['aisle_spacing_cm', 100001, WAREHOUSE_MESSAGES.aisleSpacingInvalid],
    ['aisle_spacing_cm', 2.5, WAREHOUSE_MESSAGES.aisleSpacingInvalid],
    ['aisle_spacing_cm', '300', WAREHOUSE_MESSAGES.aisleSpacingInvalid],
    ['rack_spacing_cm', -1, WAREHOUSE_MESSAGES.rackSpacingInvalid],
    ['rack_spacing_cm', 100001, WAREHOUSE_MESSAGES.rackSpacingInvalid],
    ['rack_spacing_cm', 1.5, WAREHOUSE_MESSAGES.rackSpacingInvalid],
    ['rack_spacing_cm', null, WAREHOUSE_MESSAGES.rackSpacingInvalid],
  ])('refuses %s = %j with 422 naming the field, changing nothing', async (field, value, message) => {
    const w = await newWarehouse();
    const res = await expectRefusedUnchanged(
      ctx.handle.db,
      () => put(w.id, { name: w.name, code: w.code, [field]: value }),
      422,
    );
    expect(res.json().errors[field]).toEqual([message]);
    const created = await expectRefusedUnchanged(
      ctx.handle.db,
      () => post({ name: 'Never', code: `NV${codes}`, [field]: value }),
      422,
    );
    expect(created.json().errors[field]).toEqual([message]);
  });

  it('is the administrators’: a manager of the warehouse gets 403 and nothing changes', async () => {
    const alpha = ctx.world.warehouses.alpha;
    await expectRefusedUnchanged(
      ctx.handle.db,
      () => put(alpha, { name: 'Alpha Warehouse', code: 'ALP', aisle_spacing_cm: 50 }, 'manager'),
      403,
    );
    expect((await get(alpha)).json().warehouse.aisle_spacing_cm).toBe(300);
  });
});

/** A fresh warehouse with an account of the demo client in it (so a preview or release sees only this test's orders). */
async function warehouseWithAccount() {
  const w = await newWarehouse();
  const account = await ctx.as('admin', {
    method: 'POST',
    url: '/api/accounts',
    payload: {
      name: `Walker ${w.code}`,
      status: 'active',
      account_type: 'regular',
      user_id: ctx.world.users.client.id,
      warehouse_ids: [w.id],
    },
  });
  expect(account.statusCode, account.body).toBe(201);
  return { ...w, accountId: account.json().data.id as number };
}

/** An order of one unit of a product lying at `place` (aisle and rack) of the warehouse. */
async function orderAt(w: { id: number; accountId: number }, place: { aisle: string; rack: string }) {
  const stock = await emptyStock(ctx, w.accountId, w.id);
  const bin = await newLocation(ctx, w.id, { type: 'pick', zone: 'A', ...place });
  await placeUnits(ctx, stock.inventoryId, bin.id, 4);
  return createOrder(ctx, {
    accountId: w.accountId,
    warehouseId: w.id,
    lines: [{ productId: stock.productId, quantity: 1 }],
  });
}

const previewedWalk = async (warehouseId: number, mode: string) => {
  const res = await preview(ctx, { warehouse_id: warehouseId, mode }, 'admin');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.estimated_distance_m as number;
};

describe('the wave preview', () => {
  it('measures the estimated walk with the warehouse’s spacing', async () => {
    const w = await warehouseWithAccount();
    const accountId = w.accountId;
    const stock = await emptyStock(ctx, accountId, w.id);
    // Aisle 3, rack 5: from the dock at the front cross-aisle, 3 aisle widths across and 4.5 racks deep, and back.
    const bin = await newLocation(ctx, w.id, { type: 'pick', zone: 'A', aisle: '3', rack: '5' });
    await placeUnits(ctx, stock.inventoryId, bin.id, 4);
    await createOrder(ctx, { accountId, warehouseId: w.id, lines: [{ productId: stock.productId, quantity: 2 }] });
    const walk = async () => {
      const res = await preview(ctx, { warehouse_id: w.id }, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.order_count).toBe(1);
      return res.json().data.estimated_distance_m as number;
    };

    // 2 × (3 × 3 m + 4.5 × 1.2 m) = 28.8 m.
    expect(await walk()).toBe(29);
    const saved = await put(w.id, { name: w.name, code: w.code, aisle_spacing_cm: 600, rack_spacing_cm: 240 });
    expect(saved.statusCode, saved.body).toBe(200);
    // 2 × (3 × 6 m + 4.5 × 2.4 m) = 57.6 m.
    expect(await walk()).toBe(58);
  });
});

describe('a wave an order leaves', () => {
  it.each([
    ['batch', 'cancelled'],
    ['discrete', 'removed by the supervisor'],
  ])('in %s mode, is measured again without the order once it is %s', async (mode, how) => {
    const w = await warehouseWithAccount();
    const near = await orderAt(w, { aisle: '1', rack: '2' });
    const walkOfNear = await previewedWalk(w.id, mode);
    const far = await orderAt(w, { aisle: '9', rack: '20' });
    const walkOfBoth = await previewedWalk(w.id, mode);
    expect(walkOfBoth).toBeGreaterThan(walkOfNear);

    const released = await release(ctx, { warehouse_id: w.id, order_ids: [near.id, far.id], mode }, 'admin');
    expect(released.statusCode, released.body).toBe(201);
    const waveId: number = released.json().data.id;
    const walkOfWave = async () =>
      (await ctx.as('admin', { method: 'GET', url: `/api/waves/${waveId}` })).json().data.estimated_distance_m;
    expect(await walkOfWave()).toBe(walkOfBoth);

    const left =
      how === 'cancelled'
        ? await ctx.as('admin', {
            method: 'POST',
            url: `/api/orders/${far.id}/status`,
            payload: { status: 'cancelled' },
          })
        : await ctx.as('admin', { method: 'POST', url: `/api/waves/${waveId}/orders/${far.id}/remove` });
    expect(left.statusCode, left.body).toBe(200);
    expect(await walkOfWave()).toBe(walkOfNear);
  });
});
