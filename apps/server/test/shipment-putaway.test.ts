import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryMovements } from '../src/db/schema/inventory';
import { inventoryLots } from '../src/db/schema/location-stock';
import { webhookEvents } from '../src/db/schema/webhooks';
import { createProduct } from './support/catalogue';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/** Putaway: multi-line inbound shipments received into locations (and lots) with discrepancies. */

let ctx: TestContext;
let tent: { id: number; sku: string };
let stove: { id: number; sku: string };
let binA: number;
let binB: number;
let betaBin: number;
let inactiveBin: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const { accounts, warehouses } = ctx.world;
  tent = await createProduct(ctx, accounts.clientActive, { name: 'Two-person tent' });
  stove = await createProduct(ctx, accounts.clientActive, { name: 'Camp stove' });
  binA = await location(warehouses.alpha, 'PA-01');
  binB = await location(warehouses.alpha, 'PA-02');
  betaBin = await location(warehouses.beta, 'PB-01');
  inactiveBin = await location(warehouses.alpha, 'PA-99', { is_active: false });
});
afterAll(() => ctx.close());

async function location(warehouseId: number, code: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/locations`,
    payload: { code, zone: 'P', type: 'storage', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().location.id;
}

interface ShipmentView {
  id: number;
  status: string;
  quantity: number;
  quantity_received: number | null;
  has_discrepancy: boolean;
  lines: {
    id: number;
    product: { id: number; sku: string };
    quantity: number;
    quantity_received: number | null;
    discrepancy_reason: string | null;
    putaway: { location: { code: string }; lot_code: string | null; expiry_date: string | null; quantity: number }[];
  }[];
}

async function announce(lines: { product_id: number; quantity: number }[], actor: Actor = 'client') {
  const res = await ctx.as(actor, {
    method: 'POST',
    url: '/api/shipments',
    payload: { account_id: ctx.world.accounts.clientActive, warehouse_id: ctx.world.warehouses.alpha, lines },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ShipmentView;
}

const verify = (id: number, body: Record<string, unknown>, actor: Actor = 'manager') =>
  ctx.as(actor, { method: 'POST', url: `/api/shipments/${id}/verify`, payload: body });
const view = async (id: number, actor: Actor = 'client') => {
  const res = await ctx.as(actor, { method: 'GET', url: `/api/shipments/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ShipmentView;
};
const placesOf = async (inventoryId: number) => {
  const res = await ctx.as('admin', { method: 'GET', url: `/api/inventories/${inventoryId}/locations` });
  return (res.json().data as { location: { code: string }; lot: { code: string } | null; quantity: number }[]).map(
    (p) => [p.location.code, p.lot?.code ?? null, p.quantity],
  );
};
const inventoryOf = async (shipmentId: number, productId: number) => {
  const [row] = await ctx.handle.db
    .select({ inventoryId: inventoryMovements.inventoryId })
    .from(inventoryMovements)
    .where(
      and(
        eq(inventoryMovements.referenceType, 'shipment'),
        eq(inventoryMovements.referenceId, shipmentId),
        eq(inventoryMovements.productId, productId),
      ),
    );
  return row!.inventoryId!;
};

describe('multi-line shipments', () => {
  it('a client announces two products in one shipment; the list and detail show both lines', async () => {
    const shipment = await announce([
      { product_id: tent.id, quantity: 10 },
      { product_id: stove.id, quantity: 4 },
    ]);
    expect(shipment).toMatchObject({
      status: 'pending',
      quantity: 14,
      quantity_received: null,
      has_discrepancy: false,
    });
    expect(shipment.lines.map((l) => [l.product.sku, l.quantity, l.quantity_received])).toEqual([
      [tent.sku, 10, null],
      [stove.sku, 4, null],
    ]);
    const list = await ctx.as('client', { method: 'GET', url: `/api/shipments?search=${stove.sku}` });
    expect(list.json().data.map((s: ShipmentView) => s.id)).toEqual([shipment.id]);
  });

  it('refuses a product twice, another account’s product per line, and no products at all', async () => {
    const neighbour = await createProduct(ctx, ctx.world.accounts.neighbourActive);
    const post = (lines: unknown) =>
      ctx.as('client', {
        method: 'POST',
        url: '/api/shipments',
        payload: { account_id: ctx.world.accounts.clientActive, warehouse_id: ctx.world.warehouses.alpha, lines },
      });
    const twice = await post([
      { product_id: tent.id, quantity: 1 },
      { product_id: tent.id, quantity: 2 },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'lines.1.product_id': [SHIPMENT_MESSAGES.productOnAnotherLine] });
    const foreign = await post([
      { product_id: tent.id, quantity: 1 },
      { product_id: neighbour.id, quantity: 2 },
    ]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'lines.1.product_id': [SHIPMENT_MESSAGES.productInvalid] });
    const none = await post([]);
    expect(none.json().errors).toEqual({ lines: [SHIPMENT_MESSAGES.linesRequired] });
  });

  it('a multi-line shipment’s total quantity is not edited as one number', async () => {
    const shipment = await announce([
      { product_id: tent.id, quantity: 3 },
      { product_id: stove.id, quantity: 3 },
    ]);
    const put = (quantity: number) =>
      ctx.as('client', { method: 'PUT', url: `/api/shipments/${shipment.id}`, payload: { quantity, carrier: 'UPS' } });
    expect((await put(9)).json().errors).toEqual({ quantity: [SHIPMENT_MESSAGES.quantityIsSumOfLines] });
    expect((await put(6)).statusCode).toBe(200);
  });
});

