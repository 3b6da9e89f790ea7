import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packView, pickedOrder, scan, setPrefix } from './support/packing';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPrefix(ctx);
});
afterAll(() => ctx.close());

interface View {
  items: { id: number; packed: number }[];
  cartons: { id: number; items: { order_item_id: number; quantity: number }[] }[];
}

const openCarton = async (orderId: number) => {
  const types = await ctx.as('manager', {
    method: 'GET',
    url: `/api/warehouses/${ctx.world.warehouses.alpha}/carton-types`,
  });
  const custom = (types.json().data as { id: number; is_custom: boolean }[]).find((type) => type.is_custom)!;
  const res = await ctx.as('manager', {
    method: 'POST',
    url: `/api/orders/${orderId}/cartons`,
    payload: { carton_type_id: custom.id, length_mm: 300, width_mm: 200, height_mm: 100 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as View).cartons.at(-1)!.id;
};

const move = (orderId: number, from: number, to: number, orderItemId: number, quantity: number) =>
  ctx.as('manager', {
    method: 'POST',
    url: `/api/orders/${orderId}/cartons/${to}/items`,
    payload: { order_item_id: orderItemId, quantity, from_carton_id: from },
  });

describe('moving units between open cartons', () => {
  it('moves some, then all units of a line out of a carton: the emptied line leaves it, nothing is lost', async () => {
    const w = await pickedOrder(ctx);
    const orderId = w.order.id;
    for (let unit = 0; unit < 3; unit++) expect((await scan(ctx, orderId, w.stock.sku)).statusCode).toBe(200);
    const first = ((await packView(ctx, orderId)) as View).cartons[0]!.id;
    const second = await openCarton(orderId);
    const itemId = ((await packView(ctx, orderId)) as View).items[0]!.id;

    const some = await move(orderId, first, second, itemId, 1);
    expect(some.statusCode, some.body).toBe(200);
    const all = await move(orderId, first, second, itemId, 2);
    expect(all.statusCode, all.body).toBe(200);

    const after = (await packView(ctx, orderId)) as View;
    expect(after.cartons.find((carton) => carton.id === first)!.items).toEqual([]);
    expect(after.cartons.find((carton) => carton.id === second)!.items).toMatchObject([
      { order_item_id: itemId, quantity: 3 },
    ]);
    expect(after.items[0]!.packed).toBe(3);

    // More than the carton holds is refused, and changes nothing.
    const tooMany = await move(orderId, second, first, itemId, 4);
    expect(tooMany.statusCode).toBe(422);
    expect(((await packView(ctx, orderId)) as View).cartons.find((c) => c.id === second)!.items[0]!.quantity).toBe(3);
  });
});
