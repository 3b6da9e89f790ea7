import { RETURN_MESSAGES } from '@wms/contract/returns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announced, shippedOrder, stockOf } from './support/returns';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import { newLocation } from './support/waves';

let ctx: TestContext;
let quarantine: { id: number; code: string };
beforeAll(async () => {
  ctx = await createTestContext();
  quarantine = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'quarantine' });
});
afterAll(() => ctx.close());

const unidentified = (productId: number, quantity: number, locationId = quarantine.id) =>
  ctx.as('manager', {
    method: 'POST',
    url: '/api/returns/unidentified',
    payload: {
      account_id: ctx.world.accounts.clientActive,
      warehouse_id: ctx.world.warehouses.alpha,
      lines: [{ product_id: productId, quantity, location_id: locationId }],
    },
  });
const attach = (id: number, orderId: number) =>
  ctx.as('manager', { method: 'POST', url: `/api/returns/${id}/attach`, payload: { order_id: orderId } });

describe('unidentified returns', () => {
  it('are received into quarantine at once (on hand up, not available), then attached to the order they came from', async () => {
    const order = await shippedOrder(ctx, { quantity: 3 });
    const before = await stockOf(ctx, order.inventoryId);
    const res = await unidentified(order.productId, 2);
    expect(res.statusCode, res.body).toBe(201);
    const ret = res.json().data;
    expect(ret).toMatchObject({ status: 'received', order: null, units_received: 2 });
    expect(ret.lines[0]).toMatchObject({ order_item_id: null, quarantined: 2 });
    expect(await stockOf(ctx, order.inventoryId)).toEqual({
      onHand: before.onHand + 2,
      quarantined: 2,
      available: before.available,
    });
    const attached = await attach(ret.id, order.orderId);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.order).toEqual({ id: order.orderId, order_number: order.orderNumber });
    expect(attached.json().data.lines[0].order_item_id).toBe(order.itemId);
    // Its units now count against what the order may still return.
    const more = await ctx.as('client', {
      method: 'POST',
      url: '/api/returns',
      payload: { order_id: order.orderId, lines: [{ order_item_id: order.itemId, quantity: 2, reason: 'damaged' }] },
    });
    expect(more.json().errors['lines.0.quantity']).toEqual([RETURN_MESSAGES.quantityAboveReturnable(1)]);
    expect((await attach(ret.id, order.orderId)).statusCode).toBe(409);
  });

  it('attaching checks products and quantities against what the order shipped; nothing changes on refusal', async () => {
    const order = await shippedOrder(ctx, { quantity: 1 });
    const other = await shippedOrder(ctx, { quantity: 5 });
    const ret = (await unidentified(order.productId, 2)).json().data;
    const tooMany = await expectRefusedUnchanged(ctx.handle.db, () => attach(ret.id, order.orderId), 422);
    expect(tooMany.json().errors.order_id).toEqual([RETURN_MESSAGES.productsNotShipped]);
    const wrongProduct = await expectRefusedUnchanged(ctx.handle.db, () => attach(ret.id, other.orderId), 422);
    expect(wrongProduct.json().errors.order_id).toEqual([RETURN_MESSAGES.productsNotShipped]);
    // Units an announced return already took are not there to attach to.
    const taken = await shippedOrder(ctx, { quantity: 2 });
    const ret2 = (await unidentified(taken.productId, 1)).json().data;
    await announced(ctx, taken, 2);
    expect((await attach(ret2.id, taken.orderId)).statusCode).toBe(422);
  });

  it('only into quarantine, only products of the account; staff only', async () => {
    const order = await shippedOrder(ctx, { quantity: 1 });
    const bin = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'storage' });
    const res = await expectRefusedUnchanged(ctx.handle.db, () => unidentified(order.productId, 1, bin.id), 422);
    expect(res.json().errors['lines.0.location_id']).toEqual([RETURN_MESSAGES.quarantineLocationType]);
    const neighbours = await shippedOrder(ctx, { quantity: 1, accountId: ctx.world.accounts.neighbourActive });
    const foreign = await unidentified(neighbours.productId, 1);
    expect(foreign.json().errors['lines.0.product_id']).toEqual([RETURN_MESSAGES.productNotOfAccount]);
    const client = await ctx.as('client', {
      method: 'POST',
      url: '/api/returns/unidentified',
      payload: {
        account_id: ctx.world.accounts.clientActive,
        warehouse_id: ctx.world.warehouses.alpha,
        lines: [{ product_id: order.productId, quantity: 1, location_id: quarantine.id }],
      },
    });
    expect(client.statusCode).toBe(403);
  });
});
