import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCarton, packView, pickedOrder, scan, setPrefix, ship } from './support/packing';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPrefix(ctx);
});
afterAll(() => ctx.close());

const cartonsAs = (actor: Parameters<TestContext['as']>[0], orderId: number) =>
  ctx.as(actor, { method: 'GET', url: `/api/orders/${orderId}/cartons` });

describe("an order's cartons for whoever sees the order", () => {
  it("shows the order's client its shipped parcels with their tracking numbers; other tenants get 404", async () => {
    const w = await pickedOrder(ctx);
    const orderId = w.order.id;
    for (let unit = 0; unit < 3; unit++) expect((await scan(ctx, orderId, w.stock.sku)).statusCode).toBe(200);
    const cartonId = (await packView(ctx, orderId)).cartons[0].id as number;
    expect((await closeCarton(ctx, orderId, cartonId)).statusCode).toBe(200);
    const shipped = await ship(ctx, orderId, {
      cartons: [{ carton_id: cartonId, carrier: 'UPS', tracking_number: '1ZCLIENT' }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const mine = await cartonsAs('client', orderId);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject([
      {
        number: 1,
        status: 'shipped',
        carrier: 'UPS',
        tracking_number: '1ZCLIENT',
        items: [{ sku: w.stock.sku, quantity: 3 }],
      },
    ]);
    expect(mine.json().data[0].sscc).toMatch(/^\d{18}$/);

    // Scope: another client (same warehouse or another) and a manager of another warehouse meet 404.
    for (const actor of ['neighbourClient', 'otherClient', 'otherManager'] as const) {
      expect((await cartonsAs(actor, orderId)).statusCode, actor).toBe(404);
    }
    expect((await cartonsAs('manager', orderId)).statusCode).toBe(200);
  });
});