describe('putaway on verify', () => {
  it('receives two lines into two bins with a discrepancy: ledger per place, client sees announced vs received', async () => {
    const shipment = await announce([
      { product_id: tent.id, quantity: 10 },
      { product_id: stove.id, quantity: 4 },
    ]);
    const [tentLine, stoveLine] = shipment.lines;
    const res = await verify(shipment.id, {
      notes: 'Pallet checked',
      lines: [
        {
          line_id: tentLine!.id,
          received_quantity: 8,
          discrepancy_reason: 'Two cartons crushed',
          putaway: [
            { location_id: binA, quantity: 5 },
            { location_id: binB, quantity: 3 },
          ],
        },
        { line_id: stoveLine!.id, received_quantity: 4, putaway: [{ location_id: binB, quantity: 4 }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);

    const seen = await view(shipment.id, 'client');
    expect(seen).toMatchObject({ status: 'verified', quantity: 14, quantity_received: 12, has_discrepancy: true });
    expect(seen.lines.map((l) => [l.product.sku, l.quantity, l.quantity_received, l.discrepancy_reason])).toEqual([
      [tent.sku, 10, 8, 'Two cartons crushed'],
      [stove.sku, 4, 4, null],
    ]);
    expect(seen.lines[0]!.putaway.map((p) => [p.location.code, p.quantity])).toEqual([
      ['PA-01', 5],
      ['PA-02', 3],
    ]);

    const tentRow = await inventoryOf(shipment.id, tent.id);
    expect(await placesOf(tentRow)).toEqual(
      expect.arrayContaining([
        ['PA-01', null, 5],
        ['PA-02', null, 3],
      ]),
    );
    const receipts = await ctx.handle.db
      .select({ productId: inventoryMovements.productId, delta: inventoryMovements.onHandDelta })
      .from(inventoryMovements)
      .where(
        and(
          eq(inventoryMovements.referenceType, 'shipment'),
          eq(inventoryMovements.referenceId, shipment.id),
          eq(inventoryMovements.type, 'receipt'),
        ),
      );
    expect(receipts).toHaveLength(3);
    expect(receipts.reduce((sum, r) => sum + r.delta, 0)).toBe(12);

    // Webhook subscribers get the received quantities per line.
    const [event] = await ctx.handle.db
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'shipment.verified'));
    expect(event?.payload).toMatchObject({
      shipment_id: shipment.id,
      quantity_received: 12,
      lines: [
        { sku: tent.sku, quantity_announced: 10, quantity_received: 8, discrepancy_reason: 'Two cartons crushed' },
        { sku: stove.sku, quantity_announced: 4, quantity_received: 4, discrepancy_reason: null },
      ],
    });

    // A second verify finds it no longer pending.
    expect((await verify(shipment.id, {})).statusCode).toBe(409);
  });

  // The list screen says "+N products" and the received units from the list answer alone.
  it('the list answers every line and the received quantities of a verified multi-line shipment', async () => {
    const shipment = await announce([
      { product_id: tent.id, quantity: 6 },
      { product_id: stove.id, quantity: 3 },
    ]);
    const [tentLine, stoveLine] = shipment.lines;
    const res = await verify(shipment.id, {
      lines: [
        {
          line_id: tentLine!.id,
          received_quantity: 5,
          discrepancy_reason: 'One torn',
          putaway: [{ location_id: binA, quantity: 5 }],
        },
        { line_id: stoveLine!.id, received_quantity: 3, putaway: [{ location_id: binB, quantity: 3 }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const actor of ['client', 'manager'] as const) {
      const list = await ctx.as(actor, { method: 'GET', url: '/api/shipments?status=verified&per_page=25' });
      expect(list.statusCode, list.body).toBe(200);
      const listed = (list.json().data as ShipmentView[]).find((s) => s.id === shipment.id)!;
      expect(listed).toMatchObject({ quantity: 9, quantity_received: 8, has_discrepancy: true });
      expect(listed.lines.map((l) => [l.product.sku, l.quantity, l.quantity_received])).toEqual([
        [tent.sku, 6, 5],
        [stove.sku, 3, 3],
      ]);
    }
    // The other tenant's list does not hold it.
    const other = await ctx.as('otherClient', { method: 'GET', url: '/api/shipments?per_page=100' });
    expect((other.json().data as ShipmentView[]).map((s) => s.id)).not.toContain(shipment.id);
  });

  it('reports every broken rule at once and changes nothing', async () => {
    const shipment = await announce([
      { product_id: tent.id, quantity: 10 },
      { product_id: stove.id, quantity: 4 },
    ]);
    const [tentLine, stoveLine] = shipment.lines;
    const res = await expectRefusedUnchanged(
      ctx.handle.db,
      () =>
        verify(shipment.id, {
          lines: [
            {
              line_id: tentLine!.id,
              received_quantity: 9,
              putaway: [
                { location_id: betaBin, quantity: 5 },
                { location_id: inactiveBin, quantity: 3 },
              ],
            },
            { line_id: tentLine!.id, received_quantity: 4, putaway: [{ location_id: binA, quantity: 4 }] },
          ],
        }),
      422,
    );
    expect(res.json().errors).toEqual({
      'lines.0.discrepancy_reason': [SHIPMENT_MESSAGES.discrepancyReasonRequired],
      'lines.0.putaway': [SHIPMENT_MESSAGES.putawaySumMismatch],
      'lines.0.putaway.0.location_id': [SHIPMENT_MESSAGES.locationInvalid],
      'lines.0.putaway.1.location_id': [SHIPMENT_MESSAGES.locationInvalid],
      'lines.1.line_id': [SHIPMENT_MESSAGES.lineListedTwice],
      lines: [SHIPMENT_MESSAGES.everyLineReceived],
    });
    expect((await view(shipment.id)).status).toBe('pending');
    void stoveLine;
  });

  it('without lines, receives everything announced into the suggested locations', async () => {
    const fresh = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Fresh product' });
    await location(ctx.world.warehouses.alpha, 'PA-10');
    await location(ctx.world.warehouses.alpha, 'PA-11');
    const shipment = await announce([
      { product_id: tent.id, quantity: 2 },
      { product_id: fresh.id, quantity: 6 },
    ]);
    const suggestions = await ctx.as('manager', {
      method: 'GET',
      url: `/api/shipments/${shipment.id}/putaway-suggestions`,
    });
    expect(suggestions.statusCode, suggestions.body).toBe(200);
    const data = suggestions.json().data as { line_id: number; location: { id: number; code: string }; rule: string }[];
    // Neither product has a pick location here: each line gets its own empty storage bin, in walk order.
    expect(data.map((s) => [s.location.code, s.rule])).toEqual([
      ['PA-10', 'empty_storage'],
      ['PA-11', 'empty_storage'],
    ]);
    // Clients do not review shipments.
    expect(
      (await ctx.as('client', { method: 'GET', url: `/api/shipments/${shipment.id}/putaway-suggestions` })).statusCode,
    ).toBe(403);

    expect((await verify(shipment.id, {})).statusCode).toBe(200);
    const seen = await view(shipment.id);
    expect(seen.quantity_received).toBe(8);
    expect(seen.lines.map((l) => l.putaway.map((p) => p.location.code))).toEqual(data.map((s) => [s.location.code]));
  });

  it('prefers the product’s pick location in that warehouse', async () => {
    const pick = await location(ctx.world.warehouses.alpha, 'PICK-01', { type: 'pick' });
    const first = await announce([{ product_id: stove.id, quantity: 1 }]);
    await verify(first.id, {
      lines: [{ line_id: first.lines[0]!.id, received_quantity: 1, putaway: [{ location_id: pick, quantity: 1 }] }],
    });
    const second = await announce([{ product_id: stove.id, quantity: 2 }]);
    const res = await ctx.as('manager', { method: 'GET', url: `/api/shipments/${second.id}/putaway-suggestions` });
    expect(res.json().data).toEqual([
      {
        line_id: second.lines[0]!.id,
        product_id: stove.id,
        location: { id: pick, code: 'PICK-01', type: 'pick' },
        rule: 'pick_location',
      },
    ]);
  });

  it('two put-away rows naming one bin add up there (the receipt is one set-based upsert per place)', async () => {
    const lantern = await createProduct(ctx, ctx.world.accounts.clientActive, { name: 'Lantern' });
    const shipment = await announce([{ product_id: lantern.id, quantity: 5 }]);
    const res = await verify(shipment.id, {
      lines: [
        {
          line_id: shipment.lines[0]!.id,
          received_quantity: 5,
          putaway: [
            { location_id: binA, quantity: 2 },
            { location_id: binA, quantity: 3 },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await placesOf(await inventoryOf(shipment.id, lantern.id))).toEqual([['PA-01', null, 5]]);
    expect((await view(shipment.id)).lines[0]!.putaway.map((p) => [p.location.code, p.quantity])).toEqual([
      ['PA-01', 2],
      ['PA-01', 3],
    ]);
  });
});

describe('lots and expiry at receipt', () => {
  it('a lot-tracked product needs a lot code (and an expiry date when tracked); lots are found or created', async () => {
    // The product form's two checkboxes: the API takes and answers them.
    const serum = await createProduct(ctx, ctx.world.accounts.clientActive, {
      name: 'Vitamin serum',
      track_lots: true,
      track_expiry: true,
    });
    expect(serum).toMatchObject({ track_lots: true, track_expiry: true });
    const shipment = await announce([{ product_id: serum.id, quantity: 6 }]);
    const lineId = shipment.lines[0]!.id;

    expect((await verify(shipment.id, {})).json().errors).toEqual({ lines: [SHIPMENT_MESSAGES.lotsNeedPutaway] });
    const missing = await verify(shipment.id, {
      lines: [{ line_id: lineId, received_quantity: 6, putaway: [{ location_id: binA, quantity: 6 }] }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'lines.0.putaway.0.lot_code': [SHIPMENT_MESSAGES.lotCodeRequired],
      'lines.0.putaway.0.expiry_date': [SHIPMENT_MESSAGES.expiryRequired],
    });

    const ok = await verify(shipment.id, {
      lines: [
        {
          line_id: lineId,
          received_quantity: 6,
          putaway: [
            { location_id: binA, quantity: 4, lot_code: 'L-100', expiry_date: '2027-03-31' },
            { location_id: binA, quantity: 2, lot_code: 'L-101', expiry_date: '2027-06-30' },
          ],
        },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const lots = await ctx.handle.db
      .select({ code: inventoryLots.lotCode, expiry: inventoryLots.expiryDate })
      .from(inventoryLots)
      .where(eq(inventoryLots.productId, serum.id));
    expect(lots.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'L-100', expiry: '2027-03-31' },
      { code: 'L-101', expiry: '2027-06-30' },
    ]);
    expect(await placesOf(await inventoryOf(shipment.id, serum.id))).toEqual(
      expect.arrayContaining([
        ['PA-01', 'L-100', 4],
        ['PA-01', 'L-101', 2],
      ]),
    );

    // The same lot again with another expiry date is refused; the same lot and date adds to it.
    const again = await announce([{ product_id: serum.id, quantity: 1 }]);
    const clash = await verify(again.id, {
      lines: [
        {
          line_id: again.lines[0]!.id,
          received_quantity: 1,
          putaway: [{ location_id: binA, quantity: 1, lot_code: 'l-100', expiry_date: '2028-01-01' }],
        },
      ],
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ 'lines.0.putaway.0.expiry_date': [SHIPMENT_MESSAGES.lotExpiryDiffers] });
  });
});

describe('scope', () => {
  it('two clients in one warehouse and two managers: out-of-scope shipments are 404, never received', async () => {
    const shipment = await announce([{ product_id: tent.id, quantity: 1 }]);
    const body = {
      lines: [{ line_id: shipment.lines[0]!.id, received_quantity: 1, putaway: [{ location_id: binA, quantity: 1 }] }],
    };
    await expectRefusedUnchanged(ctx.handle.db, () => verify(shipment.id, body, 'otherManager'), 404);
    const suggestions = (actor: Actor) =>
      ctx.as(actor, { method: 'GET', url: `/api/shipments/${shipment.id}/putaway-suggestions` });
    expect((await suggestions('otherManager')).statusCode).toBe(404);
    expect((await ctx.as('neighbourClient', { method: 'GET', url: `/api/shipments/${shipment.id}` })).statusCode).toBe(
      404,
    );
    // The Beta manager's own bin cannot receive an Alpha shipment, even for the Alpha manager.
    const foreignBin = await verify(shipment.id, {
      lines: [{ ...body.lines[0]!, putaway: [{ location_id: betaBin, quantity: 1 }] }],
    });
    expect(foreignBin.json().errors).toEqual({ 'lines.0.putaway.0.location_id': [SHIPMENT_MESSAGES.locationInvalid] });
    expect((await verify(shipment.id, body, 'manager')).statusCode).toBe(200);
  });
});
