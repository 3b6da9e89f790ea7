import { RETURN_MESSAGES } from '@wms/contract/returns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from './support/lots';
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

describe('receiving a return (POST /api/returns/{id}/receive)', () => {
  it('2 of 3 back: 1 restocked into a bin (available up), 1 processing required into quarantine (on hand only)', async () => {
    const order = await shippedOrder(ctx, { quantity: 3 });
    const before = await stockOf(ctx, order.inventoryId);
    const ret = await announced(ctx, order, 3);
    const res = await receive(ctx, ret.id, [
      { line_id: ret.lineId, quantity: 1, disposition: 'restocked', location_id: bin.id },
      { line_id: ret.lineId, quantity: 1, disposition: 'processing_required', location_id: quarantine.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe('received');
    expect(data.lines[0]).toMatchObject({
      received: true,
      quantity: 3,
      quantity_received: 2,
      quantity_missing: 1,
      discrepancy: -1,
      quarantined: 1,
    });
    expect(data.lines[0].receipts.map((r: { disposition: string }) => r.disposition)).toEqual([
      'restocked',
      'processing_required',
      'missing',
    ]);
    expect(await stockOf(ctx, order.inventoryId)).toEqual({
      onHand: before.onHand + 2,
      quarantined: 1,
      available: before.available + 1,
    });
    expect(await ledgerOfLine(ctx, ret.lineId)).toEqual([
      { type: 'return', onHandDelta: 1, locationId: bin.id, locationDelta: 1, lotId: null },
      { type: 'return', onHandDelta: 1, locationId: quarantine.id, locationDelta: 1, lotId: null },
    ]);
    // The client sees it received, with the discrepancy.
    const seen = await ctx.as('client', { method: 'GET', url: `/api/returns/${ret.id}` });
    expect(seen.json().data.lines[0].discrepancy).toBe(-1);
    expect(seen.json().data.timeline.map((t: { kind: string }) => t.kind)).toContain('return.received');
  });

  it('not_restocked and missing units enter no stock; with nothing in quarantine the return closes at once', async () => {
    const order = await shippedOrder(ctx, { quantity: 2 });
    const before = await stockOf(ctx, order.inventoryId);
    const ret = await announced(ctx, order, 2);
    const res = await receive(ctx, ret.id, [
      { line_id: ret.lineId, quantity: 1, disposition: 'not_restocked', note: 'Torn packaging' },
      { line_id: ret.lineId, quantity: 1, disposition: 'missing' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('closed');
    expect(res.json().data.lines[0]).toMatchObject({ quantity_received: 1, quantity_missing: 1, discrepancy: -1 });
    expect(res.json().data.lines[0].receipts[0].note).toBe('Torn packaging');
    expect(await stockOf(ctx, order.inventoryId)).toEqual(before);
    expect(await ledgerOfLine(ctx, ret.lineId)).toEqual([]);
  });

  it('a line is received once: a second receipt is refused and adds nothing', async () => {
    const order = await shippedOrder(ctx, { quantity: 2 });
    const ret = await announced(ctx, order, 2);
    const rows = [{ line_id: ret.lineId, quantity: 2, disposition: 'processing_required', location_id: quarantine.id }];
    expect((await receive(ctx, ret.id, rows)).statusCode).toBe(200);
    const again = await expectRefusedUnchanged(ctx.handle.db, () => receive(ctx, ret.id, rows), 409);
    expect(again.json().message).toBe(RETURN_MESSAGES.notReceivable);
  });

  it('refuses a wrong location type, more units than announced, a location on a disposition entering no stock', async () => {
    const order = await shippedOrder(ctx, { quantity: 2 });
    const ret = await announced(ctx, order, 2);
    const res = await expectRefusedUnchanged(
      ctx.handle.db,
      () =>
        receive(ctx, ret.id, [
          { line_id: ret.lineId, quantity: 1, disposition: 'restocked', location_id: quarantine.id },
          { line_id: ret.lineId, quantity: 1, disposition: 'processing_required', location_id: bin.id },
          { line_id: ret.lineId, quantity: 1, disposition: 'not_restocked', location_id: bin.id },
        ]),
      422,
    );
    expect(res.json().errors).toEqual({
      'lines.0.location_id': [RETURN_MESSAGES.restockLocationType],
      'lines.1.location_id': [RETURN_MESSAGES.quarantineLocationType],
      'lines.2.quantity': [RETURN_MESSAGES.receivedAboveAnnounced],
      'lines.2.location_id': [RETURN_MESSAGES.noLocationHere],
    });
    const beta = await newLocation(ctx, ctx.world.warehouses.beta, { type: 'storage' });
    const other = await receive(ctx, ret.id, [
      { line_id: ret.lineId, quantity: 1, disposition: 'restocked', location_id: beta.id },
    ]);
    expect(other.json().errors['lines.0.location_id']).toEqual([RETURN_MESSAGES.locationInvalid]);
  });

  it('a lot-tracked product needs a lot, an expiry-tracked one an expiry too; the ledger names the lot', async () => {
    const order = await shippedOrder(ctx, { quantity: 1 });
    // The product started tracking lots and expiry after it shipped (stock of it was received untracked before).
    await ctx.handle.db.execute(
      sql`update products set track_lots = true, track_expiry = true where id = ${order.productId}`,
    );
    const ret = await announced(ctx, order, 1);
    const missing = await receive(ctx, ret.id, [
      { line_id: ret.lineId, quantity: 1, disposition: 'restocked', location_id: bin.id },
    ]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'lines.0.lot': [RETURN_MESSAGES.lotRequired],
      'lines.0.expiry': [RETURN_MESSAGES.expiryRequired],
    });
    const ok = await receive(ctx, ret.id, [
      {
        line_id: ret.lineId,
        quantity: 1,
        disposition: 'restocked',
        location_id: bin.id,
        lot: 'RET-LOT-1',
        expiry: daysFromToday(90),
      },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const lot = ok.json().data.lines[0].receipts[0].lot;
    expect(lot.code).toBe('RET-LOT-1');
    expect((await ledgerOfLine(ctx, ret.lineId))[0]!.lotId).toBe(lot.id);
  });

  it('a cancelled return cannot be received', async () => {
    const order = await shippedOrder(ctx, { quantity: 1 });
    const ret = await announced(ctx, order, 1);
    await ctx.as('client', { method: 'POST', url: `/api/returns/${ret.id}/cancel` });
    const res = await receive(ctx, ret.id, [{ line_id: ret.lineId, quantity: 1, disposition: 'missing' }]);
    expect(res.statusCode).toBe(409);
  });
});
