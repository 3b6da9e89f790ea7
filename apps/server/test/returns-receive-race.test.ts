import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announced, ledgerOfLine, receive, shippedOrder, stockOf } from './support/returns';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';
import { newLocation } from './support/waves';

/**
 * Two receipts of one return line at once (PostgreSQL; PGlite has one connection and cannot race): the return row's
 * lock and the line's conditional UPDATE let one count; the other is refused and adds nothing to stock or ledger.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('receiving one return line twice at once (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'one receipt counts',
    async () => {
      const bin = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'storage' });
      for (let round = 0; round < 5; round++) {
        const order = await shippedOrder(ctx, { quantity: 2 });
        const before = await stockOf(ctx, order.inventoryId);
        const ret = await announced(ctx, order, 2);
        const rows = [{ line_id: ret.lineId, quantity: 2, disposition: 'restocked', location_id: bin.id }];
        const answers = await Promise.all([receive(ctx, ret.id, rows, 'manager'), receive(ctx, ret.id, rows, 'admin')]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        expect(await stockOf(ctx, order.inventoryId)).toEqual({
          onHand: before.onHand + 2,
          quarantined: 0,
          available: before.available + 2,
        });
        expect((await ledgerOfLine(ctx, ret.lineId)).map((row) => row.onHandDelta)).toEqual([2]);
      }
    },
    120_000,
  );
});
