import { DEFAULT_ORDER_STATUSES } from '@wms/contract/order-lifecycle';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../src/db/schema/orders';
import { recordEvent } from '../src/modules/platform/activity/record-event';
import { createInventory, createProduct } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
const statusId = (name: string) => DEFAULT_ORDER_STATUSES.findIndex((s) => s.name === name) + 1;
let counter = 0;

async function order(input: {
  accountId: number;
  warehouseId: number;
  status?: 'Pending' | 'shipped' | 'Processing';
  daysAgo?: number;
  shipDate?: string;
  shipped?: { productId: number; quantity: number };
}) {
  const status = input.status ?? 'Pending';
  const created = sql`now() - make_interval(days => ${input.daysAgo ?? 0})`;
  const [row] = await ctx.handle.db
    .insert(orders)
    .values({
      orderNumber: `ORD-D-${++counter}`,
      externalOrderId: `EXT-D-${counter}`,
      accountId: input.accountId,
      warehouseId: input.warehouseId,
      statusId: statusId(status),
      lifecycle: status === 'shipped' ? 'shipped' : 'open',
      customerName: 'Dana',
      shipDate: input.shipDate ?? null,
      createdAt: created,
      shippedAt: status === 'shipped' ? created : null,
    })
    .returning({ id: orders.id });
  if (input.shipped) {
    await ctx.handle.db.insert(orderItems).values({
      orderId: row!.id,
      productId: input.shipped.productId,
      quantity: input.shipped.quantity,
      quantityShipped: input.shipped.quantity,
    });
  }
  return row!.id;
}

