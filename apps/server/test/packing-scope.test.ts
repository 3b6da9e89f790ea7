import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCarton, packView, pickedOrder, scan, setPrefix, ship, shipRows } from './support/packing';
import { onCarts, rowsOf } from './support/picking';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPrefix(ctx);
});
afterAll(() => ctx.close());

describe('packing scope and permissions', () => {
  it("keeps Beta's manager out of Alpha's orders (404) and clients off the bench (403), changing nothing", async () => {
    // Two clients' accounts in one warehouse: each order is packed on its own.
    const mine = await pickedOrder(ctx, { accountId: ctx.world.accounts.clientActive });
    const neighbour = await pickedOrder(ctx, { accountId: ctx.world.accounts.neighbourActive });
    expect((await scan(ctx, mine.order.id, mine.stock.sku)).statusCode).toBe(200);
    // The neighbour's product is not in my order.
    const crossed = await scan(ctx, mine.order.id, neighbour.stock.sku);
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors.code[0]).toBe(`${neighbour.stock.sku} is not in this order.`);

    const orderId = mine.order.id;
    const cartonId = (await packView(ctx, orderId)).cartons[0].id;
    const calls = [
      { method: 'GET' as const, url: `/api/orders/${orderId}/pack` },
      { method: 'POST' as const, url: `/api/orders/${orderId}/pack`, payload: {} },
      { method: 'POST' as const, url: `/api/orders/${orderId}/pack/scan`, payload: { code: mine.stock.sku } },
      {
        method: 'POST' as const,
        url: `/api/orders/${orderId}/cartons/${cartonId}/close`,
        payload: { weight_g: 10, length_mm: 1, width_mm: 1, height_mm: 1 },
      },
      { method: 'POST' as const, url: `/api/orders/${orderId}/ship`, payload: {} },
    ];
    for (const call of calls) {
      expect((await ctx.as('otherManager', call)).statusCode, call.url).toBe(404);
      expect((await ctx.as('client', call)).statusCode, call.url).toBe(403);
    }
    const view = await packView(ctx, orderId);
    expect(view.items[0].verified).toBe(1);
    expect(view.cartons[0].status).toBe('open');
    expect(await shipRows(ctx, orderId)).toEqual([]);
    expect(await onCarts(ctx, mine.stock.inventoryId)).toBe(3);

    // A lookup in Alpha by Beta's manager is 404; by Alpha's manager it names the order.
    const lookup = (actor: 'manager' | 'otherManager') =>
      ctx.as(actor, {
        method: 'POST',
        url: '/api/packing/lookup',
        payload: { warehouse_id: mine.warehouseId, code: mine.order.orderNumber.toLowerCase() },
      });
    expect((await lookup('otherManager')).statusCode).toBe(404);
    expect((await lookup('manager')).json().data).toEqual({
      kind: 'order',
      order_id: orderId,
      order_number: mine.order.orderNumber,
    });
  }, 60_000);

  it("scopes carton types like locations: Beta's manager 404, clients 403, the Custom type locked", async () => {
    const alpha = ctx.world.warehouses.alpha;
    const list = await ctx.as('manager', { method: 'GET', url: `/api/warehouses/${alpha}/carton-types` });
    expect(list.statusCode, list.body).toBe(200);
    const custom = list.json().data[0];
    expect(custom).toMatchObject({ name: 'Custom', is_custom: true, length_mm: null, tare_weight_g: 0, active: true });
    expect(
      (await ctx.as('otherManager', { method: 'GET', url: `/api/warehouses/${alpha}/carton-types` })).statusCode,
    ).toBe(404);
    expect((await ctx.as('client', { method: 'GET', url: `/api/warehouses/${alpha}/carton-types` })).statusCode).toBe(
      403,
    );
    const body = { name: 'Small', length_mm: 200, width_mm: 150, height_mm: 100, tare_weight_g: 80 };
    const foreign = await ctx.as('otherManager', {
      method: 'POST',
      url: `/api/warehouses/${alpha}/carton-types`,
      payload: body,
    });
    expect(foreign.statusCode).toBe(404);
    const locked = await ctx.as('admin', { method: 'PUT', url: `/api/carton-types/${custom.id}`, payload: body });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.name[0]).toBe('The Custom carton type cannot be changed or deactivated.');
    const created = await ctx.as('manager', {
      method: 'POST',
      url: `/api/warehouses/${alpha}/carton-types`,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const twice = await ctx.as('manager', {
      method: 'POST',
      url: `/api/warehouses/${alpha}/carton-types`,
      payload: { ...body, name: 'small' },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.name[0]).toBe('This warehouse already has a carton type with this name.');
    const invalid = await ctx.as('manager', {
      method: 'POST',
      url: `/api/warehouses/${alpha}/carton-types`,
      payload: { ...body, name: 'Zero', width_mm: 0 },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.width_mm[0]).toBe('Enter a whole number of millimetres from 1 to 10 000.');
    const types = await rowsOf(ctx, sql`select name from carton_types where warehouse_id = ${alpha} order by id`);
    expect(types.filter((t) => String(t.name).toLowerCase() === 'small')).toHaveLength(1);
    // An unused type is deleted.
    const removed = await ctx.as('manager', { method: 'DELETE', url: `/api/carton-types/${created.json().data.id}` });
    expect(removed.json().message).toBe('Carton type deleted');
  }, 60_000);

  it('lets only all-warehouse staff set the GS1 prefix (7 to 10 digits); an account may have its own', async () => {
    const put = (actor: 'admin' | 'manager', payload: Record<string, unknown>) =>
      ctx.as(actor, { method: 'PUT', url: '/api/settings/packing', payload });
    expect((await put('manager', { gs1_company_prefix: '1234567', sscc_extension_digit: 1 })).statusCode).toBe(403);
    const short = await put('admin', { gs1_company_prefix: '123456', sscc_extension_digit: 1 });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.gs1_company_prefix[0]).toBe('GS1 company prefix: 7 to 10 digits.');
    const settings = await ctx.as('manager', { method: 'GET', url: '/api/settings/packing' });
    expect(settings.json().data).toEqual({ gs1_company_prefix: '0614141', sscc_extension_digit: 0 });

    // The account's own prefix wins over the installation's.
    const account = ctx.world.accounts.clientActive;
    const accountPut = await ctx.as('admin', { method: 'GET', url: `/api/accounts/${account}` });
    const current = accountPut.json().data;
    const body = {
      name: current.name,
      warehouse_ids: current.warehouse_ids,
      status: current.status,
      user_id: current.user_id,
    };
    const bad = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/accounts/${account}`,
      payload: { ...body, gs1_company_prefix: '12ab567' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.gs1_company_prefix[0]).toBe('GS1 company prefix: 7 to 10 digits.');
    const saved = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/accounts/${account}`,
      payload: { ...body, gs1_company_prefix: '9876543210', require_label: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ gs1_company_prefix: '9876543210', require_label: false });
    try {
      const w = await pickedOrder(ctx, { accountId: account });
      for (let i = 0; i < 3; i++) await scan(ctx, w.order.id, w.stock.sku);
      const closed = await closeCarton(ctx, w.order.id, (await packView(ctx, w.order.id)).cartons[0].id);
      expect(closed.json().data.cartons[0].sscc).toMatch(/^09876543210\d{7}$/);
      expect((await ship(ctx, w.order.id)).statusCode).toBe(200);
    } finally {
      await ctx.handle.db.execute(sql`update accounts set gs1_company_prefix = null where id = ${account}`);
    }
  }, 60_000);

  it('refuses closing a carton while no GS1 prefix is set', async () => {
    await setPrefix(ctx, null);
    try {
      const w = await pickedOrder(ctx);
      await scan(ctx, w.order.id, w.stock.sku);
      const res = await closeCarton(ctx, w.order.id, (await packView(ctx, w.order.id)).cartons[0].id);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.gs1_company_prefix[0]).toBe(
        'Set a GS1 company prefix in Settings → Packing before closing cartons.',
      );
      expect((await packView(ctx, w.order.id)).cartons[0]).toMatchObject({ status: 'open', sscc: null });
    } finally {
      await setPrefix(ctx);
    }
  }, 60_000);
});
