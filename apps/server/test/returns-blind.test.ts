import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announced, receive, shippedOrder, stockOf } from './support/returns';
import { createTestContext, type TestContext } from './support/test-app';
import { newLocation } from './support/waves';

/**
 * A blind return: a parcel arrives without an RMA. Staff find the order by its number (the orders list's search),
 * announce the return for the client, and receive it: two calls under the same rules as an announced return.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('blind returns', () => {
  it('a manager finds the order by number, creates the return and receives it; the client sees it', async () => {
    const bin = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'storage' });
    const order = await shippedOrder(ctx, { quantity: 2 });
    const found = await ctx.as('manager', {
      method: 'GET',
      url: `/api/orders/with-merge-items?search=${order.orderNumber}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((o: { id: number }) => o.id)).toContain(order.orderId);
    const before = await stockOf(ctx, order.inventoryId);
    const ret = await announced(ctx, order, 2, 'manager');
    const res = await receive(ctx, ret.id, [
      { line_id: ret.lineId, quantity: 2, disposition: 'restocked', location_id: bin.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('closed');
    expect((await stockOf(ctx, order.inventoryId)).available).toBe(before.available + 2);
    const seen = await ctx.as('client', { method: 'GET', url: `/api/returns/${ret.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.units_received).toBe(2);
  });
});