const dashboard = async (actor: Actor, query = '') => {
  const res = await ctx.as(actor, { method: 'GET', url: `/api/dashboard${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

let lamp: { id: number; sku: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const { alpha, beta } = ctx.world.warehouses;
  const { clientActive, neighbourActive, otherClient } = ctx.world.accounts;
  lamp = await createProduct(ctx, clientActive, { name: 'Desk lamp' });
  await createInventory(ctx, { productId: lamp.id, warehouseId: alpha, accountId: clientActive, onHand: 4 });
  await order({ accountId: clientActive, warehouseId: alpha });
  await order({ accountId: clientActive, warehouseId: alpha, daysAgo: 40 });
  await order({ accountId: clientActive, warehouseId: alpha, shipDate: '2000-01-01' });
  await order({
    accountId: clientActive,
    warehouseId: alpha,
    status: 'shipped',
    shipDate: '2000-01-01',
    shipped: { productId: lamp.id, quantity: 3 },
  });
  await order({ accountId: neighbourActive, warehouseId: alpha });
  await order({ accountId: neighbourActive, warehouseId: alpha });
  await order({ accountId: otherClient, warehouseId: beta, status: 'Processing' });
});
afterAll(() => ctx.close());

describe('dashboard', () => {
  it("counts only the client's own accounts' orders and products", async () => {
    const client = await dashboard('client');
    expect(client.overview).toMatchObject({
      total_orders: 4,
      orders_this_period: 3,
      pending_orders: 3,
      shipped_orders: 1,
      delayed_orders: 1,
      total_products: 1,
      low_stock_items: 1,
    });
    expect(
      client.orders.recent_orders.every(
        (o: { account: { id: number } }) => o.account.id === ctx.world.accounts.clientActive,
      ),
    ).toBe(true);
    const neighbour = await dashboard('neighbourClient');
    expect(neighbour.overview).toMatchObject({ total_orders: 2, total_products: 0, low_stock_items: 0 });
    expect(neighbour.charts.top_products).toEqual([]);
  });

  it("counts a manager's warehouses only, and everything for administrators", async () => {
    expect((await dashboard('manager')).overview.total_orders).toBe(6);
    expect((await dashboard('otherManager')).overview).toMatchObject({ total_orders: 1, pending_orders: 0 });
    const admin = await dashboard('admin');
    expect(admin.overview.total_orders).toBe(7);
    expect(admin.overview.total_warehouses).toBe(3);
    expect(admin.overview.active_warehouses).toBe(2);
    expect((await dashboard('admin', `?warehouse_id=${ctx.world.warehouses.beta}`)).overview.total_orders).toBe(1);
  });

  it('counts every warehouse the caller reaches on the warehouse card, whichever one the header selects', async () => {
    const { alpha, beta } = ctx.world.warehouses;
    const admin = await dashboard('admin', `?warehouse_id=${beta}`);
    expect(admin.overview).toMatchObject({ total_warehouses: 3, active_warehouses: 2 });
    expect(admin.warehouses).toMatchObject({ total_warehouses: 3, active_warehouses: 2 });
    expect(admin.warehouses.warehouse_inventory).toHaveLength(3);
    // A manager's reach is their warehouses, still not the header's one alone (Alpha only, for this manager).
    const manager = await dashboard('manager', `?warehouse_id=${alpha}`);
    expect(manager.overview).toMatchObject({ total_warehouses: 1, active_warehouses: 1 });
  });

  it('applies the timeframe and defines top selling as units shipped in it', async () => {
    const week = await dashboard('client', '?timeframe=7');
    expect(week.timeframe).toBe(7);
    expect(week.charts.orders_over_time).toHaveLength(7);
    expect(week.charts.orders_over_time.at(-1)).toMatchObject({ created: 3, shipped: 1 });
    expect((await dashboard('client', '?timeframe=90')).overview.orders_this_period).toBe(4);
    expect(week.charts.top_products).toEqual([
      { product_id: lamp.id, name: 'Desk lamp', sku: lamp.sku, total_quantity: 3 },
    ]);
    expect((await dashboard('manager')).charts.top_accounts[0]).toMatchObject({
      id: ctx.world.accounts.clientActive,
      orders_count: 3,
    });
    expect((await ctx.as('client', { method: 'GET', url: '/api/dashboard?timeframe=0' })).statusCode).toBe(422);
  });

  it('always shows the six dashboard statuses and lists low stock, warehouses and the profile', async () => {
    const client = await dashboard('client');
    const statuses = client.orders.by_status.map((b: { status: string }) => b.status);
    expect(statuses.slice(0, 6)).toEqual(['draft', 'pending', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(client.orders.by_status.find((b: { status: string }) => b.status === 'pending').count).toBe(3);
    expect(client.inventory.low_stock_items).toEqual([
      { id: expect.any(Number), quantity_available: 4, product: { id: lamp.id, name: 'Desk lamp', sku: lamp.sku } },
    ]);
    expect(client.warehouses.warehouse_inventory.map((w: { id: number }) => w.id)).toEqual([
      ctx.world.warehouses.alpha,
    ]);
    expect(client.user_specific).toMatchObject({ user_role: 'client' });
    expect(client.user_specific.permissions_count).toBeGreaterThan(0);
  });

  it('shows recent activity within scope with human titles', async () => {
    await recordEvent(ctx.handle.db, {
      kind: 'order.status_changed',
      payload: { order_number: 'ORD-1042', from: 'Pending', to: 'shipped' },
      actorId: ctx.world.users.manager.id,
      subject: { type: 'order', id: 1042 },
      warehouseIds: [ctx.world.warehouses.alpha],
      accountIds: [ctx.world.accounts.clientActive],
    });
    const client = await dashboard('client');
    expect(client.recent_activity[0]).toMatchObject({ title: 'Order ORD-1042 shipped', color: 'success' });
    expect(client.recent_activity.length).toBeLessThanOrEqual(5);
    const neighbour = await dashboard('neighbourClient');
    expect(neighbour.recent_activity.map((a: { title: string }) => a.title)).not.toContain('Order ORD-1042 shipped');
    const beta = await dashboard('otherManager');
    expect(beta.recent_activity.map((a: { title: string }) => a.title)).not.toContain('Order ORD-1042 shipped');
  });
});
