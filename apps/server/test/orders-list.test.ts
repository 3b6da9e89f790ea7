import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { createProduct } from './support/catalogue';
import { MemoryFileStorage } from './support/memory-storage';
import { createOrder, orderWithStock, stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
let alphaOrder: { id: number; orderNumber: string };
let neighbourOrder: { id: number; orderNumber: string };
let betaOrder: { id: number; orderNumber: string };

beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: new MemoryFileStorage() });
  const { accounts, warehouses } = ctx.world;
  alphaOrder = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha, { onHand: 10, quantity: 4 });
  neighbourOrder = await orderWithStock(ctx, accounts.neighbourActive, warehouses.alpha);
  betaOrder = await orderWithStock(ctx, accounts.otherClient, warehouses.beta);
});
afterAll(() => ctx.close());

const get = (actor: Actor, url: string) => ctx.as(actor, { method: 'GET', url });
const listIds = async (actor: Actor, query = '') => {
  const res = await get(actor, `/api/orders/with-merge-items${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { id: number }) => r.id);
};

describe('orders list', () => {
  it('answers order rows with the §3 fields and meta', async () => {
    const res = await get('admin', '/api/orders/with-merge-items');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 3, page: 1, per_page: 25, last_page: 1 });
    const row = body.data.find((r: { id: number }) => r.id === alphaOrder.id);
    expect(row).toMatchObject({
      type: 'order',
      order_number: alphaOrder.orderNumber,
      status: 'Pending',
      lifecycle: 'open',
      account: { id: ctx.world.accounts.clientActive, name: 'Cleo Active Goods' },
      warehouse: { id: ctx.world.warehouses.alpha, code: 'ALP' },
      shipper: null,
      items_count: 4,
      shipped_items_count: 0,
      has_labels: false,
      can_be_edited: true,
      can_be_deleted: true,
      isChild: false,
    });
  });

  it('scopes rows: clients see their accounts, managers their warehouses', async () => {
    expect(await listIds('client')).toEqual([alphaOrder.id]);
    expect(await listIds('neighbourClient')).toEqual([neighbourOrder.id]);
    expect((await listIds('manager')).sort()).toEqual([alphaOrder.id, neighbourOrder.id].sort());
    expect(await listIds('otherManager')).toEqual([betaOrder.id]);
    // Filters narrow the scope, never widen it.
    expect(await listIds('client', `?account_id=${ctx.world.accounts.neighbourActive}`)).toEqual([]);
    expect(await listIds('manager', `?warehouse_id=${ctx.world.warehouses.beta}`)).toEqual([]);
  });

  it('filters by search, status, account and warehouse', async () => {
    expect(await listIds('admin', `?search=${alphaOrder.orderNumber.toLowerCase()}`)).toEqual([alphaOrder.id]);
    expect(await listIds('admin', `?account_id=${ctx.world.accounts.otherClient}`)).toEqual([betaOrder.id]);
    expect((await listIds('admin', `?warehouse_id=${ctx.world.warehouses.alpha}`)).length).toBe(2);
    expect((await listIds('admin', '?status=pending')).length).toBe(3);
    expect(await listIds('admin', '?status=shipped')).toEqual([]);
    const bad = await get('admin', '/api/orders/with-merge-items?account_id=abc');
    expect(bad.statusCode).toBe(422);
  });

  it('pages 25 rows at a time, newest first', async () => {
    const stock = await stockedProduct(ctx, ctx.world.accounts.otherClient, ctx.world.warehouses.beta, 100);
    for (let i = 0; i < 26; i++) {
      await createOrder(ctx, {
        accountId: ctx.world.accounts.otherClient,
        warehouseId: ctx.world.warehouses.beta,
        lines: [{ productId: stock.productId, quantity: 1 }],
      });
    }
    const first = (await get('otherManager', '/api/orders/with-merge-items')).json();
    expect(first.data.length).toBe(25);
    expect(first.meta).toMatchObject({ total: 27, last_page: 2 });
    const second = (await get('otherManager', '/api/orders/with-merge-items?page=2')).json();
    expect(second.data.length).toBe(2);
    expect(second.data.at(-1).id).toBe(betaOrder.id);
  });

  it('moves orders shipped more than 7 days ago to the archive (type=all shows shipped orders only)', async () => {
    const { accounts, warehouses } = ctx.world;
    const old = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    const recent = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    const shipped = await ctx.handle.db.execute(sql`select id from statuses where system_key = 'shipped'`);
    const shippedId = (shipped as unknown as { rows: { id: number }[] }).rows[0]!.id;
    await ctx.handle.db
      .update(orders)
      .set({ statusId: shippedId, lifecycle: 'shipped', shippedAt: sql`now() - interval '8 days'` })
      .where(sql`${orders.id} = ${old.id}`);
    await ctx.handle.db
      .update(orders)
      .set({ statusId: shippedId, lifecycle: 'shipped', shippedAt: sql`now() - interval '2 days'` })
      .where(sql`${orders.id} = ${recent.id}`);
    const main = await listIds('client');
    expect(main).toContain(recent.id);
    expect(main).not.toContain(old.id);
    expect((await listIds('client', '?type=all')).sort()).toEqual([old.id, recent.id].sort());
  });
});

describe('order statistics', () => {
  it('counts total, pending, processing and shipped in scope', async () => {
    const res = await get('client', '/api/orders/statistics');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total_orders: 3,
      pending_orders: 1,
      processing_orders: 0,
      shipped_orders: 2,
      data: { total_orders: 3 },
    });
    expect((await get('neighbourClient', '/api/orders/statistics')).json().total_orders).toBe(1);
    expect((await get('otherManager', '/api/orders/statistics')).json().pending_orders).toBe(27);
  });
});

describe('status options', () => {
  const names = async (actor: Actor, query = '') =>
    (await get(actor, `/api/orders/status-options${query}`)).json().data.map((s: { name: string }) => s.name);

  it('offers clients only client (and shared) statuses, managers only manager ones, admins all', async () => {
    const client = await names('client');
    expect(client).toContain('Processing');
    expect(client).toContain('cancelled');
    expect(client).not.toContain('shipped');
    expect(client).not.toContain('Pending');
    const manager = await names('manager');
    expect(manager).toContain('shipped');
    expect(manager).not.toContain('Processing');
    expect((await names('admin')).length).toBe(28);
    expect(await names('admin', '?lifecycle=shipped')).toEqual(['shipped', 'Delivered', 'Letter_shipped']);
  });

  it('leaves out inactive statuses', async () => {
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/statuses',
      payload: { name: 'On hold', modules: ['orders'], is_active: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await names('admin')).not.toContain('On hold');
  });
});

describe('order detail', () => {
  it('answers the order with items, labels, timeline', async () => {
    const res = await get('client', `/api/orders/${alphaOrder.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.order_items).toHaveLength(1);
    expect(data.order_items[0]).toMatchObject({
      quantity: 4,
      quantity_reserved: 4,
      verified: false,
      status: 'pending',
    });
    expect(data.shipment_labels).toEqual([]);
    expect(data.timeline[0]).toMatchObject({ kind: 'order.created', title: `Order ${alphaOrder.orderNumber} created` });
  });

  it('answers 404 for orders of another client or another warehouse (real ids)', async () => {
    expect((await get('client', `/api/orders/${neighbourOrder.id}`)).statusCode).toBe(404);
    expect((await get('neighbourClient', `/api/orders/${alphaOrder.id}`)).statusCode).toBe(404);
    expect((await get('otherManager', `/api/orders/${alphaOrder.id}`)).statusCode).toBe(404);
    expect((await get('manager', `/api/orders/${betaOrder.id}`)).statusCode).toBe(404);
    expect((await get('admin', '/api/orders/0')).statusCode).toBe(422);
  });

  it('shows up to 3 thumbnails and counts the rest', async () => {
    const { accounts, warehouses } = ctx.world;
    const lines = [];
    for (let i = 0; i < 5; i++) {
      const p = await createProduct(ctx, accounts.clientActive, { photo: `https://img.example.com/${i}.png` });
      lines.push({ productId: p.id, quantity: 1 });
    }
    const order = await createOrder(ctx, { accountId: accounts.clientActive, warehouseId: warehouses.alpha, lines });
    const data = (await get('client', `/api/orders/${order.id}`)).json().data;
    expect(data.images).toHaveLength(3);
    expect(data.images_count).toBe(5);
    expect(data.items_count).toBe(5);
    expect(data.order_items.every((i: { quantity_short: number }) => i.quantity_short === 1)).toBe(true);
  });
});

describe('warehouse statistics', () => {
  it('count the warehouse orders by status, within the caller scope', async () => {
    const { warehouses } = ctx.world;
    const admin = (await get('admin', `/api/warehouses/${warehouses.alpha}/statistics`)).json().data;
    const byName = Object.fromEntries(
      admin.orders_by_status.map((s: { name: string; count: number }) => [s.name, s.count]),
    );
    expect(byName).toMatchObject({ Pending: expect.any(Number), shipped: 2 });
    expect(admin.orders_count).toBe(admin.orders_by_status.reduce((n: number, s: { count: number }) => n + s.count, 0));
    const neighbour = (await get('neighbourClient', `/api/warehouses/${warehouses.alpha}/statistics`)).json().data;
    expect(neighbour.orders_count).toBe(1);
    expect(neighbour.orders_by_status).toEqual([
      expect.objectContaining({ name: 'Pending', lifecycle: 'open', count: 1 }),
    ]);
  });
});
