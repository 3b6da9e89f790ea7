import { CYCLE_COUNT_MESSAGES } from '@wms/contract/cycle-counts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../src/db/schema/activity';
import { inventoryMovements } from '../src/db/schema/inventory';
import { orderItems } from '../src/db/schema/orders';
import { bin, countAction, countLine, createCount, getCount, lotsIn, stockIn } from './support/cycle-counts';
import { createOrder } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Line {
  id: number;
  location: { code: string };
  product: { sku: string };
  expected_quantity: number | null;
  counted_quantity: number | null;
  variance: number | null;
  added: boolean;
  recount: boolean;
}

const inventoryOf = async (id: number) =>
  (await ctx.as('admin', { method: 'GET', url: `/api/inventories/${id}` })).json().data as {
    quantity_on_hand: number;
    quantity_reserved: number;
  };

const placesOf = async (inventoryId: number) =>
  (
    (await ctx.as('admin', { method: 'GET', url: `/api/inventories/${inventoryId}/locations` })).json().data as {
      location: { code: string };
      quantity: number;
    }[]
  ).map((p) => [p.location.code, p.quantity]);

const countMovements = (countId: number) =>
  ctx.handle.db
    .select({
      inventoryId: inventoryMovements.inventoryId,
      locationId: inventoryMovements.locationId,
      onHandDelta: inventoryMovements.onHandDelta,
    })
    .from(inventoryMovements)
    .where(
      and(
        eq(inventoryMovements.type, 'count'),
        eq(inventoryMovements.referenceType, 'cycle_count'),
        eq(inventoryMovements.referenceId, countId),
      ),
    )
    .orderBy(inventoryMovements.id);

