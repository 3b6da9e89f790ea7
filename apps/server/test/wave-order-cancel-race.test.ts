import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onCarts, oneTaskWave, pick, placeStock, rowsOf, taskRow } from './support/picking';
import { assertStockInvariants } from './support/stock-invariants';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

/**
 * A cancel racing a pick confirmation of the same order (PostgreSQL): the cancel locks the order then the wave, the
 * pick the wave then the task, so they run one after the other. Either the pick wins (the units are on the cart and
 * the cancel writes a put-back task for them) or the cancel wins (the task is cancelled and the pick is told so);
 * the stock invariants hold either way.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await assertStockInvariants(ctx.handle.db);
});
afterAll(() => ctx.close());

describe('cancelling an order while it is being picked (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'one consistent outcome, the invariants hold',
    async () => {
      const outcomes = new Set<string>();
      for (let round = 0; round < 6; round++) {
        const w = await oneTaskWave(ctx, { units: 10, quantity: 4 });
        const scans = { location_code: w.location.code, product_code: w.stock.sku, quantity: 4 };
        const cancel = () =>
          ctx.as('manager', {
            method: 'POST',
            url: `/api/orders/${w.order.id}/status`,
            payload: { status: 'cancelled' },
          });
        const [picked, cancelled] =
          round % 2 === 0
            ? await Promise.all([pick(ctx, w.wave.id, w.taskId, scans, 'admin'), cancel()])
            : (await Promise.all([cancel(), pick(ctx, w.wave.id, w.taskId, scans, 'admin')])).reverse();
        expect(cancelled!.statusCode, cancelled!.body).toBe(200);
        const putBacks = await rowsOf(
          ctx,
          sql`select quantity, status from pick_tasks where wave_id = ${w.wave.id} and kind = 'put_back'`,
        );
        if (picked!.statusCode === 200) {
          // The pick came first: the units are on the cart and one put-back task returns them.
          outcomes.add('picked first');
          expect((await taskRow(ctx, w.taskId)).status).toBe('picked');
          expect(await onCarts(ctx, w.stock.inventoryId)).toBe(4);
          expect(putBacks).toEqual([{ quantity: 4, status: 'open' }]);
        } else {
          // The cancel came first: the pick finds the wave closed or the task cancelled, and nothing moved.
          outcomes.add('cancelled first');
          expect(picked!.statusCode, picked!.body).toBe(409);
          expect((await taskRow(ctx, w.taskId)).status).toBe('cancelled');
          expect(await onCarts(ctx, w.stock.inventoryId)).toBe(0);
          expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 10, allocated: 0 });
          expect(putBacks).toEqual([]);
        }
        const [state] = await rowsOf(
          ctx,
          sql`select state from wave_orders where wave_id = ${w.wave.id} and order_id = ${w.order.id}`,
        );
        expect(state!.state).toBe('removed');
        await assertStockInvariants(ctx.handle.db);
      }
      expect(outcomes.size).toBeGreaterThan(0);
    },
    120_000,
  );
});
