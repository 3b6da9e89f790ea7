import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { createOrdersOk, orderInput, stockedProduct } from './support/order-creation';
import { pdfText } from './support/pdf-text';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the packing slip of a bundle order', () => {
  it('lists the components, each naming its bundle', async () => {
    const account = ctx.world.accounts.clientActive;
    const { alpha } = ctx.world.warehouses;
    const candle = await stockedProduct(ctx, account, alpha, 10, { name: 'Candle', sku: 'CANDLE-K1' });
    const soap = await stockedProduct(ctx, account, alpha, 10, { name: 'Soap', sku: 'SOAP-K1' });
    const standalone = await stockedProduct(ctx, account, alpha, 10, { name: 'Towel', sku: 'TOWEL-K1' });
    const kit = await createProduct(ctx, account, { kind: 'bundle', sku: 'GIFT-K1', name: 'Gift set' });
    const put = await ctx.as('client', {
      method: 'PUT',
      url: `/api/products/${kit.id}/components`,
      payload: {
        components: [
          { product_id: candle.id, quantity: 1 },
          { product_id: soap.id, quantity: 2 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const created = await createOrdersOk(ctx, 'client', alpha, [
      orderInput(account, [
        { product_id: kit.id, quantity: 2 },
        { product_id: standalone.id, quantity: 1 },
      ]),
    ]);
    const res = await ctx.as('client', {
      method: 'GET',
      url: `/api/orders/${created.data[0].id}/packing-slip?layout=a4`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload, { layout: true });
    expect(text).toMatch(/CANDLE-K1\s+Candle \(bundle GIFT-K1\)\s+—\s+2/);
    expect(text).toMatch(/SOAP-K1\s+Soap \(bundle GIFT-K1\)\s+—\s+4/);
    expect(text).toMatch(/TOWEL-K1\s+Towel\s+—\s+1/);
    expect(text).not.toContain('Towel (bundle');
  });
});
