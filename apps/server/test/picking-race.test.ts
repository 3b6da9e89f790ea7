import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  allocationBreaches,
  onCarts,
  oneTaskWave,
  pick,
  placeStock,
  putBack,
  putBackWave,
  taskRow,
} from './support/picking';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  expect(await allocationBreaches(ctx)).toEqual([]);
});
afterAll(() => ctx.close());

describe('picking races (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'two pickers confirming the same task at once: one moves the units, the other is told who did',
    async () => {
      for (let round = 0; round < 5; round++) {
        const w = await oneTaskWave(ctx, { units: 10, quantity: 4 });
        const scans = { location_code: w.location.code, product_code: w.stock.sku, quantity: 4 };
        const answers = await Promise.all([
          pick(ctx, w.wave.id, w.taskId, scans, 'manager'),
          pick(ctx, w.wave.id, w.taskId, scans, 'admin'),
        ]);
        const codes = answers.map((r) => r.statusCode);
        expect([...codes].sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
        const winner = codes[0] === 200 ? 'Max Manager' : 'Ada Admin';
        const loser = answers.find((r) => r.statusCode === 409)!;
        // Told why: the wave became the winner's, or the task was already picked by them.
        expect([
          `${w.wave.number} is assigned to ${winner}; only they pick it.`,
          `This task was already picked by ${winner}.`,
        ]).toContain(loser.json().message);
        expect(await onCarts(ctx, w.stock.inventoryId)).toBe(4);
        expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 6, allocated: 0 });
        expect((await taskRow(ctx, w.taskId)).status).toBe('picked');
      }
    },
  );

  it.skipIf(!isRealPostgres())(
    'two pickers putting back the same task at once: one moves the units back, the other is told who did',
    async () => {
      for (let round = 0; round < 5; round++) {
        const w = await putBackWave(ctx, { units: 10, quantity: 4 });
        const answers = await Promise.all([
          putBack(ctx, w.wave.id, w.putBackId, w.scans, 'manager'),
          putBack(ctx, w.wave.id, w.putBackId, w.scans, 'admin'),
        ]);
        const codes = answers.map((r) => r.statusCode);
        expect([...codes].sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
        const winner = codes[0] === 200 ? 'Max Manager' : 'Ada Admin';
        expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(
          `These units were already put back by ${winner}.`,
        );
        // Moved back once: the cart empty, the bin whole again.
        expect(await onCarts(ctx, w.stock.inventoryId)).toBe(0);
        expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 10, allocated: 0 });
        expect((await taskRow(ctx, w.putBackId)).status).toBe('done');
      }
    },
  );

  it.skipIf(!isRealPostgres())('two pickers asking for work at once get different waves', async () => {
    const { sql } = await import('drizzle-orm');
    await ctx.handle.db.execute(sql`update waves set status = 'cancelled' where status = 'open'`);
    const a = await oneTaskWave(ctx);
    const b = await oneTaskWave(ctx);
    const ask = (actor: 'manager' | 'admin') =>
      ctx.as(actor, { method: 'POST', url: '/api/waves/assign-next', payload: { warehouse_id: a.warehouseId } });
    const answers = await Promise.all([ask('manager'), ask('admin')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().data.id).sort()).toEqual([a.wave.id, b.wave.id].sort());
  });
});
