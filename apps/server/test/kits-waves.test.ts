import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { createOrdersOk, orderInput } from './support/order-creation';
import { createTestContext, type TestContext } from './support/test-app';
import { allocatedOf, emptyStock, newLocation, placeUnits, release } from './support/waves';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a bundle in a wave', () => {
  it('is allocated and picked as its components, from their locations', async () => {
    const account = ctx.world.accounts.clientActive;
    const warehouse = ctx.world.warehouses.alpha;
    const a = await emptyStock(ctx, account, warehouse);
    const b = await emptyStock(ctx, account, warehouse);
    const binA = await newLocation(ctx, warehouse, { type: 'pick', walk_sequence: 1 });
    const binB = await newLocation(ctx, warehouse, { type: 'pick', walk_sequence: 2 });
    await placeUnits(ctx, a.inventoryId, binA.id, 10);
    await placeUnits(ctx, b.inventoryId, binB.id, 10);
    const kit = await createProduct(ctx, account, { kind: 'bundle' });
    const put = await ctx.as('client', {
      method: 'PUT',
      url: `/api/products/${kit.id}/components`,
      payload: {
        components: [
          { product_id: a.productId, quantity: 1 },
          { product_id: b.productId, quantity: 3 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const created = await createOrdersOk(ctx, 'client', warehouse, [
      orderInput(account, [{ product_id: kit.id, quantity: 2 }]),
    ]);

    const res = await release(ctx, { warehouse_id: warehouse, order_ids: [created.data[0].id] });
    expect(res.statusCode, res.body).toBe(201);
    const tasks = res.json().data.tasks as { location: { id: number }; quantity: number }[];
    expect(tasks.map((t) => [t.location.id, t.quantity]).sort()).toEqual(
      [
        [binA.id, 2],
        [binB.id, 6],
      ].sort(),
    );
    expect(await allocatedOf(ctx, a.inventoryId)).toEqual({ [binA.id]: 2 });
    expect(await allocatedOf(ctx, b.inventoryId)).toEqual({ [binB.id]: 6 });
  });
});
