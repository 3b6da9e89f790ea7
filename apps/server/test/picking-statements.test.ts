import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RequestAuth } from '../src/auth/request-auth';
import { confirmPick } from '../src/modules/outbound/picking/picking-service';
import { loadOwnUserView } from '../src/modules/platform/users/users-api';
import { bin, stockIn } from './support/cycle-counts';
import { createOrder } from './support/orders';
import { allocationBreaches, lineOf, releasedWave, taskRow } from './support/picking';
import { statementLog } from './support/statement-log';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * What one pick confirmation costs the database: a fixed, small number of statements, each touching only the
 * task's rows (its task, its orders' shares and lines, its location), whatever the size of its wave — with 20
 * pickers at once on two cores, a confirmation that grows with its wave misses its latency goal.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  expect(await allocationBreaches(ctx)).toEqual([]);
});
afterAll(() => ctx.close());

/**
 * Statements of one confirmation at most, begin and commit left out (PGlite's driver does not log them; with them,
 * two more on PostgreSQL). Recording the order picked (activity, webhook, live stream) is three of them.
 */
const MOST_STATEMENTS = 12;
const work = (statements: readonly { sql: string }[]) =>
  statements.filter((s) => !/^(begin|commit|rollback)\b/i.test(s.sql.trim()));

/** A discrete wave of `orders` one-line orders of one product from one pick bin, one task per order. */
async function waveOf(orders: number) {
  const warehouseId = ctx.world.warehouses.alpha;
  const accountId = ctx.world.accounts.clientActive;
  const location = await bin(ctx, warehouseId, 'PK', 'pick');
  const stock = await stockIn(ctx, { warehouseId, accountId, locationId: location.id }, orders * 2);
  const tasks = [];
  for (let i = 0; i < orders; i++) {
    const order = await createOrder(ctx, {
      accountId,
      warehouseId,
      lines: [{ productId: stock.productId, quantity: 1 }],
    });
    const orderItemId = await lineOf(ctx, order.id, stock.productId);
    tasks.push({
      locationId: location.id,
      inventoryId: stock.inventoryId,
      productId: stock.productId,
      shares: [{ orderId: order.id, orderItemId, quantity: 1 }],
    });
  }
  const wave = await releasedWave(ctx, warehouseId, tasks);
  return { wave, location, stock };
}

/** Confirms the wave's first task as the manager, recorded: the statements, and the rows each walked through. */
async function confirmFirstTask(w: Awaited<ReturnType<typeof waveOf>>) {
  const log = statementLog(ctx.handle);
  const user = (await loadOwnUserView(ctx.handle.db, ctx.world.users.manager.id))!;
  const taskId = w.wave.taskIds[0]!;
  // The picker has the wave already (taking it is a write of its own, once per wave).
  const taken = await ctx.as('manager', { method: 'POST', url: `/api/waves/${w.wave.id}/assign` });
  expect(taken.statusCode, taken.body).toBe(200);
  const statements = await log.record((db) =>
    confirmPick(db, new RequestAuth(user, 0, db), w.wave.id, taskId, {
      location_code: w.location.code,
      product_code: w.stock.sku,
      quantity: 1,
    }),
  );
  expect((await taskRow(ctx, taskId)).status).toBe('picked');
  return { statements, walked: await log.rowsWalked(statements) };
}

describe('one pick confirmation', () => {
  it('issues the same few statements in a wave of 2 orders as in a wave of 40, none walking the wave', async () => {
    // The warehouse's first pick creates its staging location (CARTS): once per warehouse, not per confirmation.
    await confirmFirstTask(await waveOf(1));
    const small = await confirmFirstTask(await waveOf(2));
    const large = await confirmFirstTask(await waveOf(40));
    const shown = (s: { sql: string }[]) => s.map((x) => x.sql.replace(/\s+/g, ' ').slice(0, 140));
    if (process.env.SHOW_SQL) {
      for (const s of large.walked)
        console.log(String(s.rows).padStart(5), s.step.padEnd(50), s.sql.replace(/\s+/g, ' ').slice(0, 160));
      console.log(`${work(large.statements).length} statements besides begin and commit`);
    }
    expect(shown(large.statements)).toEqual(shown(small.statements));
    expect(work(large.statements).length).toBeLessThanOrEqual(MOST_STATEMENTS);
    // A statement over the wave's tasks or orders walks through 40 rows somewhere in its plan; the task's own
    // statements through one or two. One exception: the answer's progress counts of the wave (tasks done of
    // total, units picked), one aggregate over the wave's tasks by its index.
    const walking = large.walked.filter((s) => s.rows >= 10);
    expect(walking.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 80))).toHaveLength(1);
    expect(walking[0]!.sql).toContain('tc.tasks_total, tc.tasks_done');
  }, 60_000);
});
