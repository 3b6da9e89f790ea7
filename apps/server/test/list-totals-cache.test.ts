import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { orderInput, uniqueOrderId } from './support/order-creation';
import { createOrder, orderWithStock, stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

// List totals are reused per scope and filters for LIST_COUNT_CACHE_SECONDS (10 s here, on a clock the tests move)
// and counted up to LIST_COUNT_CAP (4 here, so a handful of rows is "a very large list"). Two clients share
// warehouse alpha: Cleo (client, account clientActive) and Nell (neighbourClient, account neighbourActive).
let ctx: TestContext;
let now = 1_000_000;
const TTL_MS = 10_000;
/** Stock for orders written behind the cache's back (set up through the API before any total is cached). */
let spare: { productId: number };
let cleosStock: { productId: number };

beforeAll(async () => {
  ctx = await createTestContext(
    { LIST_COUNT_CAP: '4', LIST_COUNT_CACHE_SECONDS: String(TTL_MS / 1000) },
    { listCountCacheClock: () => now },
  );
  const { accounts, warehouses } = ctx.world;
  for (let n = 0; n < 2; n++) await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
  await orderWithStock(ctx, accounts.neighbourActive, warehouses.alpha);
  spare = await stockedProduct(ctx, accounts.neighbourActive, warehouses.alpha, 100);
  cleosStock = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 100);
});
afterAll(() => ctx.close());

const ORDERS = '/api/orders/with-merge-items?per_page=2';

const metaOf = async (actor: Actor, url: string) => {
  const res = await ctx.as(actor, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  const { next_cursor: _next, prev_cursor: _prev, ...meta } = res.json().meta;
  return meta;
};
const totalOf = async (actor: Actor, url: string) => (await metaOf(actor, url)).total;

/** An order written straight to the database, as another API process would: this process's cache cannot know. */
const neighbourOrderBehindTheCache = () =>
  createOrder(ctx, {
    accountId: ctx.world.accounts.neighbourActive,
    warehouseId: ctx.world.warehouses.alpha,
    lines: [{ productId: spare.productId, quantity: 1 }],
  });

describe('list totals reused per scope and filters', () => {
  it("never answers one client's total to another client of the same warehouse", async () => {
    expect(await totalOf('client', ORDERS)).toBe(2);
    expect(await totalOf('neighbourClient', ORDERS)).toBe(1);
    // Both are cached now: each still answers its own rows only.
    expect(await totalOf('client', ORDERS)).toBe(2);
    expect(await totalOf('neighbourClient', ORDERS)).toBe(1);
    expect(await totalOf('admin', `${ORDERS}&account_id=${ctx.world.accounts.neighbourActive}`)).toBe(1);
    expect(await totalOf('admin', `${ORDERS}&account_id=${ctx.world.accounts.clientActive}`)).toBe(2);
  });

  it("counts once per cache time: another process's order shows when the total expires, not before", async () => {
    const before = await totalOf('neighbourClient', ORDERS);
    await neighbourOrderBehindTheCache();
    expect(await totalOf('neighbourClient', ORDERS)).toBe(before); // reused: not counted again
    now += TTL_MS;
    expect(await totalOf('neighbourClient', ORDERS)).toBe(before + 1);
  });

  it("shows this process's creates and deletes at once, in every scope's total", async () => {
    const { clientActive } = ctx.world.accounts;
    const adminView = `${ORDERS}&account_id=${clientActive}`;
    const before = await totalOf('client', ORDERS);
    expect(await totalOf('admin', adminView)).toBe(before);
    const created = await ctx.as('client', {
      method: 'POST',
      url: '/api/orders/bulk',
      payload: {
        warehouse_id: ctx.world.warehouses.alpha,
        orders: [
          orderInput(clientActive, [{ product_id: cleosStock.productId, quantity: 1 }], {
            order_id: uniqueOrderId('CACHE'),
          }),
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await totalOf('client', ORDERS)).toBe(before + 1);
    expect(await totalOf('admin', adminView)).toBe(before + 1);
    const deleted = await ctx.as('admin', { method: 'DELETE', url: `/api/orders/${created.json().data[0].id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await totalOf('client', ORDERS)).toBe(before);
    expect(await totalOf('admin', adminView)).toBe(before);
  });

  it('keeps the products total exact through a create and a delete', async () => {
    const url = `/api/products?per_page=2&account_id=${ctx.world.accounts.otherClient}`;
    expect(await metaOf('admin', url)).toEqual({ total: 0, page: 1, per_page: 2, last_page: 1 });
    const product = await createProduct(ctx, ctx.world.accounts.otherClient);
    expect(await totalOf('admin', url)).toBe(1);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    expect(await totalOf('admin', url)).toBe(0);
  });

  it("keeps a warehouse's exact locations total through a create and a delete", async () => {
    const gamma = ctx.world.warehouses.gamma;
    const url = `/api/warehouses/${gamma}/locations?per_page=1`;
    const create = async (code: string) => {
      const res = await ctx.as('admin', {
        method: 'POST',
        url: `/api/warehouses/${gamma}/locations`,
        payload: { code, zone: 'C' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().location.id as number;
    };
    const base = await totalOf('admin', url);
    await create('CACHE-01');
    await create('CACHE-02');
    expect(await totalOf('admin', url)).toBe(base + 2);
    const third = await create('CACHE-03');
    expect(await totalOf('admin', url)).toBe(base + 3); // above the cap of 4, still exact: a warehouse's locations
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/locations/${third}` })).statusCode).toBe(200);
    expect(await totalOf('admin', url)).toBe(base + 2);
  });

  it('labels a total above the cap, cached or not, and page numbers follow it', async () => {
    // Six orders in all (two of Cleo's, four of Nell's), counted up to 4.
    await neighbourOrderBehindTheCache();
    await neighbourOrderBehindTheCache();
    now += TTL_MS;
    const capped = { total: 4, page: 1, per_page: 2, last_page: 3, total_is_capped: true };
    expect(await metaOf('admin', ORDERS)).toEqual(capped);
    expect(await metaOf('admin', ORDERS)).toEqual(capped);
    // The last page counts as deep as it asks, to the end: exact (its own total, cached apart from page 1's).
    expect(await metaOf('admin', `${ORDERS}&page=3`)).toEqual({ total: 6, page: 3, per_page: 2, last_page: 3 });
    expect(await metaOf('admin', ORDERS)).toEqual(capped);
  });
});
