import type { ReplenishmentLine } from '@wms/contract/replenishment';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replenishmentRound } from '../src/modules/floor/replenishment/replenishment-api';
import { quantityToBring } from '../src/modules/floor/replenishment/replenishment-arithmetic';
import { daysFromToday } from './support/lots';
import { createOrder } from './support/orders';
import { allocationBreaches } from './support/picking';
import {
  createTasks,
  faceWithStorage,
  held,
  report,
  rowsOf,
  setFaces,
  taskAction,
  tasksOfFace,
} from './support/replenishment';
import { createTestContext, type TestContext } from './support/test-app';
import { newLocation, placeLot, placeUnits, release } from './support/waves';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  // Σ allocated = open pick tasks + live replenishment tasks, per place.
  expect(await allocationBreaches(ctx)).toEqual([]);
  // Each test's tasks end here, so the next test's report and worker round see only their own faces.
  await ctx.handle.db.execute(sql`with ended as (update replenishment_tasks set status = 'cancelled'
      where status in ('open', 'in_progress') returning inventory_id, source_location_id, lot_id, quantity),
    held as (select inventory_id, source_location_id, lot_id, sum(quantity)::int as quantity from ended
      group by 1, 2, 3)
    update location_stock ls set quantity_allocated = ls.quantity_allocated - held.quantity from held
    where ls.inventory_id = held.inventory_id and ls.location_id = held.source_location_id
      and ls.lot_id is not distinct from held.lot_id`);
  await ctx.handle.db.execute(sql`delete from pick_faces`);
});
afterAll(() => ctx.close());

const lineOf = (lines: ReplenishmentLine[], faceId: number) => lines.find((l) => l.pick_face.id === faceId);

describe('min / max / increment arithmetic', () => {
  const face = { min: 10, max: 40, increment: 12 };
  it('brings up to max in whole increments, rounded down', () => {
    expect(quantityToBring(face, 5, 1000)).toBe(24); // room 35 → two cases of 12
    expect(quantityToBring(face, 0, 1000)).toBe(36); // room 40 → three cases
    expect(quantityToBring({ min: 5, max: 24, increment: 12 }, 0, 1000)).toBe(24);
  });
  it('brings at least one increment when below min, even past max', () => {
    expect(quantityToBring({ min: 39, max: 40, increment: 12 }, 38, 1000)).toBe(12);
  });
  it('brings nothing when not below min and already within an increment of max', () => {
    expect(quantityToBring(face, 30, 1000)).toBe(0);
  });
  it('never more than storage holds free', () => {
    expect(quantityToBring(face, 5, 7)).toBe(7);
    expect(quantityToBring(face, 5, 0)).toBe(0);
  });
});

