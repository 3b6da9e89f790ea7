import { ORDER_MESSAGES } from '@wms/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { expectOrderCountersMatchRecount } from './support/order-counters';
import { createOrder, expectLedgerMatchesQuantities, stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await expectLedgerMatchesQuantities(ctx);
  await expectOrderCountersMatchRecount(ctx.handle.db);
  await ctx.close();
});

const scan = (actor: Actor, orderId: number, code: string) =>
  ctx.as(actor, { method: 'POST', url: `/api/orders/${orderId}/scan`, payload: { sku: code } });

/** An order in Alpha of `quantity` units of a fresh stocked product carrying `barcode`. */
async function orderOfBarcode(barcode: string, quantity = 2, accountId = ctx.world.accounts.clientActive) {
  const stock = await stockedProduct(ctx, accountId, ctx.world.warehouses.alpha, 10, { barcode });
  const order = await createOrder(ctx, {
    accountId,
    warehouseId: ctx.world.warehouses.alpha,
    lines: [{ productId: stock.productId, quantity }],
  });
  return { ...stock, ...order };
}

describe('scan to verify by barcode', () => {
  it('a scanned barcode (any case, trimmed) verifies the next unit of its product, as a SKU does', async () => {
    const order = await orderOfBarcode('ean-0012345678905');
    const first = await scan('manager', order.id, ' EAN-0012345678905 ');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: ORDER_MESSAGES.scanned(order.sku, 1, 2),
      item: { product_id: order.productId, verified_quantity: 1 },
      all_verified: false,
    });
    const second = await scan('admin', order.id, order.sku);
    expect(second.json()).toMatchObject({ all_verified: true, item: { verified_quantity: 2 } });
    const over = await scan('manager', order.id, 'ean-0012345678905');
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.sku).toEqual([ORDER_MESSAGES.skuAllVerified(order.sku)]);
  });

  it("never matches another account's product with that barcode, nor a product of the account not in the order", async () => {
    const order = await orderOfBarcode('MINE-777');
    // The neighbour's product carries a barcode this order's products do not have.
    await createProduct(ctx, ctx.world.accounts.neighbourActive, { barcode: 'NEIGHBOUR-1' }, 'neighbourClient');
    await createProduct(ctx, ctx.world.accounts.clientActive, { barcode: 'NOT-ORDERED-1' });
    for (const code of ['NEIGHBOUR-1', 'NOT-ORDERED-1']) {
      const res = await scan('manager', order.id, code);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.sku).toEqual([ORDER_MESSAGES.skuNotInOrder(code)]);
    }
    // The same barcode in two accounts: each order verifies its own account's product.
    const neighbours = await orderOfBarcode('MINE-777', 1, ctx.world.accounts.neighbourActive);
    const res = await scan('manager', neighbours.id, 'MINE-777');
    expect(res.json()).toMatchObject({ item: { product_id: neighbours.productId }, all_verified: true });
    const mine = await ctx.as('admin', { method: 'GET', url: `/api/orders/${order.id}` });
    expect(mine.json().data.order_items[0].verified_quantity).toBe(0);
  });

  it('scope is unchanged: clients 403, another warehouse’s manager 404', async () => {
    const order = await orderOfBarcode('SCOPE-CODE-1');
    expect((await scan('client', order.id, 'SCOPE-CODE-1')).statusCode).toBe(403);
    expect((await scan('otherManager', order.id, 'SCOPE-CODE-1')).statusCode).toBe(404);
  });

  it('a SKU wins over another product’s identical barcode', async () => {
    const a = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 5);
    const b = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 5, {
      barcode: a.sku,
    });
    const order = await createOrder(ctx, {
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      lines: [
        { productId: b.productId, quantity: 1 },
        { productId: a.productId, quantity: 1 },
      ],
    });
    const res = await scan('manager', order.id, a.sku);
    expect(res.json().item.product_id).toBe(a.productId);
  });
});
