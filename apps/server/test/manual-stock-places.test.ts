import { INVENTORY_MESSAGES } from '@wms/contract/inventory';
import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { daysFromToday } from './support/lots';
import { stockedProduct } from './support/orders';
import { readRows } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/**
 * Manual stock changes name where units go and come from: Add Inventory, edit and adjust take a
 * location (default UNASSIGNED) and, for products tracking lots or expiry, a lot — the receiving rules.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let codeCounter = 0;
async function location(warehouseId: number, fields: { type?: string; is_active?: boolean } = {}): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/locations`,
    payload: { code: `MS-${++codeCounter}`, zone: 'MS', type: 'storage', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().location.id;
}

type Place = {
  location: { id: number; code: string };
  lot: { id: number; code: string; expiry_date: string | null } | null;
  quantity: number;
};
async function placesOf(inventoryId: number): Promise<[string, string | null, number][]> {
  const res = await ctx.as('admin', { method: 'GET', url: `/api/inventories/${inventoryId}/locations` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Place[]).map((p) => [p.location.code, p.lot?.code ?? null, p.quantity]);
}
const lotIdOf = async (inventoryId: number, code: string) => {
  const res = await ctx.as('admin', { method: 'GET', url: `/api/inventories/${inventoryId}/locations` });
  return (res.json().data as Place[]).find((p) => p.lot?.code === code)!.lot!.id;
};
const codeOf = async (id: number) =>
  (await ctx.as('admin', { method: 'GET', url: `/api/locations/${id}` })).json().location.code as string;

const create = (payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'POST', url: '/api/inventories', payload });
const adjust = (inventoryId: number, payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, {
    method: 'POST',
    url: `/api/inventories/${inventoryId}/adjust`,
    payload: { type: 'on_hand', reason: 'test', ...payload },
  });
const edit = (inventoryId: number, payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'PUT', url: `/api/inventories/${inventoryId}`, payload });

/** A new product of the active client account (optionally tracking lots / expiry), not yet stocked. */
const product = (fields: Record<string, unknown> = {}) => createProduct(ctx, ctx.world.accounts.clientActive, fields);
const alphaRow = (productId: number, extra: Record<string, unknown> = {}) => ({
  product_id: productId,
  warehouse_id: ctx.world.warehouses.alpha,
  account_id: ctx.world.accounts.clientActive,
  quantity_on_hand: 6,
  ...extra,
});

describe('Add Inventory names a location', () => {
  it('puts the initial units into the named bin; without one (old payloads) into UNASSIGNED', async () => {
    const bin = await location(ctx.world.warehouses.alpha);
    const named = await create(alphaRow((await product()).id, { location_id: bin }));
    expect(named.statusCode, named.body).toBe(201);
    expect(await placesOf(named.json().data.id)).toEqual([[await codeOf(bin), null, 6]]);

    const plain = await create(alphaRow((await product()).id));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await placesOf(plain.json().data.id)).toEqual([['UNASSIGNED', null, 6]]);
  });

  it('refuses another warehouse’s location like an unknown one (422, nothing created), and an inactive bin', async () => {
    const betaBin = await location(ctx.world.warehouses.beta);
    const inactive = await location(ctx.world.warehouses.alpha, { is_active: false });
    const { id } = await product();
    for (const locationId of [betaBin, 2_000_000_000]) {
      const res = await create(alphaRow(id, { location_id: locationId }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ location_id: [INVENTORY_MESSAGES.locationInvalid] });
    }
    const res = await create(alphaRow(id, { location_id: inactive }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ location_id: [INVENTORY_MESSAGES.locationInactive] });
    // Nothing was created by the refused attempts: the same product can still be added.
    expect((await create(alphaRow(id))).statusCode).toBe(201);
  });

  it('a manager adds into a bin of their warehouse; a location of a warehouse they do not run reads as invalid', async () => {
    const alphaBin = await location(ctx.world.warehouses.alpha);
    const betaBin = await location(ctx.world.warehouses.beta);
    const ok = await create(alphaRow((await product()).id, { location_id: alphaBin }), 'manager');
    expect(ok.statusCode, ok.body).toBe(201);
    const refused = await create(alphaRow((await product()).id, { location_id: betaBin }), 'manager');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ location_id: [INVENTORY_MESSAGES.locationInvalid] });
  });
});

