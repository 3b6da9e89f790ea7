import { STATUS_MESSAGES } from '@wms/contract/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from './support/orders';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import { emptyStock, newLocation, placeUnits, preview, release } from './support/waves';
import type { Actor } from './support/world';

/**
 * A status that holds release: the statuses form saves the flag, every status answer carries it, and an order in
 * such a status is never released into a wave (the preview lists it as on hold).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let names = 0;
const create = (payload: Record<string, unknown>) => ctx.as('admin', { method: 'POST', url: '/api/statuses', payload });
const put = (id: number, payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'PUT', url: `/api/statuses/${id}`, payload });
const get = (id: number) => ctx.as('manager', { method: 'GET', url: `/api/statuses/${id}` });

async function newStatus(extra: Record<string, unknown> = {}) {
  const name = `Hold check ${++names}`;
  const res = await create({ name, modules: ['orders'], ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().status.id as number, name };
}

describe('the statuses form', () => {
  it('creates a status that does not hold release unless told, and round-trips the flag', async () => {
    const plain = await newStatus();
    expect((await get(plain.id)).json().status.holds_release).toBe(false);
    const held = await newStatus({ holds_release: true });
    expect((await get(held.id)).json().status.holds_release).toBe(true);

    const cleared = await put(held.id, { name: held.name, modules: ['orders'], holds_release: false });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().status.holds_release).toBe(false);
    const set = await put(plain.id, { name: plain.name, modules: ['orders'], holds_release: true });
    expect(set.json().status.holds_release).toBe(true);
    // An edit that leaves the flag out keeps it.
    const renamed = await put(plain.id, { name: `${plain.name} renamed`, modules: ['orders'] });
    expect(renamed.json().status).toMatchObject({ name: `${plain.name} renamed`, holds_release: true });
    const listed = await ctx.as('manager', {
      method: 'GET',
      url: `/api/statuses?search=${encodeURIComponent(plain.name)}`,
    });
    expect(listed.json().statuses[0].holds_release).toBe(true);
  });

  it('refuses a flag that is not a boolean, and a manager (view only), changing nothing', async () => {
    const s = await newStatus();
    const bad = await expectRefusedUnchanged(
      ctx.handle.db,
      () => put(s.id, { name: s.name, modules: ['orders'], holds_release: 'yes' }),
      422,
    );
    expect(bad.json().errors.holds_release).toEqual([STATUS_MESSAGES.holdsReleaseInvalid]);
    await expectRefusedUnchanged(
      ctx.handle.db,
      () => put(s.id, { name: s.name, modules: ['orders'], holds_release: true }, 'manager'),
      403,
    );
    expect((await get(s.id)).json().status.holds_release).toBe(false);
  });
});

describe('release', () => {
  it('leaves an order whose status holds release out of the preview and the release, saying on hold', async () => {
    const warehouse = ctx.world.warehouses.alpha;
    const account = ctx.world.accounts.clientActive;
    const stock = await emptyStock(ctx, account, warehouse);
    const pick = await newLocation(ctx, warehouse, { type: 'pick' });
    await placeUnits(ctx, stock.inventoryId, pick.id, 5);
    const order = await createOrder(ctx, {
      accountId: account,
      warehouseId: warehouse,
      lines: [{ productId: stock.productId, quantity: 2 }],
    });
    const status = await newStatus();
    const moved = await ctx.as('admin', {
      method: 'POST',
      url: `/api/orders/${order.id}/status`,
      payload: { status: status.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const query = { warehouse_id: warehouse, account_ids: String(account) };
    const ids = (data: { orders: { order_id: number }[] }) => data.orders.map((o) => o.order_id);

    expect(ids((await preview(ctx, query)).json().data)).toContain(order.id);

    const held = await put(status.id, { name: status.name, modules: ['orders'], holds_release: true });
    expect(held.statusCode, held.body).toBe(200);
    const seen = (await preview(ctx, query)).json().data;
    expect(ids(seen)).not.toContain(order.id);
    expect(seen.unreleasable).toContainEqual(expect.objectContaining({ order_id: order.id, reason: 'on_hold' }));
    const refused = await expectRefusedUnchanged(
      ctx.handle.db,
      () => release(ctx, { warehouse_id: warehouse, order_ids: [order.id] }),
      422,
    );
    expect(refused.json().errors.order_ids[0]).toContain(order.orderNumber);

    await put(status.id, { name: status.name, modules: ['orders'], holds_release: false });
    expect(ids((await preview(ctx, query)).json().data)).toContain(order.id);
  });
});