describe('pick-face settings', () => {
  it('PUT replaces the list, GET lists them per row and per warehouse (paginated)', async () => {
    const s = await faceWithStorage(ctx, { atFace: 3 });
    const second = await newLocation(ctx, s.warehouseId, { type: 'pick', zone: 'PF' });
    const put = await setFaces(ctx, s.inventoryId, [
      { location_id: s.pick.id, min: 2, max: 20, increment: 6 },
      { location_id: second.id, min: 0, max: 5, increment: 1 },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().message).toBe('2 pick faces saved.');
    const kept = put.json().data.find((f: { location: { id: number } }) => f.location.id === s.pick.id);
    // The same location keeps its face (and id), with the new numbers.
    expect(kept).toMatchObject({ id: s.faceId, min: 2, max: 20, increment: 6, quantity: 3, available: 3 });
    const replaced = await setFaces(ctx, s.inventoryId, [{ location_id: second.id, min: 1, max: 5, increment: 1 }]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const got = await ctx.as('manager', { method: 'GET', url: `/api/inventories/${s.inventoryId}/pick-faces` });
    expect(got.json().data.map((f: { location: { id: number } }) => f.location.id)).toEqual([second.id]);
    const list = await ctx.as('manager', {
      method: 'GET',
      url: `/api/warehouses/${s.warehouseId}/pick-faces?per_page=1&page=1`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().meta).toMatchObject({ total: 1, per_page: 1 });
  });

  it('refuses bad numbers and non-pick locations with field messages, changing nothing', async () => {
    const s = await faceWithStorage(ctx);
    const beta = await newLocation(ctx, ctx.world.warehouses.beta, { type: 'pick' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ location_id: s.pick.id, min: 20, max: 10, increment: 1 }, 'pick_faces.0.max', 'Max must be at least min.'],
      [
        { location_id: s.pick.id, min: -1, max: 10, increment: 1 },
        'pick_faces.0.min',
        'Min must be a whole number, 0 or more.',
      ],
      [
        { location_id: s.pick.id, min: 0, max: 0, increment: 1 },
        'pick_faces.0.max',
        'Max must be a whole number above 0.',
      ],
      [
        { location_id: s.pick.id, min: 1, max: 10, increment: 0 },
        'pick_faces.0.increment',
        'Increment must be a whole number, 1 or more.',
      ],
      [
        { location_id: s.storage.id, min: 1, max: 10, increment: 1 },
        'pick_faces.0.location_id',
        'Choose a pick location of this inventory row’s warehouse.',
      ],
      [
        { location_id: beta.id, min: 1, max: 10, increment: 1 },
        'pick_faces.0.location_id',
        'Choose a pick location of this inventory row’s warehouse.',
      ],
    ];
    for (const [face, field, message] of cases) {
      const res = await ctx.as('manager', {
        method: 'PUT',
        url: `/api/inventories/${s.inventoryId}/pick-faces`,
        payload: { pick_faces: [face] },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const twice = await setFaces(ctx, s.inventoryId, [
      { location_id: s.pick.id, min: 1, max: 10, increment: 1 },
      { location_id: s.pick.id, min: 1, max: 10, increment: 1 },
    ]);
    expect(twice.json().errors['pick_faces.1.location_id']).toEqual(['Each pick location once.']);
    const after = await ctx.as('manager', { method: 'GET', url: `/api/inventories/${s.inventoryId}/pick-faces` });
    expect(after.json().data).toEqual([expect.objectContaining({ id: s.faceId, min: 10, max: 40, increment: 12 })]);
  });
});

describe('the report', () => {
  it('a face below min gets max in whole increments from storage, never quarantine or other pick faces', async () => {
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const quarantine = await newLocation(ctx, s.warehouseId, { type: 'quarantine' });
    await placeUnits(ctx, s.inventoryId, quarantine.id, 500);
    const res = await report(ctx, s.warehouseId);
    expect(res.statusCode, res.body).toBe(200);
    const line = lineOf(res.json().data, s.faceId)!;
    expect(line).toMatchObject({ below_min: true, urgent: false, wave_demand: 0, quantity: 24, storage_free: 100 });
    expect(line.sources).toEqual([
      expect.objectContaining({ location: { id: s.storage.id, code: s.storage.code }, quantity: 24 }),
    ]);
  });

  it('never more than storage holds; a face at or above min is not listed', async () => {
    const short = await faceWithStorage(ctx, { atFace: 5, inStorage: 7 });
    const full = await faceWithStorage(ctx, { atFace: 30, inStorage: 100 });
    const lines = (await report(ctx, short.warehouseId)).json().data;
    expect(lineOf(lines, short.faceId)).toMatchObject({ quantity: 7, storage_free: 7 });
    expect(lineOf(lines, full.faceId)).toBeUndefined();
  });

  it('FEFO: the storage lot expiring first is the source', async () => {
    const s = await faceWithStorage(ctx, {
      atFace: 0,
      product: { track_lots: true, track_expiry: true },
      face: { min: 5, max: 20, increment: 10 },
    });
    const later = await newLocation(ctx, s.warehouseId, { type: 'storage' });
    await placeLot(ctx, s.inventoryId, later.id, {
      code: `L-${s.faceId}-A`,
      expiryDate: daysFromToday(90),
      quantity: 80,
    });
    const sooner = await newLocation(ctx, s.warehouseId, { type: 'storage' });
    await placeLot(ctx, s.inventoryId, sooner.id, {
      code: `L-${s.faceId}-B`,
      expiryDate: daysFromToday(20),
      quantity: 30,
    });
    const line = lineOf((await report(ctx, s.warehouseId)).json().data, s.faceId)!;
    expect(line.quantity).toBe(20);
    expect(line.sources).toHaveLength(1);
    expect(line.sources[0]).toMatchObject({
      location: { id: sooner.id },
      lot: { code: `L-${s.faceId}-B` },
      quantity: 20,
    });
    expect(line.sources[0]!.reason).toContain('FEFO');
  });

  it('fewest sources: the largest storage place when none fills it alone is first', async () => {
    const s = await faceWithStorage(ctx, { atFace: 0, inStorage: 4, face: { min: 1, max: 30, increment: 1 } });
    const big = await newLocation(ctx, s.warehouseId, { type: 'storage' });
    await placeUnits(ctx, s.inventoryId, big.id, 20);
    const line = lineOf((await report(ctx, s.warehouseId)).json().data, s.faceId)!;
    expect(line.quantity).toBe(24);
    expect(line.sources.map((p: { location: { id: number } }) => p.location.id)).toEqual([big.id, s.storage.id]);
  });

  it('demand from a released wave: a wave reaching into storage makes the face urgent, and a task follows', async () => {
    const s = await faceWithStorage(ctx, { atFace: 2, inStorage: 50, face: { min: 0, max: 12, increment: 6 } });
    const order = await createOrder(ctx, {
      accountId: s.accountId,
      warehouseId: s.warehouseId,
      lines: [{ productId: s.productId, quantity: 5 }],
    });
    const released = await release(ctx, { warehouse_id: s.warehouseId, order_ids: [order.id] });
    expect(released.statusCode, released.body).toBe(201);
    // 2 from the face, 3 from storage: the face (min 0) is not below min, the wave's storage pull is the demand.
    const line = lineOf((await report(ctx, s.warehouseId)).json().data, s.faceId)!;
    expect(line).toMatchObject({ below_min: false, urgent: true, wave_demand: 3, quantity: 12 });
    // The release created the task right after it: urgent, its units held at the source.
    const tasks = await tasksOfFace(ctx, s.faceId);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ status: 'open', urgent: true, quantity: 12 });
    expect(line.open_task_id).toBe(Number(tasks[0]!.id));
    expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 50, allocated: 15 });
  });
});

describe('tasks', () => {
  it('no second live task for the same pick face, from the button or the worker', async () => {
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const first = await createTasks(ctx, { warehouse_id: s.warehouseId, pick_face_ids: [s.faceId] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toEqual([
      expect.objectContaining({
        pick_face_id: s.faceId,
        quantity: 24,
        status: 'open',
        source: { id: s.storage.id, code: s.storage.code },
      }),
    ]);
    const again = await createTasks(ctx, { warehouse_id: s.warehouseId });
    expect(again.json()).toMatchObject({ message: '0 replenishment tasks created.', data: [] });
    expect(await replenishmentRound(ctx.handle.db)).toMatchObject({ ran: true, created: 0 });
    expect(await tasksOfFace(ctx, s.faceId)).toHaveLength(1);
    expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 100, allocated: 24 });
  });

  it('the worker round creates the tasks the report asks for', async () => {
    const s = await faceWithStorage(ctx, { atFace: 0, inStorage: 100 });
    expect(await replenishmentRound(ctx.handle.db)).toMatchObject({ ran: true, created: 1 });
    expect(await tasksOfFace(ctx, s.faceId)).toEqual([expect.objectContaining({ quantity: 36, created_by: null })]);
  });

  it('start, complete with scans: one ledger move referencing the task; completing again answers it unchanged', async () => {
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const task = (await createTasks(ctx, { warehouse_id: s.warehouseId })).json().data[0];
    const started = await taskAction(ctx, task.id, 'start');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'in_progress', assignee: { name: 'Max Manager' } });
    const taken = await taskAction(ctx, task.id, 'start', undefined, 'admin');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This task is being done by Max Manager.');
    const scans = { quantity: 24, source_code: s.storage.code, target_code: s.pick.code };
    const wrong = await taskAction(ctx, task.id, 'complete', { ...scans, source_code: s.pick.code });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.source_code).toEqual([`Wrong location: take the units from ${s.storage.code}.`]);
    const wrongTarget = await taskAction(ctx, task.id, 'complete', { ...scans, target_code: s.storage.code });
    expect(wrongTarget.json().errors.target_code).toEqual([`Wrong location: bring the units to ${s.pick.code}.`]);
    const tooMany = await taskAction(ctx, task.id, 'complete', { ...scans, quantity: 25 });
    expect(tooMany.json().errors.quantity).toEqual(['Bring at most 24.']);
    expect(await held(ctx, s.inventoryId, s.pick.id)).toEqual({ quantity: 5, allocated: 0 });
    const byOther = await taskAction(ctx, task.id, 'complete', scans, 'admin');
    expect(byOther.statusCode).toBe(409);
    const done = await taskAction(ctx, task.id, 'complete', scans);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'done', quantity_moved: 24 });
    expect(await held(ctx, s.inventoryId, s.pick.id)).toEqual({ quantity: 29, allocated: 0 });
    expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 76, allocated: 0 });
    const moves = await rowsOf(
      ctx,
      sql`select type, location_id, location_delta from inventory_movements
        where reference_type = 'replenishment_task' and reference_id = ${task.id} order by location_part`,
    );
    expect(moves).toEqual([
      { type: 'move', location_id: s.storage.id, location_delta: -24 },
      { type: 'move', location_id: s.pick.id, location_delta: 24 },
    ]);
    const repeated = await taskAction(ctx, task.id, 'complete', scans);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().data).toEqual(done.json().data);
    expect(await held(ctx, s.inventoryId, s.pick.id)).toEqual({ quantity: 29, allocated: 0 });
    const events = await rowsOf(
      ctx,
      sql`select kind from activity where subject_type = 'replenishment_task' and subject_id = ${task.id} order by id`,
    );
    expect(events.map((e) => e.kind)).toEqual([
      'replenishment_task.created',
      'replenishment_task.started',
      'replenishment_task.completed',
    ]);
  });

  it('an expiry-tracked task wants its lot scanned', async () => {
    const s = await faceWithStorage(ctx, {
      product: { track_lots: true, track_expiry: true },
      face: { min: 1, max: 5, increment: 5 },
    });
    await placeLot(ctx, s.inventoryId, s.storage.id, {
      code: `LT-${s.faceId}`,
      expiryDate: daysFromToday(30),
      quantity: 10,
    });
    const task = (await createTasks(ctx, { warehouse_id: s.warehouseId })).json().data[0];
    expect(task.lot).toMatchObject({ code: `LT-${s.faceId}` });
    const scans = { quantity: 5, source_code: s.storage.code, target_code: s.pick.code };
    const noLot = await taskAction(ctx, task.id, 'complete', scans);
    expect(noLot.json().errors.lot).toEqual([`Wrong lot: take lot LT-${s.faceId}.`]);
    const ok = await taskAction(ctx, task.id, 'complete', { ...scans, lot: `lt-${s.faceId}` });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a short source: the task ends, its units are free, the source goes to hospital with a count', async () => {
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const task = (await createTasks(ctx, { warehouse_id: s.warehouseId })).json().data[0];
    const res = await taskAction(ctx, task.id, 'short');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', short: true });
    expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 100, allocated: 0 });
    const [location] = await rowsOf(ctx, sql`select hospital_reason from locations where id = ${s.storage.id}`);
    expect(location!.hospital_reason).toBe('not_found');
    const counts = await rowsOf(
      ctx,
      sql`select c.id from cycle_counts c join cycle_count_locations cl on cl.cycle_count_id = c.id
        where cl.location_id = ${s.storage.id}`,
    );
    expect(counts).toHaveLength(1);
    // In hospital, the storage location is no source any more.
    expect(lineOf((await report(ctx, s.warehouseId)).json().data, s.faceId)).toMatchObject({
      storage_free: 0,
      sources: [],
    });
  });

  it('cancel frees the units; a cancelled task cannot be started or cancelled again', async () => {
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const task = (await createTasks(ctx, { warehouse_id: s.warehouseId })).json().data[0];
    const res = await taskAction(ctx, task.id, 'cancel');
    expect(res.json().data).toMatchObject({ status: 'cancelled', short: false });
    expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 100, allocated: 0 });
    expect((await taskAction(ctx, task.id, 'start')).statusCode).toBe(409);
    expect((await taskAction(ctx, task.id, 'cancel')).statusCode).toBe(409);
  });

  it('a face with a live task may not be removed', async () => {
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    await createTasks(ctx, { warehouse_id: s.warehouseId });
    const res = await setFaces(ctx, s.inventoryId, []);
    expect(res.statusCode).toBe(409);
    expect(
      (await ctx.as('manager', { method: 'GET', url: `/api/inventories/${s.inventoryId}/pick-faces` })).json().data,
    ).toHaveLength(1);
  });
});