describe('edit and adjust name a location', () => {
  it('an edit adding units puts them in the named bin; an edit taking units takes them from the named bin', async () => {
    const stock = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 4);
    const bin = await location(ctx.world.warehouses.alpha, { type: 'pick' });
    const up = await edit(stock.inventoryId, { quantity_on_hand: 10, location_id: bin, expected_on_hand: 4 });
    expect(up.statusCode, up.body).toBe(200);
    const code = await codeOf(bin);
    expect(await placesOf(stock.inventoryId)).toEqual([
      [code, null, 6],
      ['UNASSIGNED', null, 4],
    ]);
    // The take order would empty the pick bin first; naming UNASSIGNED takes from there instead.
    const unassigned = (
      await ctx.as('admin', { method: 'GET', url: `/api/inventories/${stock.inventoryId}/locations` })
    )
      .json()
      .data.find((p: Place) => p.location.code === 'UNASSIGNED').location.id;
    const down = await edit(stock.inventoryId, { quantity_on_hand: 7, location_id: unassigned });
    expect(down.statusCode, down.body).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([
      [code, null, 6],
      ['UNASSIGNED', null, 1],
    ]);
    const short = await edit(stock.inventoryId, { quantity_on_hand: 5, location_id: unassigned });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ quantity_on_hand: [INVENTORY_MESSAGES.locationShort] });
  });

  it('an edit naming another warehouse’s bin is refused on location_id; a bin named without an on-hand change is ignored', async () => {
    const stock = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 4);
    const betaBin = await location(ctx.world.warehouses.beta);
    const res = await edit(stock.inventoryId, { quantity_on_hand: 5, location_id: betaBin });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ location_id: [INVENTORY_MESSAGES.locationInvalid] });
    const reservedOnly = await edit(stock.inventoryId, {
      quantity_on_hand: 4,
      quantity_reserved: 1,
      location_id: betaBin,
    });
    expect(reservedOnly.statusCode, reservedOnly.body).toBe(200);
    expect(await placesOf(stock.inventoryId)).toEqual([['UNASSIGNED', null, 4]]);
  });

  it('the other warehouse’s manager meets 404 however they name the place; a client may not adjust (403)', async () => {
    const stock = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 4);
    const bin = await location(ctx.world.warehouses.alpha);
    expect((await adjust(stock.inventoryId, { quantity_change: 2, location_id: bin }, 'otherManager')).statusCode).toBe(
      404,
    );
    expect((await edit(stock.inventoryId, { quantity_on_hand: 9, location_id: bin }, 'otherManager')).statusCode).toBe(
      404,
    );
    expect((await adjust(stock.inventoryId, { quantity_change: 2, location_id: bin }, 'client')).statusCode).toBe(403);
    // The manager of Beta names Alpha's bin on a Beta row: the same answer as an unknown id.
    const beta = await stockedProduct(ctx, ctx.world.accounts.otherClient, ctx.world.warehouses.beta, 1);
    const res = await adjust(beta.inventoryId, { quantity_change: 2, location_id: bin }, 'otherManager');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ location_id: [INVENTORY_MESSAGES.locationInvalid] });
    expect(await placesOf(stock.inventoryId)).toEqual([['UNASSIGNED', null, 4]]);
  });

  it('an adjustment into a quarantine bin shows on the export’s Quarantined column', async () => {
    const { id } = await product({ sku: `QX-${Date.now().toString(36)}` });
    const created = await create(alphaRow(id, { quantity_on_hand: 5 }));
    const quarantine = await location(ctx.world.warehouses.alpha, { type: 'quarantine' });
    expect((await adjust(created.json().data.id, { quantity_change: 2, location_id: quarantine })).statusCode).toBe(
      200,
    );
    const sku = created.json().data.product.sku as string;
    const res = await ctx.as('admin', { method: 'GET', url: `/api/inventories/export?format=csv&search=${sku}` });
    const [header, row] = readRows(res.rawPayload) as unknown[][];
    const column = (name: string) => row![header!.indexOf(name)];
    expect(header).toContain('Quarantined');
    expect([column('On Hand'), column('Reserved'), column('Quarantined'), column('Available')]).toEqual([7, 0, 2, 5]);
  });
});

