import { ACCOUNT_MESSAGES } from '@wms/contract/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function newAccount(name: string) {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/accounts',
    payload: {
      name,
      status: 'active',
      account_type: 'regular',
      user_id: ctx.world.users.client.id,
      warehouse_ids: [ctx.world.warehouses.alpha],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('what an account holds, before deleting it', () => {
  it('counts its products, units on hand and orders, and the delete refuses naming them', async () => {
    const { alpha } = ctx.world.warehouses;
    const busy = await newAccount('Busy Goods');
    const empty = await newAccount('Empty Goods');
    const tent = await stockedProduct(ctx, busy, alpha, 10);
    await stockedProduct(ctx, busy, alpha, 5);
    await createOrder(ctx, {
      accountId: busy,
      warehouseId: alpha,
      lines: [{ productId: tent.productId, quantity: 3 }],
    });

    const holdings = await ctx.as('admin', { method: 'GET', url: `/api/accounts/${busy}/holdings` });
    expect(holdings.statusCode, holdings.body).toBe(200);
    expect(holdings.json()).toEqual({ data: { products: 2, stock_units: 15, open_orders: 1, orders: 1 } });
    // The other account, side by side, holds nothing of the first one's.
    const none = await ctx.as('admin', { method: 'GET', url: `/api/accounts/${empty}/holdings` });
    expect(none.json()).toEqual({ data: { products: 0, stock_units: 0, open_orders: 0, orders: 0 } });

    const refused = await ctx.as('admin', { method: 'DELETE', url: `/api/accounts/${busy}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Busy Goods still holds 2 products, 15 units in stock and 1 open order. Set it to inactive instead of deleting it.',
    );
    expect(refused.json().message).toBe(
      ACCOUNT_MESSAGES.holds('Busy Goods', { products: 2, stock_units: 15, open_orders: 1, orders: 1 }),
    );
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/accounts/${empty}` })).statusCode).toBe(200);
  });

  it('answers 404 for an account that does not exist and 403 without delete accounts', async () => {
    expect((await ctx.as('admin', { method: 'GET', url: '/api/accounts/999999/holdings' })).statusCode).toBe(404);
    const own = `/api/accounts/${ctx.world.accounts.clientActive}/holdings`;
    expect((await ctx.as('client', { method: 'GET', url: own })).statusCode).toBe(403);
    expect((await ctx.as('manager', { method: 'GET', url: own })).statusCode).toBe(403);
  });
});