describe('scope and permissions', () => {
  it("Beta's manager reaches none of Alpha's replenishment (404), Alpha's reaches none of Beta's", async () => {
    const a = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const b = await faceWithStorage(ctx, {
      warehouseId: ctx.world.warehouses.beta,
      accountId: ctx.world.accounts.otherClient,
      atFace: 5,
      inStorage: 100,
    });
    const taskA = (await createTasks(ctx, { warehouse_id: a.warehouseId }, 'admin')).json().data[0];
    const taskB = (await createTasks(ctx, { warehouse_id: b.warehouseId }, 'admin')).json().data[0];
    for (const [actor, other, task] of [
      ['otherManager', a, taskA],
      ['manager', b, taskB],
    ] as const) {
      const get = (url: string) => ctx.as(actor, { method: 'GET', url });
      expect((await get(`/api/inventories/${other.inventoryId}/pick-faces`)).statusCode).toBe(404);
      expect((await get(`/api/warehouses/${other.warehouseId}/pick-faces`)).statusCode).toBe(404);
      expect((await report(ctx, other.warehouseId, actor)).statusCode).toBe(404);
      expect((await setFaces(ctx, other.inventoryId, [], actor)).statusCode).toBe(404);
      expect((await createTasks(ctx, { warehouse_id: other.warehouseId }, actor)).statusCode).toBe(404);
      for (const action of ['start', 'short', 'cancel'] as const) {
        expect((await taskAction(ctx, task.id, action, undefined, actor)).statusCode).toBe(404);
      }
      const complete = await taskAction(
        ctx,
        task.id,
        'complete',
        { quantity: 1, source_code: other.storage.code, target_code: other.pick.code },
        actor,
      );
      expect(complete.statusCode).toBe(404);
      const list = (await get(`/api/replenishment-tasks?status=open&per_page=100`)).json().data;
      expect(list.map((t: { id: number }) => t.id)).not.toContain(task.id);
    }
    // Nothing changed: each task is still open, its face still set, its units still held.
    for (const [s, task] of [
      [a, taskA],
      [b, taskB],
    ] as const) {
      expect(await tasksOfFace(ctx, s.faceId)).toEqual([expect.objectContaining({ id: task.id, status: 'open' })]);
      expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 100, allocated: task.quantity });
    }
    const own = await ctx.as('manager', { method: 'GET', url: '/api/replenishment-tasks?status=open&per_page=100' });
    expect(own.json().data.map((t: { id: number }) => t.id)).toContain(taskA.id);
  });

  it('clients hold none of the permissions (403)', async () => {
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const task = (await createTasks(ctx, { warehouse_id: s.warehouseId })).json().data[0];
    const calls = [
      ctx.as('client', { method: 'GET', url: `/api/inventories/${s.inventoryId}/pick-faces` }),
      setFaces(ctx, s.inventoryId, [], 'client'),
      report(ctx, s.warehouseId, 'client'),
      createTasks(ctx, { warehouse_id: s.warehouseId }, 'client'),
      ctx.as('client', { method: 'GET', url: '/api/replenishment-tasks' }),
      taskAction(ctx, task.id, 'start', undefined, 'client'),
      taskAction(ctx, task.id, 'cancel', undefined, 'client'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
  });

  it('replenish does tasks; manage replenishment sets faces and creates and cancels tasks', async () => {
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100 });
    const revoke = (name: string) =>
      ctx.handle.db.execute(sql`delete from role_permissions where role_id = (select id from roles where name = 'manager')
        and permission_id = (select id from permissions where name = ${name})`);
    const grant = (name: string) =>
      ctx.handle.db.execute(sql`insert into role_permissions (role_id, permission_id)
        select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = ${name}
        on conflict do nothing`);
    await revoke('manage replenishment');
    try {
      expect((await setFaces(ctx, s.inventoryId, [])).statusCode).toBe(403);
      expect((await createTasks(ctx, { warehouse_id: s.warehouseId })).statusCode).toBe(403);
      expect((await report(ctx, s.warehouseId)).statusCode).toBe(200);
    } finally {
      await grant('manage replenishment');
    }
    const task = (await createTasks(ctx, { warehouse_id: s.warehouseId })).json().data[0];
    await revoke('replenish');
    try {
      expect((await taskAction(ctx, task.id, 'start')).statusCode).toBe(403);
      expect(await tasksOfFace(ctx, s.faceId)).toEqual([
        expect.objectContaining({ status: 'open', assignee_id: null }),
      ]);
    } finally {
      await grant('replenish');
    }
  });
});
