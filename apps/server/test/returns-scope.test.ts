import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announced, shippedOrder } from './support/returns';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * Two clients in one warehouse (Alpha: Cleo and her neighbour Nell) and two managers on different warehouses (Alpha,
 * Beta): each sees only their returns; someone else's real return id answers 404.
 */
let ctx: TestContext;
let cleo: { id: number };
let nell: { id: number };
let otto: { id: number };
beforeAll(async () => {
  ctx = await createTestContext();
  const { accounts, warehouses } = ctx.world;
  cleo = await announced(ctx, await shippedOrder(ctx, { quantity: 1 }), 1, 'client');
  nell = await announced(
    ctx,
    await shippedOrder(ctx, { quantity: 1, accountId: accounts.neighbourActive }),
    1,
    'neighbourClient',
  );
  otto = await announced(
    ctx,
    await shippedOrder(ctx, { quantity: 1, accountId: accounts.otherClient, warehouseId: warehouses.beta }),
    1,
    'otherClient',
  );
});
afterAll(() => ctx.close());

const idsSeenBy = async (actor: 'client' | 'neighbourClient' | 'manager' | 'otherManager' | 'admin') => {
  const res = await ctx.as(actor, { method: 'GET', url: '/api/returns' });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .data.map((r: { id: number }) => r.id)
    .sort();
};

describe('returns are scoped', () => {
  it('clients list only their accounts’ returns, managers only their warehouses’', async () => {
    expect(await idsSeenBy('client')).toEqual([cleo.id]);
    expect(await idsSeenBy('neighbourClient')).toEqual([nell.id]);
    expect(await idsSeenBy('manager')).toEqual([cleo.id, nell.id].sort());
    expect(await idsSeenBy('otherManager')).toEqual([otto.id]);
    expect(await idsSeenBy('admin')).toEqual([cleo.id, nell.id, otto.id].sort());
  });

  it('someone else’s real return answers 404 (read, cancel), and is left as it was', async () => {
    expect((await ctx.as('neighbourClient', { method: 'GET', url: `/api/returns/${cleo.id}` })).statusCode).toBe(404);
    expect((await ctx.as('otherManager', { method: 'GET', url: `/api/returns/${cleo.id}` })).statusCode).toBe(404);
    const cancel = await ctx.as('neighbourClient', { method: 'POST', url: `/api/returns/${cleo.id}/cancel` });
    expect(cancel.statusCode).toBe(404);
    const still = await ctx.as('client', { method: 'GET', url: `/api/returns/${cleo.id}` });
    expect(still.json().data.status).toBe('announced');
  });

  it('a client cannot announce a return of another client’s order (404)', async () => {
    const order = await shippedOrder(ctx, { quantity: 1 });
    const res = await ctx.as('neighbourClient', {
      method: 'POST',
      url: '/api/returns',
      payload: { order_id: order.orderId, lines: [{ order_item_id: order.itemId, quantity: 1, reason: 'damaged' }] },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a client cannot receive (403)', async () => {
    const res = await ctx.as('client', {
      method: 'POST',
      url: `/api/returns/${cleo.id}/receive`,
      payload: { lines: [{ line_id: 1, quantity: 1, disposition: 'missing' }] },
    });
    expect(res.statusCode).toBe(403);
  });
});