describe('a blind cycle count with variances approved', () => {
  it('hides expected quantities while counting, shows them to the approver in review, and writes `count` rows', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const a = await bin(ctx, place.warehouseId, 'CA');
    const b = await bin(ctx, place.warehouseId, 'CA');
    const empty = await bin(ctx, place.warehouseId, 'CA');
    const short = await stockIn(ctx, { ...place, locationId: a.id }, 10);
    const exact = await stockIn(ctx, { ...place, locationId: b.id }, 5, { barcode: '0123456789012' });
    const stray = await stockIn(ctx, { ...place, locationId: b.id }, 3);

    const created = await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'ca' });
    expect(created.statusCode, created.body).toBe(201);
    const count = created.json().data;
    expect(count).toMatchObject({ state: 'open', scope_label: 'Zone CA', locations_count: 3, lines_count: 3 });
    expect(count.locations.map((l: { code: string }) => l.code)).toEqual([a.code, b.code, empty.code]);
    // Blind: nobody sees what the system expects while counting, not even a caller who may approve.
    expect(count.expected_visible).toBe(false);
    expect(count.lines.every((l: Line) => l.expected_quantity === null && l.variance === null)).toBe(true);

    expect((await countLine(ctx, count.id, { location_code: a.code, code: short.sku, quantity: 8 })).statusCode).toBe(
      200,
    );
    // By barcode, and in lower case: the scan rule of every scan field.
    const byBarcode = await countLine(ctx, count.id, {
      location_code: b.code.toLowerCase(),
      code: '0123456789012',
      quantity: 5,
    });
    expect(byBarcode.statusCode, byBarcode.body).toBe(200);
    // A product found where none was expected becomes a line (expected 0).
    const found = await countLine(ctx, count.id, { location_code: empty.code, code: stray.sku, quantity: 2 });
    expect(found.statusCode, found.body).toBe(200);
    const counting = found.json().data;
    expect(counting.state).toBe('counting');
    expect(counting.lines).toHaveLength(4);
    expect(counting.lines.find((l: Line) => l.location.code === empty.code)).toMatchObject({
      added: true,
      counted_quantity: 2,
      expected_quantity: null,
    });
    expect(JSON.stringify((await getCount(ctx, count.id, 'admin')).json().data.lines)).not.toContain(
      '"expected_quantity":10',
    );
    // Each count is a typed event for the warehouse, and it stays blind: what was counted, never what was expected.
    const counted = await ctx.handle.db
      .select({ properties: activity.properties, warehouseIds: activity.warehouseIds })
      .from(activity)
      .where(eq(activity.kind, 'cycle_count.line_counted'))
      .orderBy(activity.id);
    expect(counted.map((e) => e.properties)).toEqual([
      { cycle_count_id: count.id, location_code: a.code, sku: short.sku, lot_code: null, counted: 8, added: false },
      { cycle_count_id: count.id, location_code: b.code, sku: exact.sku, lot_code: null, counted: 5, added: false },
      { cycle_count_id: count.id, location_code: empty.code, sku: stray.sku, lot_code: null, counted: 2, added: true },
    ]);
    expect(counted.every((e) => e.warehouseIds.length === 1 && e.warehouseIds[0] === place.warehouseId)).toBe(true);

    // The stray product's expected line in B was not counted: counting finishes with it at 0.
    const submitted = await countAction(ctx, count.id, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    const review = submitted.json().data;
    expect(review).toMatchObject({ state: 'review', expected_visible: true });
    const variances = Object.fromEntries(
      review.lines.map((l: Line) => [
        `${l.location.code} ${l.product.sku}`,
        [l.expected_quantity, l.counted_quantity, l.variance],
      ]),
    );
    expect(variances).toEqual({
      [`${a.code} ${short.sku}`]: [10, 8, -2],
      [`${b.code} ${exact.sku}`]: [5, 5, 0],
      [`${b.code} ${stray.sku}`]: [3, 0, -3],
      [`${empty.code} ${stray.sku}`]: [0, 2, 2],
    });

    const approved = await countAction(ctx, count.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.state).toBe('approved');
    expect(await countMovements(count.id)).toEqual([
      { inventoryId: short.inventoryId, locationId: a.id, onHandDelta: -2 },
      { inventoryId: stray.inventoryId, locationId: empty.id, onHandDelta: 2 },
      { inventoryId: stray.inventoryId, locationId: b.id, onHandDelta: -3 },
    ]);
    expect((await inventoryOf(short.inventoryId)).quantity_on_hand).toBe(8);
    expect(await placesOf(stray.inventoryId)).toEqual([[empty.code, 2]]);
    expect(await placesOf(exact.inventoryId)).toEqual([[b.code, 5]]);
    const [event] = await ctx.handle.db
      .select({ properties: activity.properties })
      .from(activity)
      .where(eq(activity.kind, 'cycle_count.approved'));
    expect(event?.properties).toEqual({ cycle_count_id: count.id, adjusted_lines: 3, net_units: -3 });

    // A second approval is refused and changes nothing.
    expect((await countAction(ctx, count.id, 'approve')).statusCode).toBe(409);
    expect(await countMovements(count.id)).toHaveLength(3);
  });

  it('a count without any variance is approved when counting finishes, with no ledger row', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const a = await bin(ctx, place.warehouseId, 'CB');
    const stock = await stockIn(ctx, { ...place, locationId: a.id }, 4);
    const count = (
      await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'range', from_code: a.code, to_code: a.code })
    ).json().data;
    await countLine(ctx, count.id, { location_code: a.code, code: stock.sku, quantity: 4 });
    const res = await countAction(ctx, count.id, 'submit');
    expect(res.json().data.state).toBe('approved');
    expect(await countMovements(count.id)).toEqual([]);
  });

  it('sends a line back for a recount; the recount replaces the first count', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const a = await bin(ctx, place.warehouseId, 'CC');
    const stock = await stockIn(ctx, { ...place, locationId: a.id }, 6);
    const count = (
      await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'product', product_id: stock.productId })
    ).json().data;
    expect(count.locations.map((l: { code: string }) => l.code)).toEqual([a.code]);
    await countLine(ctx, count.id, { location_code: a.code, code: stock.sku, quantity: 60 });
    const review = (await countAction(ctx, count.id, 'submit')).json().data;
    expect(review.state).toBe('review');

    const recount = await ctx.as('manager', {
      method: 'POST',
      url: `/api/cycle-counts/${count.id}/recount`,
      payload: { line_ids: [review.lines[0].id] },
    });
    expect(recount.statusCode, recount.body).toBe(200);
    expect(recount.json().data).toMatchObject({ state: 'counting', expected_visible: false });
    expect(recount.json().data.lines[0]).toMatchObject({ recount: true, counted_quantity: null });

    await countLine(ctx, count.id, { location_code: a.code, code: stock.sku, quantity: 6 });
    expect((await countAction(ctx, count.id, 'submit')).json().data.state).toBe('approved');
    expect((await inventoryOf(stock.inventoryId)).quantity_on_hand).toBe(6);
  });

  it('a count below what orders hold flags the newest order short instead of failing', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const a = await bin(ctx, place.warehouseId, 'CD');
    const stock = await stockIn(ctx, { ...place, locationId: a.id }, 5);
    const older = await createOrder(ctx, { ...place, lines: [{ productId: stock.productId, quantity: 2 }] });
    const newer = await createOrder(ctx, { ...place, lines: [{ productId: stock.productId, quantity: 2 }] });
    expect((await inventoryOf(stock.inventoryId)).quantity_reserved).toBe(4);

    const count = (await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'CD' })).json().data;
    await countLine(ctx, count.id, { location_code: a.code, code: stock.sku, quantity: 3 });
    await countAction(ctx, count.id, 'submit');
    const approved = await countAction(ctx, count.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);

    expect(await inventoryOf(stock.inventoryId)).toMatchObject({ quantity_on_hand: 3, quantity_reserved: 3 });
    const reservedOf = async (orderId: number) =>
      (await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.quantityReserved;
    expect(await reservedOf(older.id)).toBe(2);
    expect(await reservedOf(newer.id)).toBe(1);
    const order = await ctx.as('manager', { method: 'GET', url: `/api/orders/${newer.id}` });
    expect(JSON.stringify(order.json())).toMatch(/"(short_items_count|quantity_short)":1/);
    const events = await ctx.handle.db
      .select({ properties: activity.properties })
      .from(activity)
      .where(eq(activity.kind, 'order.shorted_by_count'));
    expect(events.map((e) => e.properties)).toEqual([
      { order_number: newer.orderNumber, units: 1, skus: [stock.sku], cycle_count_id: count.id },
    ]);
  });
});

