import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderWithStock } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

// Large lists count their total with a cap (LIST_COUNT_CAP, 10 000 by default): lowered to 3 here, so six orders
// (and their six products and inventory rows) are "a very large list".
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ LIST_COUNT_CAP: '3' });
  const { accounts, warehouses } = ctx.world;
  for (let n = 0; n < 5; n++) await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
  await orderWithStock(ctx, accounts.otherClient, warehouses.beta);
});
afterAll(() => ctx.close());

const metaOf = async (actor: Actor, url: string) => {
  const res = await ctx.as(actor, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  // The keyset lists' cursors (keyset-paging.test.ts) are beside the point here.
  const { next_cursor: _next, prev_cursor: _prev, ...meta } = res.json().meta;
  return meta;
};

describe('capped list totals', () => {
  it('stops counting at the cap and says so; the last page is the one known to exist', async () => {
    const capped = { total: 3, page: 1, per_page: 2, last_page: 2, total_is_capped: true };
    expect(await metaOf('admin', '/api/orders/with-merge-items?per_page=2')).toEqual(capped);
    expect(await metaOf('admin', '/api/products?per_page=2')).toEqual(capped);
    expect(await metaOf('admin', '/api/inventories?per_page=2')).toEqual(capped);
  });

  it('stays exact below the cap, without the flag (filters and scope narrow first)', async () => {
    const exact = { total: 1, page: 1, per_page: 2, last_page: 1 };
    const beta = ctx.world.warehouses.beta;
    expect(await metaOf('admin', `/api/orders/with-merge-items?per_page=2&warehouse_id=${beta}`)).toEqual(exact);
    expect(await metaOf('otherClient', '/api/orders/with-merge-items?per_page=2')).toEqual(exact);
    expect(await metaOf('otherClient', '/api/products?per_page=2')).toEqual(exact);
  });

  it('counts as deep as the page asked for, so deep pages know whether another follows', async () => {
    // Page 2 of 2 counts up to row 4: more exist, and page 3 is known.
    expect(await metaOf('admin', '/api/orders/with-merge-items?per_page=2&page=2')).toEqual({
      total: 4,
      page: 2,
      per_page: 2,
      last_page: 3,
      total_is_capped: true,
    });
    // Page 3 counts up to row 6: all six are counted, exactly.
    expect(await metaOf('admin', '/api/orders/with-merge-items?per_page=2&page=3')).toEqual({
      total: 6,
      page: 3,
      per_page: 2,
      last_page: 3,
    });
  });

  it('documents the flag in the OpenAPI document', async () => {
    const res = await ctx.as(null, { method: 'GET', url: '/api/openapi.json' });
    expect(res.body).toContain('total_is_capped');
  });
});