describe('lot-tracked products name a lot when units arrive by hand', () => {
  it('Add Inventory without a lot (or expiry) is refused with putaway’s words; with them the lot is created', async () => {
    const tracked = await product({ track_lots: true, track_expiry: true });
    const missing = await create(alphaRow(tracked.id));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      lot_code: [SHIPMENT_MESSAGES.lotCodeRequired],
      expiry_date: [SHIPMENT_MESSAGES.expiryRequired],
    });
    const expiry = daysFromToday(40);
    const ok = await create(alphaRow(tracked.id, { lot_code: 'LOT-A', expiry_date: expiry }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.product).toMatchObject({ track_lots: true, track_expiry: true });
    expect(await placesOf(ok.json().data.id)).toEqual([['UNASSIGNED', 'LOT-A', 6]]);

    // A row started empty needs no lot: nothing arrives.
    const empty = await create(alphaRow((await product({ track_lots: true })).id, { quantity_on_hand: 0 }));
    expect(empty.statusCode, empty.body).toBe(201);
  });

  it('a positive adjustment and an edit adding units need the lot; a lot recorded with another expiry is refused', async () => {
    const tracked = await product({ track_lots: true });
    const row = (await create(alphaRow(tracked.id, { lot_code: 'L1' }))).json().data.id as number;
    const noLot = await adjust(row, { quantity_change: 3 });
    expect(noLot.statusCode).toBe(422);
    expect(noLot.json().errors).toEqual({ lot_code: [SHIPMENT_MESSAGES.lotCodeRequired] });
    const noLotEdit = await edit(row, { quantity_on_hand: 9 });
    expect(noLotEdit.statusCode).toBe(422);
    expect(noLotEdit.json().errors).toEqual({ lot_code: [SHIPMENT_MESSAGES.lotCodeRequired] });

    const bin = await location(ctx.world.warehouses.alpha);
    expect(
      (await adjust(row, { quantity_change: 3, location_id: bin, lot_code: 'L2', expiry_date: daysFromToday(9) }))
        .statusCode,
    ).toBe(200);
    expect((await edit(row, { quantity_on_hand: 10, lot_code: 'l1' })).statusCode).toBe(200);
    const code = await codeOf(bin);
    expect(await placesOf(row)).toEqual([
      [code, 'L2', 3],
      ['UNASSIGNED', 'L1', 7],
    ]);
    const differs = await adjust(row, { quantity_change: 1, lot_code: 'L2', expiry_date: daysFromToday(99) });
    expect(differs.statusCode).toBe(422);
    expect(differs.json().errors).toEqual({ expiry_date: [SHIPMENT_MESSAGES.lotExpiryDiffers] });
    // A reservation change names no lot.
    expect((await adjust(row, { type: 'reserved', quantity_change: 1 })).statusCode).toBe(200);
  });

  it('a removal names the lot to take from, with or without a location; a bin without its lot is refused', async () => {
    const tracked = await product({ track_lots: true });
    const row = (await create(alphaRow(tracked.id, { lot_code: 'OLD', quantity_on_hand: 4 }))).json().data.id as number;
    const bin = await location(ctx.world.warehouses.alpha, { type: 'pick' });
    await adjust(row, { quantity_change: 5, location_id: bin, lot_code: 'NEW' });
    const oldLot = await lotIdOf(row, 'OLD');
    const newLot = await lotIdOf(row, 'NEW');

    const binWithoutLot = await adjust(row, { quantity_change: -1, location_id: bin });
    expect(binWithoutLot.statusCode).toBe(422);
    expect(binWithoutLot.json().errors).toEqual({ lot_id: [INVENTORY_MESSAGES.lotToTakeRequired] });
    // Lot only: the take order within that lot (the pick bin holds NEW, so OLD comes from UNASSIGNED).
    expect((await adjust(row, { quantity_change: -2, lot_id: oldLot })).statusCode).toBe(200);
    expect((await adjust(row, { quantity_change: -1, location_id: bin, lot_id: newLot })).statusCode).toBe(200);
    const code = await codeOf(bin);
    expect(await placesOf(row)).toEqual([
      [code, 'NEW', 4],
      ['UNASSIGNED', 'OLD', 2],
    ]);
    const lotShort = await adjust(row, { quantity_change: -3, lot_id: oldLot });
    expect(lotShort.statusCode).toBe(422);
    expect(lotShort.json().errors).toEqual({ quantity_change: [INVENTORY_MESSAGES.lotShort] });
    // Another product's lot reads as invalid.
    const other = await product({ track_lots: true });
    const otherRow = (await create(alphaRow(other.id, { lot_code: 'X' }))).json().data.id as number;
    const foreign = await adjust(row, { quantity_change: -1, lot_id: await lotIdOf(otherRow, 'X') });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ lot_id: [INVENTORY_MESSAGES.lotInvalid] });
    // Without lot or location: the take order over every lot (the pick bin first).
    expect((await adjust(row, { quantity_change: -5 })).statusCode).toBe(200);
    expect(await placesOf(row)).toEqual([['UNASSIGNED', 'OLD', 1]]);
  });
});