describe('losses the stock changed under', () => {
  const reservedOf = async (orderId: number) =>
    (await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.quantityReserved;

  it('a loss larger than what the bin still holds after a move takes only what is left there', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const counted = await bin(ctx, place.warehouseId, 'CH');
    const elsewhere = await bin(ctx, place.warehouseId, 'CI');
    const stock = await stockIn(ctx, { ...place, locationId: counted.id }, 10);
    const count = (await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'CH' })).json().data;
    await countLine(ctx, count.id, { location_code: counted.code, code: stock.sku, quantity: 2 });
    expect((await countAction(ctx, count.id, 'submit')).statusCode).toBe(200);
    // After the count, 5 of the 10 leave the bin: the loss of 8 can take only the 5 left.
    const moved = await ctx.as('manager', {
      method: 'POST',
      url: `/api/inventories/${stock.inventoryId}/moves`,
      payload: { from_location_id: counted.id, to_location_id: elsewhere.id, quantity: 5 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const approved = await countAction(ctx, count.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([[elsewhere.code, 5]]);
    expect((await countMovements(count.id)).map((m) => m.onHandDelta)).toEqual([-5]);
  });

  it('a loss inside quarantine shorts no order: quarantined units were never what orders hold', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const quarantine = await bin(ctx, place.warehouseId, 'CJ', 'quarantine');
    const shelf = await bin(ctx, place.warehouseId, 'CK');
    const stock = await stockIn(ctx, { ...place, locationId: shelf.id }, 10);
    const moved = await ctx.as('manager', {
      method: 'POST',
      url: `/api/inventories/${stock.inventoryId}/moves`,
      payload: { from_location_id: shelf.id, to_location_id: quarantine.id, quantity: 6 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The order holds all 4 available units.
    const order = await createOrder(ctx, { ...place, lines: [{ productId: stock.productId, quantity: 4 }] });
    expect(await reservedOf(order.id)).toBe(4);

    const count = (await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'CJ' })).json().data;
    await countLine(ctx, count.id, { location_code: quarantine.code, code: stock.sku, quantity: 0 });
    expect((await countAction(ctx, count.id, 'submit')).statusCode).toBe(200);
    const approved = await countAction(ctx, count.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);

    expect(await inventoryOf(stock.inventoryId)).toMatchObject({ quantity_on_hand: 4, quantity_reserved: 4 });
    expect(await reservedOf(order.id)).toBe(4);
    const shorted = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'order.shorted_by_count'), eq(activity.subjectId, order.id)));
    expect(shorted).toEqual([]);
  });
});

