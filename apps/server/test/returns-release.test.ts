import { RETURN_MESSAGES } from '@wms/contract/returns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announced, ledgerOfLine, receive, shippedOrder, stockOf } from './support/returns';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import { newLocation } from './support/waves';

let ctx: TestContext;
let bin: { id: number; code: string };
let quarantine: { id: number; code: string };
beforeAll(async () => {
  ctx = await createTestContext();
  bin = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'storage' });
  quarantine = await newLocation(ctx, ctx.world.warehouses.alpha, { type: 'quarantine' });
});
afterAll(() => ctx.close());

const release = (id: number, lineId: number, payload: Record<string, unknown>) =>
  ctx.as('manager', { method: 'POST', url: `/api/returns/${id}/lines/${lineId}/release`, payload });

/** A return of 3 units received into quarantine (processing required). */
async function quarantinedReturn() {
  const order = await shippedOrder(ctx, { quantity: 3 });
  const ret = await announced(ctx, order, 3);
  const res = await receive(ctx, ret.id, [
    { line_id: ret.lineId, quantity: 3, disposition: 'processing_required', location_id: quarantine.id },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return { order, ret, before: await stockOf(ctx, order.inventoryId) };
}

describe('releasing quarantined return units (POST /api/returns/{id}/lines/{lineId}/release)', () => {
  it('restock moves units to a storage location (available up), dispose takes them off on hand; the last closes it', async () => {
    const { order, ret, before } = await quarantinedReturn();
    const restocked = await release(ret.id, ret.lineId, { quantity: 2, action: 'restock', location_id: bin.id });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(restocked.json().data).toMatchObject({ status: 'received', lines: [{ quarantined: 1 }] });
    expect(await stockOf(ctx, order.inventoryId)).toEqual({
      onHand: before.onHand,
      quarantined: before.quarantined - 2,
      available: before.available + 2,
    });
    const disposed = await release(ret.id, ret.lineId, { quantity: 1, action: 'dispose' });
    expect(disposed.statusCode, disposed.body).toBe(200);
    expect(disposed.json().data.status).toBe('closed');
    expect(await stockOf(ctx, order.inventoryId)).toEqual({
      onHand: before.onHand - 1,
      quarantined: 0,
      available: before.available + 2,
    });
    expect(await ledgerOfLine(ctx, ret.lineId)).toEqual([
      { type: 'return', onHandDelta: 3, locationId: quarantine.id, locationDelta: 3, lotId: null },
      { type: 'move', onHandDelta: 0, locationId: quarantine.id, locationDelta: -2, lotId: null },
      { type: 'move', onHandDelta: 0, locationId: bin.id, locationDelta: 2, lotId: null },
      { type: 'return', onHandDelta: -1, locationId: quarantine.id, locationDelta: -1, lotId: null },
    ]);
    const kinds = disposed.json().data.timeline.map((t: { kind: string }) => t.kind);
    expect(kinds.slice(0, 2)).toEqual(['return.closed', 'return.released']);
  });

  it('never more than the line holds in quarantine; restock only into storage or pick; nothing changes', async () => {
    const { ret } = await quarantinedReturn();
    const tooMany = await expectRefusedUnchanged(
      ctx.handle.db,
      () => release(ret.id, ret.lineId, { quantity: 4, action: 'dispose' }),
      422,
    );
    expect(tooMany.json().errors.quantity).toEqual([RETURN_MESSAGES.releaseAboveQuarantined(3)]);
    const intoQuarantine = await expectRefusedUnchanged(
      ctx.handle.db,
      () => release(ret.id, ret.lineId, { quantity: 1, action: 'restock', location_id: quarantine.id }),
      422,
    );
    expect(intoQuarantine.json().errors.location_id).toEqual([RETURN_MESSAGES.restockLocationType]);
    const noLocation = await release(ret.id, ret.lineId, { quantity: 1, action: 'restock' });
    expect(noLocation.json().errors.location_id).toEqual([RETURN_MESSAGES.locationRequired]);
  });

  it('a return not received yet has nothing to release', async () => {
    const order = await shippedOrder(ctx, { quantity: 1 });
    const ret = await announced(ctx, order, 1);
    const res = await release(ret.id, ret.lineId, { quantity: 1, action: 'dispose' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RETURN_MESSAGES.releaseNotAllowed);
  });
});
