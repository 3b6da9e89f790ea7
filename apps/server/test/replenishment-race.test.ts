import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replenishmentRound } from '../src/modules/floor/replenishment/replenishment-api';
import { createOrder } from './support/orders';
import { allocationBreaches, lineOf, pick, releasedWave, taskRow } from './support/picking';
import { createTasks, faceWithStorage, held, rowsOf, taskAction, tasksOfFace } from './support/replenishment';
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

describe('replenishment races (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'two workers starting the same task at once: one gets it, the other is told who',
    async () => {
      for (let round = 0; round < 5; round++) {
        const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
        const task = (await createTasks(ctx, { warehouse_id: s.warehouseId }, 'admin'))
          .json()
          .data.find((t: { pick_face_id: number }) => t.pick_face_id === s.faceId);
        const answers = await Promise.all([
          taskAction(ctx, task.id, 'start', undefined, 'manager'),
          taskAction(ctx, task.id, 'start', undefined, 'admin'),
        ]);
        const codes = answers.map((r) => r.statusCode);
        expect([...codes].sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
        const winner = answers.find((r) => r.statusCode === 200)!.json().data.assignee.name;
        expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(`This task is being done by ${winner}.`);
        const [row] = await tasksOfFace(ctx, s.faceId);
        expect(row).toMatchObject({ status: 'in_progress' });
        await taskAction(ctx, task.id, 'cancel', undefined, 'admin');
      }
    },
  );

  it.skipIf(!isRealPostgres())(
    'a task completing while a picker picks from the same source never takes the allocated units',
    async () => {
      for (let round = 0; round < 5; round++) {
        // Storage holds 30: a wave allocates 20 of them to a pick task, replenishment holds the other 10.
        const s = await faceWithStorage(ctx, { atFace: 0, inStorage: 30, face: { min: 1, max: 10, increment: 10 } });
        const order = await createOrder(ctx, {
          accountId: s.accountId,
          warehouseId: s.warehouseId,
          lines: [{ productId: s.productId, quantity: 20 }],
        });
        const orderItemId = await lineOf(ctx, order.id, s.productId);
        const wave = await releasedWave(ctx, s.warehouseId, [
          {
            locationId: s.storage.id,
            inventoryId: s.inventoryId,
            productId: s.productId,
            shares: [{ orderId: order.id, orderItemId, quantity: 20 }],
          },
        ]);
        const task = (await createTasks(ctx, { warehouse_id: s.warehouseId }, 'admin'))
          .json()
          .data.find((t: { pick_face_id: number }) => t.pick_face_id === s.faceId);
        expect(task.quantity).toBe(10);
        expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 30, allocated: 30 });
        await taskAction(ctx, task.id, 'start', undefined, 'admin');
        const [picked, replenished] = await Promise.all([
          pick(ctx, wave.id, wave.taskIds[0]!, { location_code: s.storage.code, product_code: s.sku, quantity: 20 }),
          taskAction(
            ctx,
            task.id,
            'complete',
            { quantity: 10, source_code: s.storage.code, target_code: s.pick.code },
            'admin',
          ),
        ]);
        expect(picked.statusCode, picked.body).toBe(200);
        expect(replenished.statusCode, replenished.body).toBe(200);
        expect((await taskRow(ctx, wave.taskIds[0]!)).status).toBe('picked');
        expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 0, allocated: 0 });
        expect(await held(ctx, s.inventoryId, s.pick.id)).toEqual({ quantity: 10, allocated: 0 });
      }
    },
  );

  it.skipIf(!isRealPostgres())(
    'two worker rounds at once (two API nodes): one runs, no face gets two tasks',
    async () => {
      const s = await faceWithStorage(ctx, { atFace: 0, inStorage: 100 });
      const rounds = await Promise.all([replenishmentRound(ctx.handle.db), replenishmentRound(ctx.handle.db)]);
      expect(rounds.some((r) => r.ran)).toBe(true);
      expect(await tasksOfFace(ctx, s.faceId)).toHaveLength(1);
      const live = await rowsOf(
        ctx,
        sql`select pick_face_id from replenishment_tasks where status in ('open', 'in_progress')
        group by 1 having count(*) > 1`,
      );
      expect(live).toEqual([]);
    },
  );
});