describe('counting a bin that holds several lots of one product', () => {
  const lotPlaces = async (inventoryId: number) =>
    (
      (await ctx.as('admin', { method: 'GET', url: `/api/inventories/${inventoryId}/locations` })).json().data as {
        location: { code: string };
        lot: { code: string } | null;
        quantity: number;
      }[]
    )
      .map((p) => `${p.location.code} ${p.lot?.code ?? '-'} ${p.quantity}`)
      .sort();

  it('counts each lot on its own line, adds a lot found there, and refuses a count that names no lot', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const a = await bin(ctx, place.warehouseId, 'CL');
    const serum = await lotsIn(ctx, { ...place, locationId: a.id }, [
      { code: 'L-A', units: 5 },
      { code: 'L-B', units: 7 },
    ]);
    const count = (await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'CL' })).json().data;
    // The lines name their lots (what the counter picks from), never their quantities.
    expect(count.lines.map((l: Line & { lot: { code: string } | null }) => [l.lot?.code, l.expected_quantity])).toEqual(
      [
        ['L-A', null],
        ['L-B', null],
      ],
    );

    const noLot = await countLine(ctx, count.id, { location_code: a.code, code: serum.sku, quantity: 12 });
    expect(noLot.statusCode).toBe(422);
    expect(noLot.json().errors).toEqual({ lot_code: [CYCLE_COUNT_MESSAGES.lotRequired] });
    const tooLong = await countLine(ctx, count.id, {
      location_code: a.code,
      code: serum.sku,
      quantity: 1,
      lot_code: 'X'.repeat(65),
    });
    expect(tooLong.json().errors).toEqual({ lot_code: [CYCLE_COUNT_MESSAGES.lotInvalid] });

    for (const [lot, quantity] of [
      ['L-A', 5],
      ['l-b', 6], // lot codes match case-insensitively, as scans do
      ['L-C', 2], // a lot nobody expected in this bin
    ] as const) {
      const res = await countLine(ctx, count.id, { location_code: a.code, code: serum.sku, quantity, lot_code: lot });
      expect(res.statusCode, res.body).toBe(200);
    }
    const counting = (await getCount(ctx, count.id)).json().data;
    const byLot = (lines: (Line & { lot: { code: string } | null })[]) =>
      lines.map((l) => [l.lot?.code, l.counted_quantity, l.expected_quantity, l.added]);
    expect(byLot(counting.lines)).toEqual([
      ['L-A', 5, null, false],
      ['L-B', 6, null, false],
      ['L-C', 2, null, true],
    ]);

    const review = (await countAction(ctx, count.id, 'submit')).json().data;
    expect(review.lines.map((l: Line & { lot: { code: string } }) => [l.lot.code, l.variance])).toEqual([
      ['L-A', 0],
      ['L-B', -1],
      ['L-C', 2],
    ]);
    expect((await countAction(ctx, count.id, 'approve')).statusCode).toBe(200);
    expect(await lotPlaces(serum.inventoryId)).toEqual([`${a.code} L-A 5`, `${a.code} L-B 6`, `${a.code} L-C 2`]);
    expect((await inventoryOf(serum.inventoryId)).quantity_on_hand).toBe(13);
  });

  it('counts units without a lot beside the lots when the counter says so', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const a = await bin(ctx, place.warehouseId, 'CM');
    const serum = await lotsIn(ctx, { ...place, locationId: a.id }, [{ code: 'M-1', units: 3 }]);
    const count = (await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'CM' })).json().data;
    // One lot expected, but the product tracks lots: a bare count is still refused.
    expect(
      (await countLine(ctx, count.id, { location_code: a.code, code: serum.sku, quantity: 3 })).json().errors,
    ).toEqual({ lot_code: [CYCLE_COUNT_MESSAGES.lotRequired] });
    await countLine(ctx, count.id, { location_code: a.code, code: serum.sku, quantity: 3, lot_code: 'M-1' });
    const loose = await countLine(ctx, count.id, {
      location_code: a.code,
      code: serum.sku,
      quantity: 1,
      without_lot: true,
    });
    expect(loose.statusCode, loose.body).toBe(200);
    await countAction(ctx, count.id, 'submit');
    expect((await countAction(ctx, count.id, 'approve')).statusCode).toBe(200);
    expect(await lotPlaces(serum.inventoryId)).toEqual([`${a.code} - 1`, `${a.code} M-1 3`]);
  });
});

