import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { oneTaskWave, placeStock, rowsOf } from './support/picking';
import { createTasks, faceWithStorage, held } from './support/replenishment';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The handheld's offline queue replays a floor action with the key it was made with: when the first attempt was
 * applied but its answer never reached the phone (the Wi-Fi dropped), the replay must answer the first answer
 * again and change nothing. Without the route's `idempotent` config the replay would be refused as a second pick.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const taskWrite = (waveId: number, taskId: number, action: string, payload: object, key: string) =>
  ctx.as('manager', {
    method: 'POST',
    url: `/api/waves/${waveId}/tasks/${taskId}/${action}`,
    payload,
    headers: { 'idempotency-key': key },
  });

const movesOf = (inventoryId: number) =>
  rowsOf(ctx, sql`select id from inventory_movements where inventory_id = ${inventoryId} and type = 'move'`);

describe('picking writes replayed with their Idempotency-Key', () => {
  it('a pick sent twice with one key is applied once; the replay answers the first answer', async () => {
    const w = await oneTaskWave(ctx, { units: 10, quantity: 3 });
    const scans = { location_code: w.location.code, product_code: w.stock.sku, quantity: 3 };
    const key = `pick-${w.taskId}-first`;
    const first = await taskWrite(w.wave.id, w.taskId, 'pick', scans, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await taskWrite(w.wave.id, w.taskId, 'pick', scans, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await movesOf(w.stock.inventoryId)).toHaveLength(2);
    expect(await placeStock(ctx, w.stock.inventoryId, w.location.id)).toEqual({ quantity: 7, allocated: 0 });

    // A new key is a new attempt, judged by the task's state (already picked): not replayed, nothing moves again.
    const again = await taskWrite(w.wave.id, w.taskId, 'pick', scans, `pick-${w.taskId}-second`);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await movesOf(w.stock.inventoryId)).toHaveLength(2);
  });

  it('a short pick and a skip replay too', async () => {
    const skipped = await oneTaskWave(ctx, { units: 10, quantity: 2 });
    const skipOnce = await taskWrite(skipped.wave.id, skipped.taskId, 'skip', {}, 'skip-once');
    expect(skipOnce.statusCode, skipOnce.body).toBe(200);
    const skipAgain = await taskWrite(skipped.wave.id, skipped.taskId, 'skip', {}, 'skip-once');
    expect(skipAgain.headers['idempotent-replayed']).toBe('true');

    const shorted = await oneTaskWave(ctx, { units: 10, quantity: 4 });
    const report = { quantity_found: 0, reason: 'empty' };
    const shortOnce = await taskWrite(shorted.wave.id, shorted.taskId, 'short', report, 'short-once');
    expect(shortOnce.statusCode, shortOnce.body).toBe(200);
    const shortAgain = await taskWrite(shorted.wave.id, shorted.taskId, 'short', report, 'short-once');
    expect(shortAgain.headers['idempotent-replayed']).toBe('true');
    expect(shortAgain.json()).toEqual(shortOnce.json());
  });
});

