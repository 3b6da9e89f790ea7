import { hasValidCheckDigit } from '@wms/contract/gs1';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, stockIn } from './support/cycle-counts';
import { createOrder, stockedProduct } from './support/orders';
import {
  closeCarton,
  orderState,
  PREFIX,
  packView,
  pickedOrder,
  scan,
  setPrefix,
  ship,
  shipRows,
} from './support/packing';
import { lineOf, onCarts, oneTaskWave, pick, releasedWave, rowsOf } from './support/picking';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPrefix(ctx);
});
afterAll(() => ctx.close());

describe('packing a picked order and shipping it', () => {
  it('verifies scans into a carton, refuses loudly, closes with an SSCC, ships from CARTS, and ships once', async () => {
    const barcode = `PK${Date.now()}`;
    const w = await pickedOrder(ctx, { barcode });
    const orderId = w.order.id;
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(3);

    const started = await ctx.as('manager', { method: 'POST', url: `/api/orders/${orderId}/pack`, payload: {} });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.items[0]).toMatchObject({ quantity: 3, picked: 3, verified: 0, packed: 0 });
    expect(started.json().data.ready_to_ship).toBe(false);

    // Unknown codes are refused on `code`, and change nothing.
    const unknown = await scan(ctx, orderId, 'NOT-IN-ORDER');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.code[0]).toBe('NOT-IN-ORDER is not in this order.');

    for (const code of [barcode, w.stock.sku, barcode.toLowerCase()]) {
      const res = await scan(ctx, orderId, code);
      expect(res.statusCode, res.body).toBe(200);
      // The scan answers the bench as a fresh read shows it (it works the change out instead of reading again).
      expect(res.json().pack).toEqual(await packView(ctx, orderId));
    }
    const last = (await packView(ctx, orderId)) as {
      items: { verified: number; packed: number }[];
      cartons: { id: number; type_name: string; items: { quantity: number }[] }[];
    };
    expect(last.items[0]).toMatchObject({ verified: 3, packed: 3 });
    expect(last.cartons).toHaveLength(1);
    expect(last.cartons[0]!.type_name).toBe('Custom');
    expect(last.cartons[0]!.items[0]!.quantity).toBe(3);

    // A fourth unit is one more than ordered.
    const extra = await scan(ctx, orderId, barcode);
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors.code[0]).toBe(`All 3 of ${w.stock.sku} are already verified: this one is extra.`);
    expect((await packView(ctx, orderId)).items[0].verified).toBe(3);

    // A Custom carton needs its dimensions; then it closes with a valid SSCC of the installation's prefix.
    const cartonId = last.cartons[0]!.id;
    const noDims = await closeCarton(ctx, orderId, cartonId, { weight_g: 900 });
    expect(noDims.statusCode).toBe(422);
    expect(noDims.json().errors.length_mm[0]).toBe('A Custom carton needs its length, width and height.');
    const closed = await closeCarton(ctx, orderId, cartonId);
    expect(closed.statusCode, closed.body).toBe(200);
    const sscc = closed.json().data.cartons[0].sscc as string;
    expect(sscc).toMatch(new RegExp(`^0${PREFIX}\\d{10}$`));
    expect(hasValidCheckDigit(sscc)).toBe(true);
    expect(closed.json().data.ready_to_ship).toBe(true);
    // Closing again answers the same SSCC.
    expect((await closeCarton(ctx, orderId, cartonId)).json().data.cartons[0].sscc).toBe(sscc);

    const shipped = await ship(ctx, orderId, {
      cartons: [{ carton_id: cartonId, carrier: 'UPS', tracking_number: '1Z999' }],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().message).toBe(`${w.order.orderNumber} shipped.`);
    expect(shipped.json().data.cartons[0]).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      tracking_number: '1Z999',
    });
    // The ledger takes the picked units from CARTS (one ship movement), none from the pick bin.
    expect(await shipRows(ctx, orderId)).toEqual([{ location: 'CARTS', lotId: null, units: 3 }]);
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(0);
    const state = await orderState(ctx, orderId);
    expect(state.lifecycle).toBe('shipped');
    expect(state.lines[0]).toMatchObject({ quantity_shipped: 3, quantity_reserved: 0 });
    expect(state.waveStates).toEqual(['shipped']);
    const events = await rowsOf(
      ctx,
      sql`select kind from activity where subject_id = ${orderId} and subject_type = 'order' order by id`,
    );
    expect(events.map((e) => e.kind)).toEqual(
      expect.arrayContaining([
        'order.pack_started',
        'carton.closed',
        'order.status_changed',
        'order.pack_finished',
        'order.shipped',
      ]),
    );
    const [outbox] = await rowsOf(
      ctx,
      sql`select payload from webhook_events where type = 'order.shipped' and (payload->>'order_id')::int = ${orderId}`,
    );
    // The webhook carries the carton: SSCC, weight, dimensions, carrier, tracking, units.
    expect((outbox!.payload as { cartons: unknown[] }).cartons).toEqual([
      {
        sscc,
        weight_g: 1200,
        length_mm: 300,
        width_mm: 200,
        height_mm: 150,
        carrier: 'UPS',
        tracking_number: '1Z999',
        items: [{ sku: w.stock.sku, quantity: 3, lot: null }],
      },
    ]);

    // Ship sent again answers the shipped order and moves nothing.
    const again = await ship(ctx, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(`${w.order.orderNumber} has already shipped.`);
    expect(await shipRows(ctx, orderId)).toHaveLength(1);
  }, 60_000);

  it('refuses to pack an order still being picked, and an order that is not open', async () => {
    const w = await oneTaskWave(ctx, { units: 5, quantity: 2 });
    const res = await ctx.as('manager', { method: 'POST', url: `/api/orders/${w.order.id}/pack`, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.order[0]).toBe(
      `This order is still being picked in ${w.wave.number}: pack it once its wave is picked.`,
    );
    const scanned = await scan(ctx, w.order.id, w.stock.sku);
    expect(scanned.statusCode).toBe(422);
    const [line] = await rowsOf(ctx, sql`select verified_quantity from order_items where order_id = ${w.order.id}`);
    expect(Number(line!.verified_quantity)).toBe(0);
  }, 60_000);

  it('packs and ships an order released without a wave: the take order, as before waves', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const account = ctx.world.accounts.clientActive;
    const product = await stockedProduct(ctx, account, alpha, 10);
    const order = await createOrder(ctx, {
      accountId: account,
      warehouseId: alpha,
      lines: [{ productId: product.productId, quantity: 2 }],
    });
    for (let i = 0; i < 2; i++) expect((await scan(ctx, order.id, product.sku)).statusCode).toBe(200);
    const view = await packView(ctx, order.id);
    expect(view.items[0]).toMatchObject({ quantity: 2, picked: 2, verified: 2, packed: 2 });
    expect((await closeCarton(ctx, order.id, view.cartons[0].id)).statusCode).toBe(200);
    const shipped = await ship(ctx, order.id);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const rows = await shipRows(ctx, order.id);
    expect(rows.reduce((sum, r) => sum + r.units, 0)).toBe(2);
    expect((await orderState(ctx, order.id)).lifecycle).toBe('shipped');
  }, 60_000);
});

