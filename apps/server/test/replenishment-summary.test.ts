import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTasks, faceWithStorage, taskAction } from './support/replenishment';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const summary = (actor: Actor, warehouseId?: number) =>
  ctx.as(actor, {
    method: 'GET',
    url: `/api/replenishment/summary${warehouseId ? `?warehouse_id=${warehouseId}` : ''}`,
  });

describe('GET /api/replenishment/summary (the dashboard card)', () => {
  it("counts live tasks and pick faces below min in the caller's warehouses only", async () => {
    // Alpha: two faces below min (5 free < 10), one given a task then started; one face full (not counted).
    const a1 = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const a2 = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    await faceWithStorage(ctx, { atFace: 30, inStorage: 100 });
    // Beta: one face below min, with an open task.
    const b = await faceWithStorage(ctx, {
      warehouseId: ctx.world.warehouses.beta,
      accountId: ctx.world.accounts.otherClient,
      atFace: 0,
      inStorage: 100,
    });
    const created = await createTasks(ctx, { warehouse_id: a1.warehouseId, pick_face_ids: [a1.faceId, a2.faceId] });
    expect(created.statusCode, created.body).toBe(201);
    expect((await taskAction(ctx, created.json().data[0].id, 'start')).statusCode).toBe(200);
    expect((await createTasks(ctx, { warehouse_id: b.warehouseId }, 'admin')).statusCode).toBe(201);

    const alpha = { open_tasks: 1, in_progress_tasks: 1, urgent_tasks: 0, faces_below_min: 2 };
    const beta = { open_tasks: 1, in_progress_tasks: 0, urgent_tasks: 0, faces_below_min: 1 };
    const manager = await summary('manager');
    expect(manager.statusCode, manager.body).toBe(200);
    expect(manager.json().data).toEqual(alpha);
    expect((await summary('otherManager')).json().data).toEqual(beta);
    expect((await summary('admin')).json().data).toEqual({
      open_tasks: 2,
      in_progress_tasks: 1,
      urgent_tasks: 0,
      faces_below_min: 3,
    });
    // One warehouse of one's own narrows it; another's answers 404.
    expect((await summary('admin', b.warehouseId)).json().data).toEqual(beta);
    expect((await summary('manager', a1.warehouseId)).json().data).toEqual(alpha);
    expect((await summary('manager', b.warehouseId)).statusCode).toBe(404);
    expect((await summary('otherManager', a1.warehouseId)).statusCode).toBe(404);
  });

  it('clients hold no replenishment permission (403)', async () => {
    expect((await summary('client')).statusCode).toBe(403);
  });
});
