import { hasValidCheckDigit } from '@wms/contract/gs1';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { onCarts, oneTaskWave, rowsOf } from './support/picking';
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
    expect(outbox).toBeDefined();

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
