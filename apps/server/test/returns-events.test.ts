import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announced, receive, shippedOrder } from './support/returns';
import { createTestContext, type TestContext } from './support/test-app';
import { newLocation } from './support/waves';

/** Webhook events (outbox rows written in the change's transaction) and the client's notification. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('return webhooks and notifications', () => {
  it('return.created, return.received (lines with dispositions) and return.closed go to the outbox; the client is told', async () => {
    const { accounts, warehouses } = ctx.world;
    const bin = await newLocation(ctx, warehouses.alpha, { type: 'storage' });
    const order = await shippedOrder(ctx, { quantity: 3 });
    const ret = await announced(ctx, order, 3);
    const res = await receive(ctx, ret.id, [
      { line_id: ret.lineId, quantity: 2, disposition: 'restocked', location_id: bin.id },
      { line_id: ret.lineId, quantity: 1, disposition: 'not_restocked', note: 'Broken' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const events = await rows<{ type: string; payload: Record<string, unknown> }>(
      sql`select type, payload from webhook_events where type like 'return.%' and payload->>'return_id' = ${String(ret.id)} order by id`,
    );
    const where = { account_id: accounts.clientActive, warehouse_id: warehouses.alpha };
    expect(events).toEqual([
      {
        type: 'return.created',
        payload: {
          return_id: ret.id,
          rma_number: ret.rma,
          order_id: order.orderId,
          order_number: order.orderNumber,
          ...where,
          units: 3,
        },
      },
      {
        type: 'return.received',
        payload: {
          return_id: ret.id,
          rma_number: ret.rma,
          order_id: order.orderId,
          order_number: order.orderNumber,
          ...where,
          units_received: 3,
          units_missing: 0,
          lines: [
            { line_id: ret.lineId, sku: order.sku, disposition: 'restocked', quantity: 2 },
            { line_id: ret.lineId, sku: order.sku, disposition: 'not_restocked', quantity: 1 },
          ],
        },
      },
      { type: 'return.closed', payload: { return_id: ret.id, rma_number: ret.rma, ...where } },
    ]);
    const told = await rows<{ title: string; link: string }>(
      sql`select title, link from notifications where user_id = ${ctx.world.users.client.id} and kind = 'return_received'`,
    );
    expect(told).toEqual([{ title: `Return ${ret.rma} received`, link: `/returns/${ret.id}` }]);
  });
});
