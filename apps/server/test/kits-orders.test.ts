import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../src/db/schema/orders';
import { createProduct } from './support/catalogue';
import { createOrdersOk, orderInput, stockedProduct } from './support/order-creation';
import { expectLedgerMatchesQuantities, inventoryOf, movementsOf } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A bundle of 1 × A and 2 × B, with `a` and `b` units on hand in Alpha. */
async function bundleWithStock(a: number, b: number) {
  const account = ctx.world.accounts.clientActive;
  const { alpha } = ctx.world.warehouses;
  const partA = await stockedProduct(ctx, account, alpha, a);
  const partB = await stockedProduct(ctx, account, alpha, b);
  const kit = await createProduct(ctx, account, { kind: 'bundle' });
  const res = await ctx.as('client', {
    method: 'PUT',
    url: `/api/products/${kit.id}/components`,
    payload: {
      components: [
        { product_id: partA.id, quantity: 1 },
        { product_id: partB.id, quantity: 2 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { account, alpha, partA, partB, kit };
}

const linesOf = (orderId: number) =>
  ctx.handle.db
    .select({
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      reserved: orderItems.quantityReserved,
      kitProductId: orderItems.kitProductId,
      kitQuantity: orderItems.kitQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));

describe('a bundle on an order', () => {
  it('reserves its components (quantity × units per kit) through the ledger', async () => {
    const { account, alpha, partA, partB, kit } = await bundleWithStock(10, 10);
    const body = await createOrdersOk(ctx, 'client', alpha, [
      orderInput(account, [{ product_id: kit.id, quantity: 3 }]),
    ]);
    const orderId = body.data[0].id;
    expect(body.backorder_items).toEqual([]);
    const lines = await linesOf(orderId);
    expect(lines.sort((x, y) => x.productId - y.productId)).toEqual([
      { productId: partA.id, quantity: 3, reserved: 3, kitProductId: kit.id, kitQuantity: 3 },
      { productId: partB.id, quantity: 6, reserved: 6, kitProductId: kit.id, kitQuantity: 3 },
    ]);
    expect(await inventoryOf(ctx, partA.inventoryId!)).toEqual({ onHand: 10, reserved: 3 });
    expect(await inventoryOf(ctx, partB.inventoryId!)).toEqual({ onHand: 10, reserved: 6 });
    expect((await movementsOf(ctx, orderId, 'reserve')).map((m) => m.reservedDelta).sort()).toEqual([3, 6]);
    // The order detail names the bundle on each component line.
    const detail = await ctx.as('client', { method: 'GET', url: `/api/orders/${orderId}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const items = detail.json().data.order_items as { product_id: number; kit: unknown }[];
    expect(items.map((i) => i.kit)).toEqual([
      { product_id: kit.id, sku: kit.sku, name: 'Test product', quantity: 3 },
      { product_id: kit.id, sku: kit.sku, name: 'Test product', quantity: 3 },
    ]);
    await expectLedgerMatchesQuantities(ctx);
  });

  it('is backordered through the short component; the other components stay reserved', async () => {
    // 5 kits want 5 × A (10 on hand) and 10 × B (7 on hand): B is 3 short.
    const { account, alpha, partA, partB, kit } = await bundleWithStock(10, 7);
    const body = await createOrdersOk(ctx, 'client', alpha, [
      orderInput(account, [{ product_id: kit.id, quantity: 5 }]),
    ]);
    const orderId = body.data[0].id;
    expect(JSON.stringify(body.backorder_items)).toContain(partB.sku);
    expect(JSON.stringify(body.backorder_items)).not.toContain(partA.sku);
    const lines = await linesOf(orderId);
    expect(lines.find((l) => l.productId === partA.id)).toMatchObject({ quantity: 5, reserved: 5 });
    expect(lines.find((l) => l.productId === partB.id)).toMatchObject({ quantity: 10, reserved: 7 });
    // The bundle is available no more: its short component has nothing left.
    const search = await ctx.as('client', {
      method: 'GET',
      url: `/api/orders/available-inventory?search=${encodeURIComponent(kit.sku)}&account_id=${account}&warehouse_id=${alpha}`,
    });
    expect(search.json().data[0]).toMatchObject({ product_id: kit.id, quantity_available: 0 });
    await expectLedgerMatchesQuantities(ctx);
  });

  it('cancelling the order releases every component', async () => {
    const { account, alpha, partA, partB, kit } = await bundleWithStock(4, 4);
    const body = await createOrdersOk(ctx, 'client', alpha, [
      orderInput(account, [{ product_id: kit.id, quantity: 2 }]),
    ]);
    expect(await inventoryOf(ctx, partB.inventoryId!)).toEqual({ onHand: 4, reserved: 4 });
    const cancelled = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${body.data[0].id}/status`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await inventoryOf(ctx, partA.inventoryId!)).toEqual({ onHand: 4, reserved: 0 });
    expect(await inventoryOf(ctx, partB.inventoryId!)).toEqual({ onHand: 4, reserved: 0 });
    await expectLedgerMatchesQuantities(ctx);
  });

  it('an edit of a component line changes and releases that component only', async () => {
    const { account, alpha, partA, partB, kit } = await bundleWithStock(4, 4);
    const body = await createOrdersOk(ctx, 'client', alpha, [
      orderInput(account, [{ product_id: kit.id, quantity: 2 }]),
    ]);
    const orderId = body.data[0].id;
    const [lineB] = await ctx.handle.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, partB.id));
    const edited = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/orders/${orderId}`,
      payload: { items: [{ id: lineB!.id, quantity: 1 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await inventoryOf(ctx, partA.inventoryId!)).toEqual({ onHand: 4, reserved: 2 });
    expect(await inventoryOf(ctx, partB.inventoryId!)).toEqual({ onHand: 4, reserved: 1 });
    await expectLedgerMatchesQuantities(ctx);
  });

  it('a standard product and a bundle on one order each keep their own lines', async () => {
    const { account, alpha, partA, kit } = await bundleWithStock(10, 10);
    const body = await createOrdersOk(ctx, 'client', alpha, [
      orderInput(account, [
        { product_id: partA.id, quantity: 2 },
        { product_id: kit.id, quantity: 1 },
      ]),
    ]);
    const lines = await linesOf(body.data[0].id);
    const detail = await ctx.as('client', { method: 'GET', url: `/api/orders/${body.data[0].id}` });
    const standardLine = detail.json().data.order_items.find((i: { kit: unknown }) => i.kit === null);
    expect(standardLine).toMatchObject({ product_id: partA.id, quantity: 2 });
    expect(lines.filter((l) => l.productId === partA.id).map((l) => [l.quantity, l.kitProductId])).toEqual(
      expect.arrayContaining([
        [2, null],
        [1, kit.id],
      ]),
    );
    expect(await inventoryOf(ctx, partA.inventoryId!)).toEqual({ onHand: 10, reserved: 3 });
  });
});
