import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTaskWave, placeStock, rowsOf } from './support/picking';
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
