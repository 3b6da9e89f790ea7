import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardCache } from '../src/modules/service/dashboard/dashboard-cache';
import { createOrder, stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

describe('DashboardCache', () => {
  it('reuses a value until it is older than the TTL, per key', async () => {
    let now = 0;
    let computed = 0;
    const cache = new DashboardCache<number>(1000, 10, () => now);
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    now = 999;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    now = 1000;
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('shares one computation between concurrent misses and forgets a failure', async () => {
    const cache = new DashboardCache<number>(1000);
    let calls = 0;
    let release: (n: number) => void = () => {};
    const slow = () => {
      calls++;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const both = Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    release(7);
    expect(await both).toEqual([7, 7]);
    expect(calls).toBe(1);
    await expect(cache.get('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('f', async () => 8)).toBe(8);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    let computed = 0;
    const cache = new DashboardCache<number>(60_000, 2);
    const compute = async () => ++computed;
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute);
    expect(await cache.get('b', compute)).toBe(2);
    expect(await cache.get('a', compute)).toBe(4);
  });

  it('computes every time with a TTL of 0', async () => {
    let computed = 0;
    const cache = new DashboardCache<number>(0);
    await cache.get('a', async () => ++computed);
    expect(await cache.get('a', async () => ++computed)).toBe(2);
  });
});

describe('GET /dashboard with the chart cache on (DASHBOARD_CACHE_SECONDS=60)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ DASHBOARD_CACHE_SECONDS: '60' });
  });
  afterAll(() => ctx.close());

  it('keeps the stat cards live while the charts of the same scope are reused; other scopes are apart', async () => {
    const { alpha } = ctx.world.warehouses;
    const { clientActive, neighbourActive } = ctx.world.accounts;
    const read = async (actor: 'client' | 'neighbourClient') =>
      (await ctx.as(actor, { method: 'GET', url: '/api/dashboard' })).json().data;
    const stock = await stockedProduct(ctx, clientActive, alpha, 10);
    await createOrder(ctx, {
      accountId: clientActive,
      warehouseId: alpha,
      lines: [{ productId: stock.productId, quantity: 1 }],
    });
    const first = await read('client');
    expect(first.overview.total_orders).toBe(1);
    expect(first.charts.orders_over_time.at(-1).created).toBe(1);

    await createOrder(ctx, {
      accountId: clientActive,
      warehouseId: alpha,
      lines: [{ productId: stock.productId, quantity: 1 }],
    });
    const second = await read('client');
    expect(second.overview).toMatchObject({ total_orders: 2, orders_this_period: 2 });
    expect(second.charts).toEqual(first.charts);

    const neighbourStock = await stockedProduct(ctx, neighbourActive, alpha, 10);
    await createOrder(ctx, {
      accountId: neighbourActive,
      warehouseId: alpha,
      lines: [{ productId: neighbourStock.productId, quantity: 1 }],
    });
    const neighbour = await read('neighbourClient');
    expect(neighbour.charts.orders_over_time.at(-1).created).toBe(1);
    expect(neighbour.charts.top_accounts.map((a: { id: number }) => a.id)).toEqual([neighbourActive]);
  });
});
