import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, stockIn } from './support/cycle-counts';
import { createOrder } from './support/orders';
import {
  closeCarton,
  lotPickedOrder,
  orderState,
  packView,
  pickedOrder,
  scan,
  setPrefix,
  ship,
  shipRows,
} from './support/packing';
import { lineOf, onCarts, pick, releasedWave, rowsOf } from './support/picking';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPrefix(ctx);
});
afterAll(() => ctx.close());

const cartonsOf = async (orderId: number) =>
  (await packView(ctx, orderId)).cartons as {
    id: number;
    number: number;
    status: string;
    items: { order_item_id: number; lot_id: number | null; quantity: number }[];
  }[];

describe('cartons', () => {
  it('moves units between open cartons, refuses moving more than there, closing empty, removing a full one', async () => {
    const w = await pickedOrder(ctx);
    const orderId = w.order.id;
    for (let i = 0; i < 3; i++) expect((await scan(ctx, orderId, w.stock.sku)).statusCode).toBe(200);
    const type = await ctx.as('manager', {
      method: 'POST',
      url: `/api/warehouses/${w.warehouseId}/carton-types`,
      payload: { name: `Box ${Date.now()}`, length_mm: 400, width_mm: 300, height_mm: 200, tare_weight_g: 150 },
    });
    expect(type.statusCode, type.body).toBe(201);
    const second = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${orderId}/cartons`,
      payload: { carton_type_id: type.json().data.id },
    });
    expect(second.statusCode, second.body).toBe(201);
    const [first, box] = await cartonsOf(orderId);
    expect(second.json().data.cartons[1]).toMatchObject({ number: 2, length_mm: 400, width_mm: 300, height_mm: 200 });

    // An empty carton cannot close.
    const empty = await closeCarton(ctx, orderId, box!.id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.carton[0]).toBe('An empty carton cannot be closed.');

    const move = (quantity: number) =>
      ctx.as('manager', {
        method: 'POST',
        url: `/api/orders/${orderId}/cartons/${box!.id}/items`,
        payload: { order_item_id: w.orderItemId, quantity, from_carton_id: first!.id },
      });
    const tooMany = await move(4);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.quantity[0]).toBe(`The carton holds only 3 units of ${w.stock.sku}.`);
    expect((await cartonsOf(orderId))[0]!.items[0]!.quantity).toBe(3);
    const moved = await move(1);
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await cartonsOf(orderId);
    expect(after[0]!.items[0]!.quantity).toBe(2);
    expect(after[1]!.items[0]!.quantity).toBe(1);
    // Units not yet verified cannot be put in: all 3 are already in cartons.
    const unverified = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${orderId}/cartons/${box!.id}/items`,
      payload: { order_item_id: w.orderItemId, quantity: 1 },
    });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().errors.quantity[0]).toBe(`Only 0 verified units of ${w.stock.sku} are outside cartons.`);

    // A carton with units cannot be removed; an empty one can.
    const full = await ctx.as('manager', { method: 'DELETE', url: `/api/orders/${orderId}/cartons/${box!.id}` });
    expect(full.statusCode).toBe(422);
    const third = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${orderId}/cartons`,
      payload: { carton_type_id: type.json().data.id },
    });
    const thirdId = third.json().data.cartons[2].id;
    const removed = await ctx.as('manager', { method: 'DELETE', url: `/api/orders/${orderId}/cartons/${thirdId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.cartons).toHaveLength(2);

    // Two cartons close with consecutive SSCCs; reopening keeps the SSCC; a reopened carton blocks Ship.
    const a = await closeCarton(ctx, orderId, first!.id);
    const b = await closeCarton(ctx, orderId, box!.id, { weight_g: 700 });
    const ssccA = a.json().data.cartons[0].sscc as string;
    const ssccB = b.json().data.cartons[1].sscc as string;
    expect(Number(ssccB.slice(8, 17))).toBe(Number(ssccA.slice(8, 17)) + 1);
    const reopened = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${orderId}/cartons/${box!.id}/reopen`,
    });
    expect(reopened.json().data.cartons[1]).toMatchObject({ status: 'open', sscc: ssccB });
    const blocked = await ship(ctx, orderId);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors.cartons).toContain('Close the open carton first.');
    expect(await onCarts(ctx, w.stock.inventoryId)).toBe(3);
    expect((await closeCarton(ctx, orderId, box!.id, { weight_g: 700 })).json().data.cartons[1].sscc).toBe(ssccB);
    expect((await ship(ctx, orderId)).statusCode).toBe(200);
  }, 60_000);
});

describe('lots', () => {
  it('asks for the lot when two were picked, refuses a lot not picked, and ships each lot from CARTS', async () => {
    const l = await lotPickedOrder(ctx);
    const orderId = l.order.id;
    const bySku = await scan(ctx, orderId, l.stock.sku);
    expect(bySku.statusCode).toBe(422);
    expect(bySku.json().errors.code[0]).toBe(`${l.stock.sku} is lot-tracked: scan the lot number.`);
    // A lot of the product that was not picked for this order.
    const suffix = Date.now().toString(36);
    const { addLotStock } = await import('./support/lots');
    await addLotStock(ctx, l.stock.inventoryId, {
      code: `C-${suffix}`,
      expiryDate: null,
      quantity: 1,
      locationId: l.location.id,
    });
    const notPicked = await scan(ctx, orderId, `C-${suffix}`);
    expect(notPicked.statusCode).toBe(422);
    expect(notPicked.json().errors.code[0]).toBe(`Lot C-${suffix} was not picked for this order.`);
    for (const code of [l.codeA, l.codeA, l.codeB.toLowerCase()]) {
      const res = await scan(ctx, orderId, code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pack).toEqual(await packView(ctx, orderId));
    }
    // A third unit of lot A is refused: only 2 were picked.
    const thirdA = await scan(ctx, orderId, l.codeA);
    expect(thirdA.statusCode).toBe(422);
    expect(thirdA.json().errors.code[0]).toBe(`Lot ${l.codeA} was not picked for this order.`);
    // Scanning the product now takes the only lot still to pack; the answer is the bench as read afresh (lot numbers
    // as stored, not as scanned).
    const byProduct = await scan(ctx, orderId, l.stock.sku);
    expect(byProduct.statusCode).toBe(200);
    const view = await packView(ctx, orderId);
    expect(byProduct.json().pack).toEqual(view);
    expect(view.items[0].lots).toEqual([
      { lot_id: l.lotA, lot_number: l.codeA, picked: 2 },
      { lot_id: l.lotB, lot_number: l.codeB, picked: 2 },
    ]);
    expect(view.cartons[0].items.map((i: { lot_id: number; quantity: number }) => [i.lot_id, i.quantity])).toEqual([
      [l.lotA, 2],
      [l.lotB, 2],
    ]);
    expect((await closeCarton(ctx, orderId, view.cartons[0].id)).statusCode).toBe(200);
    expect((await ship(ctx, orderId)).statusCode).toBe(200);
    expect(await shipRows(ctx, orderId)).toEqual([
      { location: 'CARTS', lotId: l.lotA, units: 2 },
      { location: 'CARTS', lotId: l.lotB, units: 2 },
    ]);
    expect(await onCarts(ctx, l.stock.inventoryId)).toBe(0);
    // The bin keeps its other units: 1 of each picked lot and lot C.
    const [bin] = await rowsOf(
      ctx,
      sql`select sum(quantity)::int as units from location_stock where location_id = ${l.location.id}`,
    );
    expect(Number(bin!.units)).toBe(3);
  }, 60_000);
});

describe('Ship rules', () => {
  it('refuses Ship without a label when the account requires one, and stock stays on CARTS', async () => {
    const w = await pickedOrder(ctx);
    await ctx.handle.db.execute(sql`update accounts set require_label = true where id = ${w.accountId}`);
    try {
      for (let i = 0; i < 3; i++) await scan(ctx, w.order.id, w.stock.sku);
      const view = await packView(ctx, w.order.id);
      expect((await closeCarton(ctx, w.order.id, view.cartons[0].id)).statusCode).toBe(200);
      const refused = await ship(ctx, w.order.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.label).toEqual([
        'This account requires a shipping label: upload it before shipping.',
      ]);
      expect(await onCarts(ctx, w.stock.inventoryId)).toBe(3);
      expect(await shipRows(ctx, w.order.id)).toEqual([]);
      expect((await orderState(ctx, w.order.id)).lifecycle).toBe('open');
      expect((await packView(ctx, w.order.id)).cartons[0].status).toBe('closed');
    } finally {
      await ctx.handle.db.execute(sql`update accounts set require_label = false where id = ${w.accountId}`);
    }
  }, 60_000);

  it.each(['the packing station', 'the status change'] as const)(
    'ships what was picked of a short order only when the account allows partial shipments; the rest later at %s',
    async (finish) => {
      const alpha = ctx.world.warehouses.alpha;
      const accountId = ctx.world.accounts.clientActive;
      const location = await bin(ctx, alpha, 'PKP', 'pick');
      const stock = await stockIn(ctx, { warehouseId: alpha, accountId, locationId: location.id }, 2);
      const order = await createOrder(ctx, {
        accountId,
        warehouseId: alpha,
        lines: [{ productId: stock.productId, quantity: 3 }],
      });
      const orderItemId = await lineOf(ctx, order.id, stock.productId);
      const wave = await releasedWave(ctx, alpha, [
        {
          locationId: location.id,
          inventoryId: stock.inventoryId,
          productId: stock.productId,
          shares: [{ orderId: order.id, orderItemId, quantity: 2 }],
        },
      ]);
      const picked = await pick(ctx, wave.id, wave.taskIds[0]!, {
        location_code: location.code,
        product_code: stock.sku,
        quantity: 2,
      });
      expect(picked.statusCode, picked.body).toBe(200);
      for (let i = 0; i < 2; i++) expect((await scan(ctx, order.id, stock.sku)).statusCode).toBe(200);
      const third = await scan(ctx, order.id, stock.sku);
      expect(third.json().errors.code[0]).toBe(`Only 2 of ${stock.sku} were picked for this order: this one is extra.`);
      const view = await packView(ctx, order.id);
      expect((await closeCarton(ctx, order.id, view.cartons[0].id)).statusCode).toBe(200);

      await ctx.handle.db.execute(sql`update accounts set allow_partial_shipment = false where id = ${accountId}`);
      const refused = await ship(ctx, order.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.cartons).toContain(
        'Some units were not picked and this account does not allow partial shipments.',
      );
      expect(await shipRows(ctx, order.id)).toEqual([]);

      await ctx.handle.db.execute(sql`update accounts set allow_partial_shipment = true where id = ${accountId}`);
      try {
        const shipped = await ship(ctx, order.id);
        expect(shipped.statusCode, shipped.body).toBe(200);
        expect(shipped.json().backordered_units).toBe(1);
        expect(await shipRows(ctx, order.id)).toEqual([{ location: 'CARTS', lotId: null, units: 2 }]);
        const state = await orderState(ctx, order.id);
        // The order stays open with the rest as a backorder, free for a later wave.
        expect(state.lifecycle).toBe('open');
        expect(state.lines[0]).toMatchObject({ quantity: 3, quantity_shipped: 2 });
        expect(state.waveStates).toEqual(['shipped']);

        // The backorder's unit arrives, a later wave picks it, and the order ships the rest: a second shipment of the
        // same order and inventory row (the ledger's once-per-reference guard counts it as its own shipment).
        const adjusted = await ctx.as('manager', {
          method: 'POST',
          url: `/api/inventories/${stock.inventoryId}/adjust`,
          payload: { type: 'on_hand', quantity_change: 1, location_id: location.id },
        });
        expect(adjusted.statusCode, adjusted.body).toBe(200);
        const later = await releasedWave(ctx, alpha, [
          {
            locationId: location.id,
            inventoryId: stock.inventoryId,
            productId: stock.productId,
            shares: [{ orderId: order.id, orderItemId, quantity: 1 }],
          },
        ]);
        const pickedRest = await pick(ctx, later.id, later.taskIds[0]!, {
          location_code: location.code,
          product_code: stock.sku,
          quantity: 1,
        });
        expect(pickedRest.statusCode, pickedRest.body).toBe(200);
        if (finish === 'the packing station') {
          expect((await scan(ctx, order.id, stock.sku)).statusCode).toBe(200);
          const rest = (await packView(ctx, order.id)).cartons.find((c: { status: string }) => c.status === 'open');
          expect((await closeCarton(ctx, order.id, rest.id)).statusCode).toBe(200);
          const second = await ship(ctx, order.id);
          expect(second.statusCode, second.body).toBe(200);
          expect(second.json().backordered_units).toBe(0);
        } else {
          const verified = await ctx.as('manager', {
            method: 'POST',
            url: `/api/orders/${order.id}/items/${orderItemId}/verify`,
            payload: { verified: true },
          });
          expect(verified.statusCode, verified.body).toBe(200);
          const [status] = await rowsOf(
            ctx,
            sql`select id from statuses where lifecycle = 'shipped' order by sort_order, id limit 1`,
          );
          const second = await ctx.as('manager', {
            method: 'POST',
            url: `/api/orders/${order.id}/status`,
            payload: { status: Number(status!.id) },
          });
          expect(second.statusCode, second.body).toBe(200);
        }
        expect(await shipRows(ctx, order.id)).toEqual([
          { location: 'CARTS', lotId: null, units: 2 },
          { location: 'CARTS', lotId: null, units: 1 },
        ]);
        const done = await orderState(ctx, order.id);
        expect(done.lifecycle).toBe('shipped');
        expect(done.lines[0]).toMatchObject({ quantity: 3, quantity_shipped: 3 });
        expect(await onCarts(ctx, stock.inventoryId)).toBe(0);
      } finally {
        await ctx.handle.db.execute(sql`update accounts set allow_partial_shipment = false where id = ${accountId}`);
      }
    },
    60_000,
  );

  it('ships a picked order through the status change from CARTS with its lots too', async () => {
    const l = await lotPickedOrder(ctx);
    // Verified at the order page (no cartons), then set to Shipped.
    const items = await rowsOf(ctx, sql`select id from order_items where order_id = ${l.order.id}`);
    const verify = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${l.order.id}/items/${items[0]!.id}/verify`,
      payload: { verified: true },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const [status] = await rowsOf(
      ctx,
      sql`select id from statuses where lifecycle = 'shipped' order by sort_order, id limit 1`,
    );
    const res = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${l.order.id}/status`,
      payload: { status: Number(status!.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shipRows(ctx, l.order.id)).toEqual([
      { location: 'CARTS', lotId: l.lotA, units: 2 },
      { location: 'CARTS', lotId: l.lotB, units: 2 },
    ]);
    expect(await onCarts(ctx, l.stock.inventoryId)).toBe(0);
    expect((await orderState(ctx, l.order.id)).waveStates).toEqual(['shipped']);
  }, 60_000);
});
