import { INVENTORY_MESSAGES } from '@wms/contract/inventory';
import { LOCATION_STOCK_MESSAGES } from '@wms/contract/location-stock';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../src/db/schema/activity';
import { inventoryMovements } from '../src/db/schema/inventory';
import { inventoryLots } from '../src/db/schema/location-stock';
import { orderItems } from '../src/db/schema/orders';
import { lotsIn } from './support/cycle-counts';
import { createOrder, stockedProduct, verifyAllItems } from './support/orders';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let codeCounter = 0;
/** A fresh location of a warehouse (admin), answering its id. */
async function location(
  warehouseId: number,
  fields: { type?: string; walk_sequence?: number | null; is_active?: boolean } = {},
): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/locations`,
    payload: { code: `LS-${++codeCounter}`, zone: 'LS', type: 'storage', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().location.id;
}

/** Quantity per location code of an inventory row, as the inventory detail shows it. */
async function placesOf(inventoryId: number, actor: Actor = 'admin') {
  const res = await ctx.as(actor, { method: 'GET', url: `/api/inventories/${inventoryId}/locations` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { location: { id: number; code: string }; quantity: number }[]).map((p) => [
    p.location.code,
    p.quantity,
  ]);
}

const codeOf = async (id: number) =>
  (await ctx.as('admin', { method: 'GET', url: `/api/locations/${id}` })).json().location.code as string;

const adjust = (inventoryId: number, change: number, locationId?: number, actor: Actor = 'admin') =>
  ctx.as(actor, {
    method: 'POST',
    url: `/api/inventories/${inventoryId}/adjust`,
    payload: { type: 'on_hand', quantity_change: change, reason: 'test', location_id: locationId },
  });

const move = (
  inventoryId: number,
  body: { from_location_id: number; to_location_id: number; quantity: number; lot_id?: number },
  actor: Actor = 'manager',
) => ctx.as(actor, { method: 'POST', url: `/api/inventories/${inventoryId}/moves`, payload: body });

async function unassignedOf(warehouseId: number): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'GET',
    url: `/api/warehouses/${warehouseId}/locations?search=UNASSIGNED`,
  });
  return res.json().data[0].id;
}

describe('stock per location', () => {
  it('new stock without a location lies in the warehouse’s UNASSIGNED location; an adjustment may name one', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 8);
    expect(await placesOf(stock.inventoryId)).toEqual([['UNASSIGNED', 8]]);

    const bin = await location(world.warehouses.alpha, { type: 'pick' });
    expect((await adjust(stock.inventoryId, 5, bin)).statusCode).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([
      [await codeOf(bin), 5],
      ['UNASSIGNED', 8],
    ]);
    const [row] = await ctx.handle.db
      .select()
      .from(inventoryMovements)
      .where(and(eq(inventoryMovements.inventoryId, stock.inventoryId), eq(inventoryMovements.type, 'adjustment')));
    expect(row).toMatchObject({ locationId: bin, locationDelta: 5, onHandDelta: 5 });
  });

  it('refuses an adjustment naming another warehouse’s location (422) or taking more than a location holds', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 8);
    const betaBin = await location(world.warehouses.beta);
    const res = await adjust(stock.inventoryId, 2, betaBin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.location_id).toEqual([INVENTORY_MESSAGES.locationInvalid]);

    const alphaBin = await location(world.warehouses.alpha);
    const short = await adjust(stock.inventoryId, -1, alphaBin);
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.quantity_change).toEqual([INVENTORY_MESSAGES.locationShort]);
    expect(await placesOf(stock.inventoryId)).toEqual([['UNASSIGNED', 8]]);
  });

  it('takes pick locations first, then storage, by walk sequence, UNASSIGNED last: one ledger row per location', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 4);
    const storage = await location(world.warehouses.alpha, { type: 'storage', walk_sequence: 1 });
    const pickLate = await location(world.warehouses.alpha, { type: 'pick', walk_sequence: 9 });
    const pickEarly = await location(world.warehouses.alpha, { type: 'pick', walk_sequence: 2 });
    for (const [bin, units] of [
      [storage, 5],
      [pickLate, 3],
      [pickEarly, 2],
    ] as const) {
      expect((await adjust(stock.inventoryId, units, bin)).statusCode).toBe(200);
    }
    expect((await adjust(stock.inventoryId, -6)).statusCode).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([
      [await codeOf(storage), 4],
      ['UNASSIGNED', 4],
    ]);
    const rows = await ctx.handle.db
      .select({
        locationId: inventoryMovements.locationId,
        delta: inventoryMovements.onHandDelta,
        part: inventoryMovements.locationPart,
        after: inventoryMovements.onHandAfter,
      })
      .from(inventoryMovements)
      .where(
        and(
          eq(inventoryMovements.inventoryId, stock.inventoryId),
          sql`${inventoryMovements.type} = 'adjustment' and ${inventoryMovements.onHandDelta} < 0`,
        ),
      )
      .orderBy(inventoryMovements.id);
    expect(rows).toEqual([
      { locationId: pickEarly, delta: -2, part: 1, after: 12 },
      { locationId: pickLate, delta: -3, part: 2, after: 9 },
      { locationId: storage, delta: -1, part: 3, after: 8 },
    ]);
  });

  it('shipping takes from the pick location, and the order shows it as the place to take the item from', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 2);
    const pick = await location(world.warehouses.alpha, { type: 'pick' });
    await adjust(stock.inventoryId, 3, pick);
    const order = await createOrder(ctx, {
      accountId: world.accounts.clientActive,
      warehouseId: world.warehouses.alpha,
      lines: [{ productId: stock.productId, quantity: 4 }],
    });
    const suggestion = await ctx.as('manager', { method: 'GET', url: `/api/orders/${order.id}/pick-locations` });
    expect(suggestion.statusCode, suggestion.body).toBe(200);
    expect(
      suggestion
        .json()
        .data[0].takes.map((t: { location: { code: string }; quantity: number }) => [t.location.code, t.quantity]),
    ).toEqual([
      [await codeOf(pick), 3],
      ['UNASSIGNED', 1],
    ]);
    expect(
      (await ctx.as('otherManager', { method: 'GET', url: `/api/orders/${order.id}/pick-locations` })).statusCode,
    ).toBe(404);
    expect((await ctx.as('client', { method: 'GET', url: `/api/orders/${order.id}/pick-locations` })).statusCode).toBe(
      403,
    );

    await verifyAllItems(ctx, order.id);
    const shipped = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([['UNASSIGNED', 1]]);
  });
});

describe('moves', () => {
  it('moves units between two locations: on hand unchanged, two `move` ledger rows, an activity event', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const from = await unassignedOf(world.warehouses.alpha);
    const to = await location(world.warehouses.alpha, { type: 'pick' });
    const res = await move(stock.inventoryId, { from_location_id: from, to_location_id: to, quantity: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: LOCATION_STOCK_MESSAGES.moved,
      data: { quantity_on_hand: 10, quantity_available: 10 },
    });
    expect(await placesOf(stock.inventoryId)).toEqual([
      [await codeOf(to), 4],
      ['UNASSIGNED', 6],
    ]);
    const rows = await ctx.handle.db
      .select({ locationId: inventoryMovements.locationId, delta: inventoryMovements.locationDelta })
      .from(inventoryMovements)
      .where(and(eq(inventoryMovements.inventoryId, stock.inventoryId), eq(inventoryMovements.type, 'move')))
      .orderBy(inventoryMovements.id);
    expect(rows).toEqual([
      { locationId: from, delta: -4 },
      { locationId: to, delta: 4 },
    ]);
    const [event] = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'inventory.moved'), eq(activity.subjectId, stock.inventoryId)));
    expect(event?.properties).toMatchObject({ quantity: 4, from: 'UNASSIGNED', to: await codeOf(to) });
  });

  it('refuses moving more than the source holds (409) and leaves every location as it was', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 3);
    const to = await location(world.warehouses.alpha);
    const res = await move(stock.inventoryId, {
      from_location_id: await unassignedOf(world.warehouses.alpha),
      to_location_id: to,
      quantity: 4,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LOCATION_STOCK_MESSAGES.sourceShort);
    expect(await placesOf(stock.inventoryId)).toEqual([['UNASSIGNED', 3]]);
  });

  it('moving lot-tracked units without naming the lot asks for the lot, listing the lots the bin holds', async () => {
    const { world } = ctx;
    const from = await location(world.warehouses.alpha);
    const to = await location(world.warehouses.alpha);
    const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive, locationId: from };
    const stock = await lotsIn(ctx, place, [
      { code: 'CR-2611A', units: 30 },
      { code: 'CR-2612B', units: 12 },
    ]);
    const body = { from_location_id: from, to_location_id: to, quantity: 5 };
    const res = await expectRefusedUnchanged(ctx.handle.db, () => move(stock.inventoryId, body), 422);
    const fromCode = await codeOf(from);
    expect(res.json().errors).toEqual({
      lot_id: [
        LOCATION_STOCK_MESSAGES.lotRequired(fromCode, [
          { code: 'CR-2611A', quantity: 30 },
          { code: 'CR-2612B', quantity: 12 },
        ]),
      ],
    });
    expect(res.json().errors.lot_id[0]).toBe(
      `Choose the lot to move: ${fromCode} holds lot CR-2611A (30 units), lot CR-2612B (12 units).`,
    );
    // Naming the lot moves it.
    const [lot] = await ctx.handle.db
      .select({ id: inventoryLots.id })
      .from(inventoryLots)
      .where(eq(inventoryLots.lotCode, 'CR-2612B'));
    const named = await move(stock.inventoryId, { ...body, lot_id: lot!.id });
    expect(named.statusCode, named.body).toBe(200);
  });

  it('needs two different active locations of the row’s warehouse (422 otherwise)', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 3);
    const from = await unassignedOf(world.warehouses.alpha);
    const inactive = await location(world.warehouses.alpha, { is_active: false });
    const beta = await location(world.warehouses.beta);
    for (const [to, field, message] of [
      [inactive, 'to_location_id', LOCATION_STOCK_MESSAGES.locationInvalid],
      [beta, 'to_location_id', LOCATION_STOCK_MESSAGES.locationInvalid],
      [from, 'to_location_id', LOCATION_STOCK_MESSAGES.sameLocation],
    ] as const) {
      const res = await move(stock.inventoryId, { from_location_id: from, to_location_id: to, quantity: 1 });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const zero = await move(stock.inventoryId, { from_location_id: from, to_location_id: inactive, quantity: 0 });
    expect(zero.json().errors.quantity).toEqual([LOCATION_STOCK_MESSAGES.quantityPositive]);
  });

  it('is scoped like inventory edits: the other warehouse’s manager meets 404, clients 403', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 3);
    const body = {
      from_location_id: await unassignedOf(world.warehouses.alpha),
      to_location_id: await location(world.warehouses.alpha),
      quantity: 1,
    };
    expect((await move(stock.inventoryId, body, 'otherManager')).statusCode).toBe(404);
    expect((await move(stock.inventoryId, body, 'client')).statusCode).toBe(403);
    expect(
      (await ctx.as('otherManager', { method: 'GET', url: `/api/inventories/${stock.inventoryId}/locations` }))
        .statusCode,
    ).toBe(404);
    expect(await placesOf(stock.inventoryId)).toEqual([['UNASSIGNED', 3]]);
  });
});

describe('quarantine', () => {
  it('is on hand but not available; orders do not count on it; reserved units cannot go there (409)', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const unassigned = await unassignedOf(world.warehouses.alpha);
    const quarantine = await location(world.warehouses.alpha, { type: 'quarantine' });
    const res = await move(stock.inventoryId, {
      from_location_id: unassigned,
      to_location_id: quarantine,
      quantity: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      quantity_on_hand: 10,
      quantity_quarantined: 4,
      quantity_reserved: 0,
      quantity_available: 6,
    });

    // Six left to reserve: an order for 6 holds them all, and then nothing more may enter quarantine.
    const order = await createOrder(ctx, {
      accountId: world.accounts.clientActive,
      warehouseId: world.warehouses.alpha,
      lines: [{ productId: stock.productId, quantity: 6 }],
    });
    const detail = await ctx.as('admin', { method: 'GET', url: `/api/inventories/${stock.inventoryId}` });
    expect(detail.json().data).toMatchObject({ quantity_reserved: 6, quantity_available: 0 });
    // The quarantined units are on hand, yet the next order reserves none of them: it waits as a backorder.
    const waiting = await createOrder(ctx, {
      accountId: world.accounts.clientActive,
      warehouseId: world.warehouses.alpha,
      lines: [{ productId: stock.productId, quantity: 2 }],
    });
    const [line] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, waiting.id));
    expect(line?.quantityReserved).toBe(0);
    const refused = await move(stock.inventoryId, {
      from_location_id: unassigned,
      to_location_id: quarantine,
      quantity: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LOCATION_STOCK_MESSAGES.reservedIntoQuarantine);

    // Shipping never takes quarantined units.
    await verifyAllItems(ctx, order.id);
    const shipped = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([[await codeOf(quarantine), 4]]);
  });
});

describe('quarantined units short of an order', () => {
  /** 10 on hand, 6 of them in quarantine, and an order for 6: it holds the 4 available, 2 short. */
  async function backorderBesideQuarantine() {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const quarantine = await location(world.warehouses.alpha, { type: 'quarantine' });
    const moved = await move(stock.inventoryId, {
      from_location_id: await unassignedOf(world.warehouses.alpha),
      to_location_id: quarantine,
      quantity: 6,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const order = await createOrder(ctx, {
      accountId: world.accounts.clientActive,
      warehouseId: world.warehouses.alpha,
      lines: [{ productId: stock.productId, quantity: 6 }],
    });
    const [line] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line?.quantityReserved).toBe(4);
    return { stock, order, quarantineCode: await codeOf(quarantine) };
  }

  it('pick suggestions never send a picker to quarantine: what the other bins lack is short', async () => {
    const { order } = await backorderBesideQuarantine();
    const res = await ctx.as('manager', { method: 'GET', url: `/api/orders/${order.id}/pick-locations` });
    expect(res.statusCode, res.body).toBe(200);
    const [suggestion] = res.json().data as {
      takes: { location: { code: string }; quantity: number }[];
      short: number;
    }[];
    expect(suggestion!.takes.map((t) => [t.location.code, t.quantity])).toEqual([['UNASSIGNED', 4]]);
    expect(suggestion!.short).toBe(2);
  });

  it('shipping never takes quarantined units: the short order is refused (409) and quarantine keeps its units', async () => {
    const { stock, order, quarantineCode } = await backorderBesideQuarantine();
    await verifyAllItems(ctx, order.id);
    await expectRefusedUnchanged(
      ctx.handle.db,
      () =>
        ctx.as('manager', { method: 'POST', url: `/api/orders/${order.id}/status`, payload: { status: 'shipped' } }),
      409,
    );
    expect(await placesOf(stock.inventoryId)).toEqual([
      ['UNASSIGNED', 4],
      [quarantineCode, 6],
    ]);
  });
});

describe('all the units of a bin', () => {
  it('a move or an adjustment may take exactly everything a bin holds', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 0);
    const [from, to] = [await location(world.warehouses.alpha), await location(world.warehouses.alpha)];
    expect((await adjust(stock.inventoryId, 5, from)).statusCode).toBe(200);
    const moved = await move(stock.inventoryId, { from_location_id: from, to_location_id: to, quantity: 5 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([[await codeOf(to), 5]]);
    const adjusted = await adjust(stock.inventoryId, -5, to);
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([]);
  });
});

describe('reads per location', () => {
  it('a location lists what it holds, scoped to the manager’s warehouses; the list tells empty from occupied', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 5);
    const bin = await location(world.warehouses.alpha);
    await move(stock.inventoryId, {
      from_location_id: await unassignedOf(world.warehouses.alpha),
      to_location_id: bin,
      quantity: 2,
    });
    const res = await ctx.as('manager', { method: 'GET', url: `/api/locations/${bin}/stock` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        inventory_id: stock.inventoryId,
        quantity: 2,
        product: expect.objectContaining({ sku: stock.sku }),
      }),
    ]);
    expect((await ctx.as('otherManager', { method: 'GET', url: `/api/locations/${bin}/stock` })).statusCode).toBe(404);
    expect((await ctx.as('client', { method: 'GET', url: `/api/locations/${bin}/stock` })).statusCode).toBe(403);

    const code = await codeOf(bin);
    const list = async (occupancy: string) =>
      (
        await ctx.as('manager', {
          method: 'GET',
          url: `/api/warehouses/${world.warehouses.alpha}/locations?search=${code}&occupancy=${occupancy}`,
        })
      ).json().data as { code: string; units_held: number; products_held: number }[];
    expect((await list('occupied')).filter((l) => l.code === code)).toEqual([
      expect.objectContaining({ units_held: 2, products_held: 1 }),
    ]);
    expect((await list('empty')).filter((l) => l.code === code)).toEqual([]);
    // A location holding stock cannot be deleted.
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/locations/${bin}` })).statusCode).toBe(409);
  });

  it('a product shows where it lies in each warehouse the caller sees', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 5);
    const res = await ctx.as('manager', { method: 'GET', url: `/api/products/${stock.productId}/locations` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        inventory_id: stock.inventoryId,
        quantity: 5,
        warehouse: expect.objectContaining({ id: world.warehouses.alpha }),
        location: expect.objectContaining({ code: 'UNASSIGNED' }),
      }),
    ]);
    const other = await ctx.as('otherManager', { method: 'GET', url: `/api/products/${stock.productId}/locations` });
    expect(other.statusCode === 404 || other.json().data.length === 0).toBe(true);
  });

  it('a new warehouse gets its UNASSIGNED location', async () => {
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/warehouses',
      payload: { name: 'Delta Warehouse', code: 'DLT', city: 'Dover', state: 'DE' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().warehouse.id;
    const list = await ctx.as('admin', { method: 'GET', url: `/api/warehouses/${id}/locations` });
    expect(list.json().data.map((l: { code: string; type: string }) => [l.code, l.type])).toEqual([
      ['UNASSIGNED', 'receiving'],
    ]);
  });
});