describe('replenishment task writes replayed with their Idempotency-Key', () => {
  const replenish = (taskId: number, action: 'start' | 'complete' | 'short', payload: object, key: string) =>
    ctx.as('manager', {
      method: 'POST',
      url: `/api/replenishment-tasks/${taskId}/${action}`,
      payload,
      headers: { 'idempotency-key': key },
    });
  const ledgerOf = (taskId: number) =>
    rowsOf(
      ctx,
      sql`select id from inventory_movements where reference_type = 'replenishment_task' and reference_id = ${taskId}`,
    );
  let barcodes = 0;
  const oneTask = async () => {
    const barcode = `RPL-${Date.now()}-${++barcodes}`;
    const s = await faceWithStorage(ctx, { atFace: 5, inStorage: 100, product: { barcode } });
    const created = await createTasks(ctx, { warehouse_id: s.warehouseId, pick_face_ids: [s.faceId] });
    expect(created.statusCode, created.body).toBe(201);
    // The task names the product's barcode: the handheld takes it as well as the SKU, offline too.
    expect(created.json().data[0].product).toMatchObject({ sku: s.sku, barcode });
    return { s, taskId: created.json().data[0].id as number };
  };

  it('a start and a completion sent twice with one key are applied once; the replays answer the first answers', async () => {
    const { s, taskId } = await oneTask();
    const start = await replenish(taskId, 'start', {}, `start-${taskId}`);
    expect(start.statusCode, start.body).toBe(200);
    const startAgain = await replenish(taskId, 'start', {}, `start-${taskId}`);
    expect(startAgain.headers['idempotent-replayed']).toBe('true');
    expect(startAgain.json()).toEqual(start.json());

    const scans = { quantity: 24, source_code: s.storage.code, target_code: s.pick.code };
    const first = await replenish(taskId, 'complete', scans, `complete-${taskId}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: expect.stringContaining('Brought 24'), data: { status: 'done' } });
    const replay = await replenish(taskId, 'complete', scans, `complete-${taskId}`);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The first answer again, its message included (a new attempt on a done task answers without one).
    expect(replay.json()).toEqual(first.json());
    // One ledger move: two rows (reserve −24, pick face +24), not four.
    expect(await ledgerOf(taskId)).toHaveLength(2);
    expect(await held(ctx, s.inventoryId, s.pick.id)).toEqual({ quantity: 29, allocated: 0 });
    expect(await held(ctx, s.inventoryId, s.storage.id)).toEqual({ quantity: 76, allocated: 0 });
  });

  it('a short replayed with its key answers its first answer instead of "This task is cancelled."', async () => {
    const { s, taskId } = await oneTask();
    const first = await replenish(taskId, 'short', {}, `short-${taskId}`);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await replenish(taskId, 'short', {}, `short-${taskId}`);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const counts = await rowsOf(
      ctx,
      sql`select c.id from cycle_counts c join cycle_count_locations cl on cl.cycle_count_id = c.id
        where cl.location_id = ${s.storage.id}`,
    );
    expect(counts).toHaveLength(1);
    // A new key is a new attempt, judged by the task's state.
    const again = await replenish(taskId, 'short', {}, `short-${taskId}-again`);
    expect(again.statusCode).toBe(409);
  });
});

describe('a putaway (verify with putaway) replayed with its Idempotency-Key', () => {
  it('is applied once and answers its first answer; a new key after it is judged afresh (already verified)', async () => {
    const { accounts, warehouses } = ctx.world;
    const product = await createProduct(ctx, accounts.clientActive, { name: 'Replayed putaway' });
    const bin = await ctx.as('admin', {
      method: 'POST',
      url: `/api/warehouses/${warehouses.alpha}/locations`,
      payload: { code: 'IDEM-PA-01', zone: 'P', type: 'storage' },
    });
    expect(bin.statusCode, bin.body).toBe(201);
    const announced = await ctx.as('client', {
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: accounts.clientActive,
        warehouse_id: warehouses.alpha,
        lines: [{ product_id: product.id, quantity: 10 }],
      },
    });
    expect(announced.statusCode, announced.body).toBe(201);
    const shipment = announced.json().data;
    const body = {
      notes: null,
      lines: [
        {
          line_id: shipment.lines[0].id,
          received_quantity: 10,
          discrepancy_reason: null,
          putaway: [{ location_id: bin.json().location.id, quantity: 10, lot_code: null, expiry_date: null }],
        },
      ],
    };
    const verify = (key: string) =>
      ctx.as('manager', {
        method: 'POST',
        url: `/api/shipments/${shipment.id}/verify`,
        payload: body,
        headers: { 'idempotency-key': key },
      });
    const ledgerRows = () =>
      rowsOf(
        ctx,
        sql`select m.id from inventory_movements m join inventories i on i.id = m.inventory_id where i.product_id = ${product.id}`,
      );

    const first = await verify(`putaway-${shipment.id}-first`);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await verify(`putaway-${shipment.id}-first`);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await ledgerRows()).toHaveLength(1);
    const placed = await rowsOf(
      ctx,
      sql`select ls.quantity from location_stock ls join inventories i on i.id = ls.inventory_id where i.product_id = ${product.id}`,
    );
    expect(placed.map((r) => Number(r.quantity))).toEqual([10]);

    // A new key is a new attempt: the shipment is verified already, so it is refused and nothing is received again.
    const again = await verify(`putaway-${shipment.id}-second`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().message).toBe(SHIPMENT_MESSAGES.onlyPendingVerified);
    expect(await ledgerRows()).toHaveLength(1);
  });
});