describe('lookup and batch sorting', () => {
  it('names a batch wave with its slots, sorts each scanned unit to the first order still needing it, then refuses', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const accountId = ctx.world.accounts.clientActive;
    const location = await bin(ctx, alpha, 'PKB', 'pick');
    const stock = await stockIn(ctx, { warehouseId: alpha, accountId, locationId: location.id }, 10);
    const first = await createOrder(ctx, {
      accountId,
      warehouseId: alpha,
      lines: [{ productId: stock.productId, quantity: 1 }],
    });
    const second = await createOrder(ctx, {
      accountId,
      warehouseId: alpha,
      lines: [{ productId: stock.productId, quantity: 2 }],
    });
    const wave = await releasedWave(
      ctx,
      alpha,
      [
        {
          locationId: location.id,
          inventoryId: stock.inventoryId,
          productId: stock.productId,
          shares: [
            { orderId: first.id, orderItemId: await lineOf(ctx, first.id, stock.productId), quantity: 1 },
            { orderId: second.id, orderItemId: await lineOf(ctx, second.id, stock.productId), quantity: 2 },
          ],
        },
      ],
      { mode: 'batch' },
    );
    const picked = await pick(ctx, wave.id, wave.taskIds[0]!, {
      location_code: location.code,
      product_code: stock.sku,
      quantity: 3,
    });
    expect(picked.statusCode, picked.body).toBe(200);

    const lookup = await ctx.as('manager', {
      method: 'POST',
      url: '/api/packing/lookup',
      payload: { warehouse_id: alpha, code: wave.number.toLowerCase() },
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().data).toEqual({
      kind: 'wave',
      wave_id: wave.id,
      wave_number: wave.number,
      orders: [
        { order_id: first.id, order_number: first.orderNumber, slot: 0, tote: null },
        { order_id: second.id, order_number: second.orderNumber, slot: 1, tote: null },
      ],
    });
    const sort = () =>
      ctx.as('manager', { method: 'POST', url: `/api/waves/${wave.id}/pack-sort`, payload: { code: stock.sku } });
    const answers = [await sort(), await sort(), await sort()];
    expect(answers.map((a) => a.json().order_id)).toEqual([first.id, second.id, second.id]);
    expect(answers[1]!.json().message).toBe(`Put it in slot 1 — ${second.orderNumber}.`);
    const extra = await sort();
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors.code[0]).toBe(`No order of this wave still needs ${stock.sku}.`);
    expect((await packView(ctx, first.id)).items[0].verified).toBe(1);
    expect((await packView(ctx, second.id)).items[0].verified).toBe(2);
    const nothing = await ctx.as('manager', {
      method: 'POST',
      url: '/api/packing/lookup',
      payload: { warehouse_id: alpha, code: 'NO-SUCH-THING' },
    });
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().message).toBe('Nothing to pack matches this code.');
  }, 60_000);
});
