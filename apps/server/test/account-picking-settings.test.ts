import { WAVE_MESSAGES } from '@wms/contract/waves';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from './support/orders';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import { emptyStock, newLocation, placeUnits, preview, sendToHospital } from './support/waves';
import type { Actor } from './support/world';

/**
 * The account's picking settings (minimum remaining shelf life, partial shipment, lot substitution): staff set
 * them through the account form's POST and PUT, every account answer carries them (its client reads them as they
 * read the payment terms), and allocation follows what was saved.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DEFAULTS = { min_remaining_shelf_life_days: 0, allow_partial_shipment: false, allow_lot_substitution: false };

const get = (actor: Actor, id: number) => ctx.as(actor, { method: 'GET', url: `/api/accounts/${id}` });
const put = (actor: Actor, id: number, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'PUT', url: `/api/accounts/${id}`, payload });

/** The staff edit form's required fields for an account of the client in Alpha. */
const staffFields = (name: string) => ({
  name,
  status: 'active',
  user_id: ctx.world.users.client.id,
  warehouse_ids: [ctx.world.warehouses.alpha],
});

async function newAccount(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/accounts',
    payload: { ...staffFields(`Picking ${Date.now()}-${Math.random()}`), account_type: 'regular', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('the account answer and the staff form', () => {
  it('gives a new account the defaults and keeps what staff send on create', async () => {
    const plain = await newAccount();
    expect((await get('admin', plain)).json().data).toMatchObject(DEFAULTS);
    const set = await newAccount({
      min_remaining_shelf_life_days: 45,
      allow_partial_shipment: true,
      allow_lot_substitution: true,
    });
    expect((await get('admin', set)).json().data).toMatchObject({
      min_remaining_shelf_life_days: 45,
      allow_partial_shipment: true,
      allow_lot_substitution: true,
    });
  });

  it('round-trips an update, and an update that leaves them out keeps them', async () => {
    const id = await newAccount();
    const saved = await put('admin', id, {
      ...staffFields('Round trip'),
      min_remaining_shelf_life_days: 3650,
      allow_partial_shipment: true,
      allow_lot_substitution: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ min_remaining_shelf_life_days: 3650, allow_partial_shipment: true });
    expect((await get('admin', id)).json().data).toMatchObject({
      min_remaining_shelf_life_days: 3650,
      allow_partial_shipment: true,
      allow_lot_substitution: false,
    });
    const renamed = await put('admin', id, staffFields('Renamed only'));
    expect(renamed.json().data).toMatchObject({
      name: 'Renamed only',
      min_remaining_shelf_life_days: 3650,
      allow_partial_shipment: true,
    });
  });

  it('refuses a shelf life that is not a whole number of days from 0 to 3650, naming the field', async () => {
    const id = await newAccount({ min_remaining_shelf_life_days: 7 });
    for (const bad of [-1, 3651, 1.5, '30']) {
      const res = await expectRefusedUnchanged(
        ctx.handle.db,
        () => put('admin', id, { ...staffFields('Bad shelf life'), min_remaining_shelf_life_days: bad }),
        422,
      );
      expect(res.json().errors.min_remaining_shelf_life_days, String(bad)).toEqual([WAVE_MESSAGES.shelfLifeInvalid]);
    }
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/accounts',
      payload: { ...staffFields('Bad on create'), account_type: 'regular', min_remaining_shelf_life_days: -1 },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.min_remaining_shelf_life_days).toEqual([WAVE_MESSAGES.shelfLifeInvalid]);
    const flag = await put('admin', id, { ...staffFields('Bad flag'), allow_partial_shipment: 'yes' });
    expect(flag.statusCode).toBe(422);
    expect(flag.json().errors.allow_partial_shipment).toHaveLength(1);
    expect((await get('admin', id)).json().data).toMatchObject({ ...DEFAULTS, min_remaining_shelf_life_days: 7 });
  });
});

describe('who may change them', () => {
  it('shows them to the account’s client, who cannot change them: their form drops them as it drops the status', async () => {
    const id = await newAccount({ min_remaining_shelf_life_days: 10 });
    expect((await get('client', id)).json().data).toMatchObject({ ...DEFAULTS, min_remaining_shelf_life_days: 10 });
    const res = await put('client', id, {
      name: 'Client edit',
      warehouse_ids: [ctx.world.warehouses.alpha],
      min_remaining_shelf_life_days: 0,
      allow_partial_shipment: true,
      allow_lot_substitution: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Client edit', ...DEFAULTS, min_remaining_shelf_life_days: 10 });
    expect((await get('admin', id)).json().data).toMatchObject({ ...DEFAULTS, min_remaining_shelf_life_days: 10 });
  });

  it('answers 404 to another client and 403 to a manager (no edit accounts), changing nothing', async () => {
    const id = await newAccount();
    const body = { ...staffFields('Not yours'), allow_partial_shipment: true };
    await expectRefusedUnchanged(ctx.handle.db, () => put('neighbourClient', id, body), 404);
    await expectRefusedUnchanged(ctx.handle.db, () => put('otherClient', id, body), 404);
    await expectRefusedUnchanged(ctx.handle.db, () => put('manager', id, body), 403);
    expect((await get('admin', id)).json().data).toMatchObject(DEFAULTS);
  });
});

describe('what they do', () => {
  it('turns a short order left out into a partial release once staff allow partial shipment through PUT', async () => {
    const account = await newAccount();
    const warehouse = ctx.world.warehouses.alpha;
    const stock = await emptyStock(ctx, account, warehouse);
    const pick = await newLocation(ctx, warehouse, { type: 'pick' });
    const hospital = await newLocation(ctx, warehouse, { type: 'pick' });
    await placeUnits(ctx, stock.inventoryId, pick.id, 3);
    // Reserved at order, but not allocatable at release: 2 of the 5 units lie in a hospital location.
    await placeUnits(ctx, stock.inventoryId, hospital.id, 2);
    await sendToHospital(ctx, hospital.id);
    const order = await createOrder(ctx, {
      accountId: account,
      warehouseId: warehouse,
      lines: [{ productId: stock.productId, quantity: 5 }],
    });
    const query = { warehouse_id: warehouse, account_ids: String(account) };

    const before = (await preview(ctx, query)).json().data;
    expect(before.orders).toEqual([]);
    expect(before.unreleasable).toContainEqual(
      expect.objectContaining({ order_id: order.id, reason: 'short', short_units: 2 }),
    );

    const saved = await put('admin', account, { ...staffFields('Partial allowed'), allow_partial_shipment: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await preview(ctx, query)).json().data;
    expect(after.orders).toEqual([
      expect.objectContaining({ order_id: order.id, units: 5, allocated_units: 3, partial: true }),
    ]);
    expect(after.unreleasable.map((u: { order_id: number }) => u.order_id)).not.toContain(order.id);
  });
});
