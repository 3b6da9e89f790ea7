import { RETURN_MESSAGES } from '@wms/contract/returns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, stockedProduct } from './support/orders';
import { announce, announced, shippedOrder } from './support/returns';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('announcing a return (POST /api/returns)', () => {
  it('a client announces 2 of 3 shipped units: RMA number, announced, the line and its reason, a timeline event', async () => {
    const order = await shippedOrder(ctx, { quantity: 3 });
    const res = await announce(ctx, order, 2, 'client', { carrier: 'UPS', tracking_number: '1Z999' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.rma_number).toBe(`RMA-${String(data.id).padStart(6, '0')}`);
    expect(data).toMatchObject({
      status: 'announced',
      order: { id: order.orderId, order_number: order.orderNumber },
      carrier: 'UPS',
      tracking_number: '1Z999',
      units_announced: 2,
      units_received: 0,
    });
    expect(data.lines).toEqual([
      expect.objectContaining({ order_item_id: order.itemId, quantity: 2, reason: 'not_wanted', received: false }),
    ]);
    expect(data.timeline.map((t: { kind: string }) => t.kind)).toEqual(['return.created']);
  });

  it('two returns of one order never take more than shipped: the second may take only what is left', async () => {
    const order = await shippedOrder(ctx, { quantity: 3 });
    await announced(ctx, order, 2);
    const tooMany = await announce(ctx, order, 2);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors['lines.0.quantity']).toEqual([RETURN_MESSAGES.quantityAboveReturnable(1)]);
    expect((await announce(ctx, order, 1)).statusCode).toBe(201);
    const none = await announce(ctx, order, 1);
    expect(none.json().errors['lines.0.quantity']).toEqual([RETURN_MESSAGES.quantityAboveReturnable(0)]);
  });

  it('a cancelled return gives its units back to what may be returned', async () => {
    const order = await shippedOrder(ctx, { quantity: 2 });
    const first = await announced(ctx, order, 2);
    const cancelled = await ctx.as('client', { method: 'POST', url: `/api/returns/${first.id}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await announce(ctx, order, 2)).statusCode).toBe(201);
    // Only while announced.
    const again = await ctx.as('client', { method: 'POST', url: `/api/returns/${first.id}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_MESSAGES.notCancellable);
  });

  it('a partly shipped order returns only its shipped units', async () => {
    const stock = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 10);
    const order = await createOrder(ctx, {
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      lines: [{ productId: stock.productId, quantity: 3 }],
    });
    const [item] = (
      (await ctx.handle.db.execute(sql`select id from order_items where order_id = ${order.id}`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const line = { orderId: order.id, itemId: item!.id };
    // Not shipped at all: nothing to return.
    const unshipped = await announce(ctx, line, 1);
    expect(unshipped.statusCode).toBe(422);
    expect(unshipped.json().errors.order_id).toEqual([RETURN_MESSAGES.orderNotShipped]);
    // What packing records when it ships 2 of the 3 units and leaves the third as a backorder.
    await ctx.handle.db.execute(sql`update order_items set quantity_shipped = 2 where id = ${item!.id}`);
    expect((await announce(ctx, line, 3)).json().errors['lines.0.quantity']).toEqual([
      RETURN_MESSAGES.quantityAboveReturnable(2),
    ]);
    expect((await announce(ctx, line, 2)).statusCode).toBe(201);
  });

  it('refuses a reason "other" without text, a line of another order, a line twice; nothing is written', async () => {
    const order = await shippedOrder(ctx, { quantity: 3 });
    const other = await shippedOrder(ctx, { quantity: 1 });
    await expectRefusedUnchanged(
      ctx.handle.db,
      () =>
        ctx.as('client', {
          method: 'POST',
          url: '/api/returns',
          payload: {
            order_id: order.orderId,
            lines: [
              { order_item_id: order.itemId, quantity: 1, reason: 'other' },
              { order_item_id: other.itemId, quantity: 1, reason: 'damaged' },
            ],
          },
        }),
      422,
    );
    const twice = await ctx.as('client', {
      method: 'POST',
      url: '/api/returns',
      payload: {
        order_id: order.orderId,
        lines: [
          { order_item_id: order.itemId, quantity: 1, reason: 'damaged' },
          { order_item_id: order.itemId, quantity: 1, reason: 'defective' },
        ],
      },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['lines.1.order_item_id']).toEqual([RETURN_MESSAGES.lineListedTwice]);
    const other_ = await ctx.as('client', {
      method: 'POST',
      url: '/api/returns',
      payload: { order_id: order.orderId, lines: [{ order_item_id: order.itemId, quantity: 1, reason: 'other' }] },
    });
    expect(other_.json().errors['lines.0.reason_text']).toEqual([RETURN_MESSAGES.reasonTextRequired]);
  });

  it('staff mark an announced return in transit; the list filters by status and counts per status', async () => {
    const order = await shippedOrder(ctx, { quantity: 1 });
    const ret = await announced(ctx, order, 1, 'manager');
    const moving = await ctx.as('manager', { method: 'POST', url: `/api/returns/${ret.id}/in-transit` });
    expect(moving.statusCode, moving.body).toBe(200);
    expect(moving.json().data.status).toBe('in_transit');
    expect((await ctx.as('manager', { method: 'POST', url: `/api/returns/${ret.id}/in-transit` })).statusCode).toBe(
      409,
    );
    const list = await ctx.as('manager', { method: 'GET', url: '/api/returns?status=in_transit' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([ret.id]);
    expect(list.json().stats.in_transit).toBe(1);
    expect(list.json().stats.announced).toBeGreaterThan(0);
  });

  it('searches by RMA number, order number and tracking number', async () => {
    const order = await shippedOrder(ctx, { quantity: 1 });
    const res = await announce(ctx, order, 1, 'client', { tracking_number: 'TRACK-SEARCH-1' });
    const { id, rma_number } = res.json().data;
    for (const search of [rma_number, order.orderNumber, 'track-search-1']) {
      const list = await ctx.as('client', { method: 'GET', url: `/api/returns?search=${encodeURIComponent(search)}` });
      expect(
        list.json().data.map((r: { id: number }) => r.id),
        search,
      ).toEqual([id]);
    }
  });

  it("filters by order: only that order's returns", async () => {
    const order = await shippedOrder(ctx, { quantity: 2 });
    const other = await shippedOrder(ctx, { quantity: 1 });
    const first = (await announce(ctx, order, 1)).json().data.id;
    const second = (await announce(ctx, order, 1)).json().data.id;
    await announce(ctx, other, 1);
    const list = await ctx.as('client', { method: 'GET', url: `/api/returns?order_id=${order.orderId}` });
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([second, first]);
  });
});
