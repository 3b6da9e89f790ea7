import { INVENTORY_MESSAGES } from '@wms/contract/inventory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory, createProduct, uniqueSku } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const create = (actor: Actor, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'POST', url: '/api/inventories', payload });

describe('POST /api/inventories', () => {
  it('creates a row with the product, account and warehouse joined, and the stock status', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Lamp', weight: 3.5 });
    const res = await create('manager', {
      product_id: product.id,
      warehouse_id: ctx.world.warehouses.alpha,
      account_id: ctx.world.accounts.clientActive,
      quantity_on_hand: 12,
      quantity_reserved: 4,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Inventory created successfully',
      data: {
        product_id: product.id,
        product: {
          id: product.id,
          name: 'Lamp',
          sku: product.sku,
          weight: 3.5,
          account: { name: 'Cleo Active Goods' },
        },
        account: { id: ctx.world.accounts.clientActive, name: 'Cleo Active Goods' },
        account_name: 'Cleo Active Goods',
        warehouse: { id: ctx.world.warehouses.alpha, name: 'Alpha Warehouse', code: 'ALP' },
        quantity_on_hand: 12,
        quantity_reserved: 4,
        quantity_available: 8,
        stock_status: 'low_stock',
        verified: false,
      },
    });
  });

  it.each([
    [{ product_id: undefined }, 'product_id', INVENTORY_MESSAGES.productRequired],
    [{ product_id: '' }, 'product_id', INVENTORY_MESSAGES.productRequired],
    [{ warehouse_id: undefined }, 'warehouse_id', INVENTORY_MESSAGES.warehouseRequired],
    [{ quantity_on_hand: undefined }, 'quantity_on_hand', INVENTORY_MESSAGES.onHandRequired],
    [{ quantity_on_hand: '' }, 'quantity_on_hand', INVENTORY_MESSAGES.onHandRequired],
    [{ quantity_on_hand: -1 }, 'quantity_on_hand', INVENTORY_MESSAGES.quantityPositive],
    [{ quantity_reserved: -1 }, 'quantity_reserved', INVENTORY_MESSAGES.quantityPositive],
    [{ quantity_on_hand: 2, quantity_reserved: 3 }, 'quantity_reserved', INVENTORY_MESSAGES.reservedExceedsOnHand],
  ])('refuses %j with the message on %s', async (fields, field, message) => {
    const res = await create('admin', {
      product_id: 1,
      warehouse_id: ctx.world.warehouses.alpha,
      account_id: ctx.world.accounts.clientActive,
      quantity_on_hand: 5,
      ...fields,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('allows one row per product, warehouse and account', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    const input = {
      productId: product.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      onHand: 1,
    };
    await createInventory(ctx, input);
    const again = await create('admin', {
      product_id: product.id,
      warehouse_id: input.warehouseId,
      account_id: input.accountId,
      quantity_on_hand: 3,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.product_id).toEqual([INVENTORY_MESSAGES.duplicate]);
  });

  it('requires the product to belong to the account and the account to be linked to the warehouse', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    const wrongAccount = await create('admin', {
      product_id: product.id,
      warehouse_id: ctx.world.warehouses.beta,
      account_id: ctx.world.accounts.otherClient,
      quantity_on_hand: 1,
    });
    expect(wrongAccount.json().errors.product_id).toEqual([INVENTORY_MESSAGES.productNotInAccount]);
    const unlinked = await create('admin', {
      product_id: product.id,
      warehouse_id: ctx.world.warehouses.beta,
      account_id: ctx.world.accounts.clientActive,
      quantity_on_hand: 1,
    });
    expect(unlinked.json().errors.account_id).toEqual([INVENTORY_MESSAGES.accountNotInWarehouse]);
    const managerElsewhere = await create('otherManager', {
      product_id: product.id,
      warehouse_id: ctx.world.warehouses.alpha,
      account_id: ctx.world.accounts.clientActive,
      quantity_on_hand: 1,
    });
    expect(managerElsewhere.statusCode).toBe(422);
    expect(managerElsewhere.json().errors.product_id).toEqual([INVENTORY_MESSAGES.productInvalid]);
  });

  it('forbids clients (403): they only view inventory', async () => {
    expect((await create('client', {})).statusCode).toBe(403);
  });
});

describe('inventory lists', () => {
  const { stock } = { stock: {} as Record<string, number> };
  beforeAll(async () => {
    const { clientActive, otherClient } = ctx.world.accounts;
    const { alpha, beta } = ctx.world.warehouses;
    for (const [key, account, warehouse, onHand, reserved] of [
      ['plenty', clientActive, alpha, 50, 0],
      ['low', clientActive, alpha, 8, 0],
      ['reservedLow', clientActive, alpha, 20, 15],
      ['out', clientActive, alpha, 0, 0],
      ['fullyReserved', clientActive, alpha, 5, 5],
      ['betaLow', otherClient, beta, 3, 0],
    ] as const) {
      const product = await createProduct(ctx, account, { sku: uniqueSku(`LIST-${key}`), name: `List ${key}` });
      stock[key] = (
        await createInventory(ctx, {
          productId: product.id,
          warehouseId: warehouse,
          accountId: account,
          onHand,
          reserved,
        })
      ).id;
    }
  });

  const idsOf = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

  it('answers data, meta (25 per page) and the low/out-of-stock counts', async () => {
    const res = await ctx.as('manager', { method: 'GET', url: '/api/inventories?search=list' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 25, total: 5 });
    expect(body.counts.low_stock_count).toBeGreaterThanOrEqual(2);
    expect(body.counts.out_of_stock_count).toBeGreaterThanOrEqual(2);
    expect(idsOf(body)).not.toContain(stock.betaLow);
  });

  it('low-stock lists available 1..10 and out-of-stock available ≤ 0, as inventories and data', async () => {
    const low = (
      await ctx.as('admin', { method: 'GET', url: '/api/inventories/low-stock?threshold=10&search=list' })
    ).json();
    expect(low.inventories).toEqual(low.data);
    expect(new Set(idsOf(low))).toEqual(new Set([stock.low, stock.reservedLow, stock.betaLow]));
    const out = (await ctx.as('admin', { method: 'GET', url: '/api/inventories/out-of-stock?search=list' })).json();
    expect(new Set(idsOf(out))).toEqual(new Set([stock.out, stock.fullyReserved]));
    expect(out.data.every((row: { stock_status: string }) => row.stock_status === 'out_of_stock')).toBe(true);
    const clientLow = (
      await ctx.as('otherClient', {
        method: 'GET',
        url: `/api/inventories/low-stock?account_id=${ctx.world.accounts.otherClient}&warehouse_id=${ctx.world.warehouses.beta}`,
      })
    ).json();
    expect(idsOf(clientLow)).toEqual([stock.betaLow]);
  });

  it('serves the client path for their account, 404 for another account', async () => {
    const { clientActive, otherClient } = ctx.world.accounts;
    const own = await ctx.as('client', {
      method: 'GET',
      url: `/api/accounts/${clientActive}/inventories?warehouse_id=${ctx.world.warehouses.alpha}&search=list`,
    });
    expect(own.json().meta.total).toBe(5);
    expect(
      (await ctx.as('client', { method: 'GET', url: `/api/accounts/${otherClient}/inventories` })).statusCode,
    ).toBe(404);
  });

  it('keeps clients and managers to their scope; filters only narrow', async () => {
    const total = async (actor: Actor, query: string) =>
      (await ctx.as(actor, { method: 'GET', url: `/api/inventories?search=list${query}` })).json().meta.total;
    expect(await total('client', '')).toBe(5);
    expect(await total('client', `&account_id=${ctx.world.accounts.otherClient}`)).toBe(0);
    expect(await total('otherClient', '')).toBe(1);
    expect(await total('otherManager', '')).toBe(1);
    expect(await total('manager', `&warehouse_id=${ctx.world.warehouses.beta}`)).toBe(0);
    expect(await total('admin', '&stock_status=in_stock')).toBe(1);
  });

  it('summarises warehouses and accounts for the cards', async () => {
    const res = await ctx.as('manager', { method: 'GET', url: '/api/inventories/summary' });
    expect(res.statusCode).toBe(200);
    const { warehouses } = res.json();
    expect(warehouses.map((w: { code: string }) => w.code)).toEqual(['ALP']);
    const alpha = warehouses[0];
    expect(alpha.items).toBeGreaterThanOrEqual(5);
    expect(alpha.accounts[0]).toMatchObject({ id: ctx.world.accounts.clientActive, name: 'Cleo Active Goods' });
    // An account linked to the warehouse gets its card even before it holds stock there; others' accounts do not.
    expect(alpha.accounts.find((a: { id: number }) => a.id === ctx.world.accounts.clientInactive)).toMatchObject({
      name: 'Cleo Dormant Goods',
      items: 0,
      units_on_hand: 0,
      low_stock_count: 0,
    });
    expect(alpha.accounts.some((a: { id: number }) => a.id === ctx.world.accounts.otherClient)).toBe(false);
    const admin = (await ctx.as('admin', { method: 'GET', url: '/api/inventories/summary' })).json();
    const beta = admin.warehouses.find((w: { code: string }) => w.code === 'BET');
    expect(beta).toMatchObject({
      items: 1,
      units_on_hand: 3,
      units_available: 3,
      low_stock_count: 1,
      out_of_stock_count: 0,
    });
    expect(admin.warehouses.find((w: { code: string }) => w.code === 'GAM')).toBeUndefined();
  });
});

describe('GET/PUT/DELETE /api/inventories/{id}, adjust, verify, movements', () => {
  let id: number;
  let foreignId: number;
  beforeAll(async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    id = (
      await createInventory(ctx, {
        productId: product.id,
        warehouseId: ctx.world.warehouses.alpha,
        accountId: ctx.world.accounts.clientActive,
        onHand: 10,
        reserved: 2,
      })
    ).id;
    const foreign = await createProduct(ctx, ctx.world.accounts.otherClient);
    foreignId = (
      await createInventory(ctx, {
        productId: foreign.id,
        warehouseId: ctx.world.warehouses.beta,
        accountId: ctx.world.accounts.otherClient,
        onHand: 1,
      })
    ).id;
  });

  it('reads in scope; 404 across clients and warehouses', async () => {
    expect((await ctx.as('client', { method: 'GET', url: `/api/inventories/${id}` })).json().data.id).toBe(id);
    for (const actor of ['client', 'manager'] as const) {
      const res = await ctx.as(actor, { method: 'GET', url: `/api/inventories/${foreignId}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Inventory not found' });
    }
    for (const [method, url, payload] of [
      ['PUT', `/api/inventories/${foreignId}`, { quantity_on_hand: 5 }],
      ['POST', `/api/inventories/${foreignId}/adjust`, { type: 'on_hand', quantity_change: 1 }],
      ['POST', `/api/inventories/${foreignId}/verify`, { verified: true }],
      ['GET', `/api/inventories/${foreignId}/movements`, undefined],
    ] as const) {
      expect((await ctx.as('manager', { method, url, payload })).statusCode).toBe(404);
    }
  });

  it('edits on hand and reserved, writing the deltas to the ledger', async () => {
    const res = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/inventories/${id}`,
      payload: { quantity_on_hand: 15, quantity_reserved: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Inventory updated successfully',
      data: { quantity_on_hand: 15, quantity_reserved: 1, quantity_available: 14, stock_status: 'in_stock' },
    });
    const movements = (await ctx.as('manager', { method: 'GET', url: `/api/inventories/${id}/movements` })).json();
    expect(movements.data[0]).toMatchObject({
      type: 'edit',
      on_hand_delta: 5,
      reserved_delta: -1,
      on_hand_after: 15,
      reserved_after: 1,
      user: { id: ctx.world.users.manager.id, name: 'Max Manager' },
    });
    expect(movements.data.at(-1)).toMatchObject({ type: 'initial', on_hand_delta: 10, reserved_delta: 2 });
  });

  it.each([
    [{ quantity_on_hand: '' }, 'quantity_on_hand', INVENTORY_MESSAGES.onHandRequired],
    [{ quantity_on_hand: -3 }, 'quantity_on_hand', INVENTORY_MESSAGES.quantityPositive],
    [{ quantity_on_hand: 3, quantity_reserved: -1 }, 'quantity_reserved', INVENTORY_MESSAGES.quantityPositive],
    [{ quantity_on_hand: 3, quantity_reserved: 4 }, 'quantity_reserved', INVENTORY_MESSAGES.reservedExceedsOnHand],
    [{ quantity_on_hand: 0 }, 'quantity_on_hand', INVENTORY_MESSAGES.onHandBelowReserved],
  ])('refuses edit %j', async (payload, field, message) => {
    const res = await ctx.as('admin', { method: 'PUT', url: `/api/inventories/${id}`, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('adjusts on hand and reserved with a reason; refuses going below zero or reserving more than on hand', async () => {
    const adjust = (payload: Record<string, unknown>) =>
      ctx.as('manager', { method: 'POST', url: `/api/inventories/${id}/adjust`, payload });
    const before = (await ctx.as('admin', { method: 'GET', url: `/api/inventories/${id}` })).json().data;
    const ok = await adjust({ type: 'on_hand', quantity_change: -4, reason: 'Damaged' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Inventory adjusted successfully',
      data: { quantity_on_hand: before.quantity_on_hand - 4 },
    });
    expect((await adjust({ type: 'reserved', quantity_change: 2 })).json().data.quantity_reserved).toBe(
      before.quantity_reserved + 2,
    );
    const current = (await ctx.as('admin', { method: 'GET', url: `/api/inventories/${id}` })).json().data;

    const tooMuch = await adjust({ type: 'on_hand', quantity_change: -(current.quantity_on_hand + 1) });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.quantity_change).toEqual([INVENTORY_MESSAGES.belowZeroOnHand]);
    const belowReserved = await adjust({ type: 'on_hand', quantity_change: -current.quantity_on_hand });
    expect(belowReserved.json().errors.quantity_change).toEqual([INVENTORY_MESSAGES.onHandBelowReserved]);
    const negativeReserved = await adjust({ type: 'reserved', quantity_change: -(current.quantity_reserved + 1) });
    expect(negativeReserved.json().errors.quantity_change).toEqual([INVENTORY_MESSAGES.belowZeroReserved]);
    const overReserved = await adjust({ type: 'reserved', quantity_change: current.quantity_available + 1 });
    expect(overReserved.json().errors.quantity_change).toEqual([INVENTORY_MESSAGES.reservedExceedsOnHand]);

    expect((await adjust({ type: 'on_hand' })).json().errors.quantity_change).toEqual([
      INVENTORY_MESSAGES.quantityChangeRequired,
    ]);
    expect((await adjust({ type: 'on_hand', quantity_change: '' })).json().errors.quantity_change).toEqual([
      INVENTORY_MESSAGES.quantityChangeRequired,
    ]);
    expect((await adjust({ type: 'on_hand', quantity_change: 0 })).json().errors.quantity_change).toEqual([
      INVENTORY_MESSAGES.quantityChangeNonZero,
    ]);
    expect((await adjust({ type: 'sideways', quantity_change: 1 })).json().errors.type).toEqual([
      INVENTORY_MESSAGES.typeInvalid,
    ]);
    const after = (await ctx.as('admin', { method: 'GET', url: `/api/inventories/${id}` })).json().data;
    expect(after).toMatchObject({
      quantity_on_hand: current.quantity_on_hand,
      quantity_reserved: current.quantity_reserved,
    });
    const latest = (
      await ctx.as('admin', { method: 'GET', url: `/api/inventories/${id}/movements?per_page=3` })
    ).json();
    expect(latest.data[1]).toMatchObject({ type: 'adjustment', on_hand_delta: -4, reason: 'Damaged' });
    expect(latest.meta.per_page).toBe(3);
  });

  it('forbids clients to adjust, edit, delete or verify (403)', async () => {
    for (const [method, url, payload] of [
      ['POST', `/api/inventories/${id}/adjust`, { type: 'on_hand', quantity_change: 1 }],
      ['PUT', `/api/inventories/${id}`, { quantity_on_hand: 1 }],
      ['DELETE', `/api/inventories/${id}`, undefined],
      ['POST', `/api/inventories/${id}/verify`, { verified: true }],
    ] as const) {
      expect((await ctx.as('client', { method, url, payload })).statusCode).toBe(403);
    }
  });

  it('lets staff toggle verified', async () => {
    const on = await ctx.as('manager', {
      method: 'POST',
      url: `/api/inventories/${id}/verify`,
      payload: { verified: true },
    });
    expect(on.json()).toMatchObject({ message: 'Verified status updated successfully', data: { verified: true } });
    const off = await ctx.as('admin', {
      method: 'POST',
      url: `/api/inventories/${id}/verify`,
      payload: { verified: false },
    });
    expect(off.json().data.verified).toBe(false);
    const missing = await ctx.as('admin', { method: 'POST', url: `/api/inventories/${id}/verify`, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.verified).toEqual(['Say whether the inventory is verified.']);
    const longReason = await ctx.as('admin', {
      method: 'POST',
      url: `/api/inventories/${id}/adjust`,
      payload: { type: 'on_hand', quantity_change: 1, reason: 'r'.repeat(501) },
    });
    expect(longReason.json().errors.reason).toEqual(['Use at most 500 characters for the reason.']);
  });

  it('refuses deleting a row with reservations (409) and deletes with a closing movement otherwise', async () => {
    const refused = await ctx.as('admin', { method: 'DELETE', url: `/api/inventories/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: INVENTORY_MESSAGES.deleteReserved });
    const current = (await ctx.as('admin', { method: 'GET', url: `/api/inventories/${id}` })).json().data;
    await ctx.as('admin', {
      method: 'POST',
      url: `/api/inventories/${id}/adjust`,
      payload: { type: 'reserved', quantity_change: -current.quantity_reserved },
    });
    const deleted = await ctx.as('admin', { method: 'DELETE', url: `/api/inventories/${id}` });
    expect(deleted.json()).toEqual({ message: 'Inventory deleted successfully' });
    expect((await ctx.as('admin', { method: 'GET', url: `/api/inventories/${id}` })).statusCode).toBe(404);
  });
});
