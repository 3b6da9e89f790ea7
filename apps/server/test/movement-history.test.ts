import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/inventories/{id}/movements', () => {
  it("names the order a movement refers to by its number, and nothing else's", async () => {
    const { accounts, warehouses } = ctx.world;
    const stock = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 10);
    const order = await createOrder(ctx, {
      accountId: accounts.clientActive,
      warehouseId: warehouses.alpha,
      lines: [{ productId: stock.productId, quantity: 4 }],
    });
    const res = await ctx.as('client', { method: 'GET', url: `/api/inventories/${stock.inventoryId}/movements` });
    expect(res.statusCode, res.body).toBe(200);
    const [reservation, initial] = res.json().data;
    expect(order.orderNumber).toMatch(/^ORD-\d+$/);
    expect(reservation).toMatchObject({
      type: 'reserve',
      reference_type: 'order',
      reference_id: order.id,
      order_number: order.orderNumber,
    });
    expect(initial).toMatchObject({ type: 'initial', order_number: null });
  });
});