describe('cycle count rules', () => {
  it('refuses bad input with field messages and wrong states with 409', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const noZone = await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone' });
    expect(noZone.statusCode).toBe(422);
    expect(noZone.json().errors.zone).toEqual([CYCLE_COUNT_MESSAGES.zoneRequired]);
    const nothing = await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'NOSUCHZONE' });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.scope).toEqual([CYCLE_COUNT_MESSAGES.nothingToCount]);
    const betaProduct = await createCount(ctx, {
      warehouse_id: place.warehouseId,
      scope: 'account',
      account_id: world.accounts.otherClient,
    });
    expect(betaProduct.statusCode).toBe(422);

    const a = await bin(ctx, place.warehouseId, 'CE');
    const stock = await stockIn(ctx, { ...place, locationId: a.id }, 1);
    const count = (await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'CE' })).json().data;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { location_code: 'NOT-HERE', code: stock.sku, quantity: 1 },
        'location_code',
        CYCLE_COUNT_MESSAGES.locationNotInCount,
      ],
      [{ location_code: a.code, code: 'NO-SUCH-SKU', quantity: 1 }, 'code', CYCLE_COUNT_MESSAGES.productNotFound],
      [{ location_code: a.code, code: stock.sku, quantity: -1 }, 'quantity', CYCLE_COUNT_MESSAGES.quantityInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await ctx.as('manager', { method: 'POST', url: `/api/cycle-counts/${count.id}/lines`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await countAction(ctx, count.id, 'approve')).statusCode).toBe(409);
    expect((await countAction(ctx, count.id, 'cancel')).json().data.state).toBe('cancelled');
    const late = await countLine(ctx, count.id, { location_code: a.code, code: stock.sku, quantity: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CYCLE_COUNT_MESSAGES.notCounting);
  });

  it('keeps each manager to the counts of their warehouses; clients hold no count permission', async () => {
    const { world } = ctx;
    const alphaBin = await bin(ctx, world.warehouses.alpha, 'CF');
    const betaBin = await bin(ctx, world.warehouses.beta, 'CF');
    const alphaCount = (
      await createCount(ctx, { warehouse_id: world.warehouses.alpha, scope: 'zone', zone: 'CF' })
    ).json().data;
    const betaCount = await createCount(
      ctx,
      { warehouse_id: world.warehouses.beta, scope: 'zone', zone: 'CF' },
      'otherManager',
    );
    expect(betaCount.statusCode, betaCount.body).toBe(201);
    // Alpha's manager cannot count Beta, nor reach Beta's count by its real id (and the other way round).
    expect(
      (await createCount(ctx, { warehouse_id: world.warehouses.beta, scope: 'zone', zone: 'CF' })).statusCode,
    ).toBe(404);
    expect((await getCount(ctx, betaCount.json().data.id, 'manager')).statusCode).toBe(404);
    expect((await getCount(ctx, alphaCount.id, 'otherManager')).statusCode).toBe(404);
    expect((await countAction(ctx, alphaCount.id, 'cancel', 'otherManager')).statusCode).toBe(404);
    expect(
      (await ctx.as('otherManager', { method: 'GET', url: `/api/locations/${alphaBin.id}/counts` })).statusCode,
    ).toBe(404);
    const listed = async (actor: 'manager' | 'otherManager') =>
      (await ctx.as(actor, { method: 'GET', url: '/api/cycle-counts?per_page=100' }))
        .json()
        .data.map((c: { id: number }) => c.id);
    expect(await listed('manager')).toContain(alphaCount.id);
    expect(await listed('manager')).not.toContain(betaCount.json().data.id);
    expect(await listed('otherManager')).toEqual([betaCount.json().data.id]);
    expect((await ctx.as('client', { method: 'GET', url: '/api/cycle-counts' })).statusCode).toBe(403);
    expect(
      (await createCount(ctx, { warehouse_id: world.warehouses.alpha, scope: 'zone', zone: 'CF' }, 'client'))
        .statusCode,
    ).toBe(403);
    expect(betaBin.id).toBeGreaterThan(0);
  });

  it('shows the count history of a location and the inventory accuracy of approved counts', async () => {
    const { world } = ctx;
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
    const a = await bin(ctx, place.warehouseId, 'CG');
    const right = await stockIn(ctx, { ...place, locationId: a.id }, 2);
    const wrong = await stockIn(ctx, { ...place, locationId: a.id }, 2);
    const before = (await ctx.as('manager', { method: 'GET', url: '/api/cycle-counts/accuracy' })).json();
    const count = (await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'CG' })).json().data;
    await countLine(ctx, count.id, { location_code: a.code, code: right.sku, quantity: 2 });
    await countLine(ctx, count.id, { location_code: a.code, code: wrong.sku, quantity: 1 });
    await countAction(ctx, count.id, 'submit');
    await countAction(ctx, count.id, 'approve');

    const history = await ctx.as('manager', { method: 'GET', url: `/api/locations/${a.id}/counts` });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toEqual([
      expect.objectContaining({
        cycle_count_id: count.id,
        state: 'approved',
        lines_counted: 2,
        lines_with_variance: 1,
      }),
    ]);
    const after = (await ctx.as('manager', { method: 'GET', url: '/api/cycle-counts/accuracy' })).json();
    expect(after.lines_counted - before.lines_counted).toBe(2);
    expect(after.lines_accurate - before.lines_accurate).toBe(1);
    // Beta's manager sees none of Alpha's counts in the figure.
    const beta = (await ctx.as('otherManager', { method: 'GET', url: '/api/cycle-counts/accuracy' })).json();
    expect(beta).toMatchObject({ lines_counted: 0, accuracy: null });

    // "Not counted for 7 days" leaves out the bin just counted.
    const stale = await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'not_counted', days: 7 });
    expect(stale.statusCode, stale.body).toBe(201);
    expect(stale.json().data.locations.map((l: { id: number }) => l.id)).not.toContain(a.id);
  });
});
