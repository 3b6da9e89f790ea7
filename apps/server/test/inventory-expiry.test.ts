import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from './support/cycle-counts';
import { addLotStock, daysFromToday } from './support/lots';
import { stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
let soon: { inventoryId: number; sku: string };
let expired: { inventoryId: number; sku: string };
let later: { inventoryId: number; sku: string };
let noLot: { inventoryId: number; sku: string };
let neighbour: { inventoryId: number; sku: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const { accounts, warehouses } = ctx.world;
  soon = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 2);
  expired = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 0);
  later = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 0);
  noLot = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 5);
  // Another tenant side by side: its lot expires soon too, in another warehouse.
  neighbour = await stockedProduct(ctx, accounts.otherClient, warehouses.beta, 0);
  await addLotStock(ctx, soon.inventoryId, { code: 'L-SOON', expiryDate: daysFromToday(10), quantity: 6 });
  await addLotStock(ctx, soon.inventoryId, { code: 'L-SOON-2', expiryDate: daysFromToday(25), quantity: 4 });
  await addLotStock(ctx, expired.inventoryId, { code: 'L-OLD', expiryDate: daysFromToday(-3), quantity: 3 });
  await addLotStock(ctx, later.inventoryId, { code: 'L-LATER', expiryDate: daysFromToday(90), quantity: 7 });
  await addLotStock(ctx, noLot.inventoryId, { code: 'L-NODATE', expiryDate: null, quantity: 1 });
  await addLotStock(ctx, neighbour.inventoryId, { code: 'L-NB', expiryDate: daysFromToday(5), quantity: 8 });
});
afterAll(() => ctx.close());

async function skusExpiringWithin(days: number | string, actor: Actor = 'admin') {
  const res = await ctx.as(actor, { method: 'GET', url: `/api/inventories?expiring_within_days=${days}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { product: { sku: string } }[]).map((r) => r.product.sku).sort();
}

describe('inventory: lots and expiry', () => {
  it('lists rows holding a lot expiring within N days, already expired included, none without an expiry', async () => {
    expect(await skusExpiringWithin(30)).toEqual([expired.sku, neighbour.sku, soon.sku].sort());
    expect(await skusExpiringWithin(0)).toEqual([expired.sku]);
    expect(await skusExpiringWithin(120)).toEqual([expired.sku, later.sku, neighbour.sku, soon.sku].sort());
  });

  it('keeps to the caller’s scope: a manager of Alpha and a client see only their own rows', async () => {
    expect(await skusExpiringWithin(30, 'manager')).toEqual([expired.sku, soon.sku].sort());
    expect(await skusExpiringWithin(30, 'client')).toEqual([expired.sku, soon.sku].sort());
    expect(await skusExpiringWithin(30, 'otherClient')).toEqual([neighbour.sku]);
  });

  it('refuses a negative or absurd number of days (422)', async () => {
    for (const days of ['-1', '3651', 'soon']) {
      const res = await ctx.as('admin', { method: 'GET', url: `/api/inventories?expiring_within_days=${days}` });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['expiring_within_days']);
    }
  });

  it('the inventory detail lists each lot with its expiry, per location', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: `/api/inventories/${soon.inventoryId}/locations` });
    const lots = (
      res.json().data as {
        location: { code: string };
        lot: { code: string; expiry_date: string } | null;
        quantity: number;
      }[]
    ).map((p) => [p.location.code, p.lot?.code ?? null, p.lot?.expiry_date ?? null, p.quantity]);
    expect(lots).toEqual(
      expect.arrayContaining([
        ['UNASSIGNED', null, null, 2],
        ['UNASSIGNED', 'L-SOON', daysFromToday(10), 6],
        ['UNASSIGNED', 'L-SOON-2', daysFromToday(25), 4],
      ]),
    );
  });

  it('the dashboard counts lots and units expiring within 30 days, in scope', async () => {
    const expiringOf = async (actor: Actor, query = '') =>
      (await ctx.as(actor, { method: 'GET', url: `/api/dashboard${query}` })).json().data.inventory.expiring_soon;
    expect(await expiringOf('admin')).toEqual({ days: 30, lots: 4, units: 6 + 4 + 3 + 8 });
    expect(await expiringOf('manager')).toEqual({ days: 30, lots: 3, units: 13 });
    expect(await expiringOf('admin', `?warehouse_id=${ctx.world.warehouses.beta}`)).toEqual({
      days: 30,
      lots: 1,
      units: 8,
    });
    expect(await expiringOf('otherClient')).toEqual({ days: 30, lots: 1, units: 8 });
  });
});

// The expiring-soon list acts on lots, so each row says which lots expire, where, and how many.
// Runs last: it adds lots of its own, which the dashboard figures above do not count.
describe('inventory: the expiring list names each expiring lot and location', () => {
  type ExpiringLot = { lot: { code: string; expiry_date: string }; location: { code: string }; quantity: number };
  type Row = { id: number; expiring_lots?: ExpiringLot[] };
  const lotsOf = (row: Row | undefined) =>
    row?.expiring_lots?.map((l) => [l.lot.code, l.lot.expiry_date, l.location.code, l.quantity]);

  it('answers, per row, the lots expiring within the window per location, soonest first; nothing outside it', async () => {
    const { accounts, warehouses } = ctx.world;
    const split = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 0);
    const lotId = await addLotStock(ctx, split.inventoryId, {
      code: 'L-SPLIT',
      expiryDate: daysFromToday(12),
      quantity: 9,
    });
    await addLotStock(ctx, split.inventoryId, { code: 'L-FIRST', expiryDate: daysFromToday(3), quantity: 2 });
    await addLotStock(ctx, split.inventoryId, { code: 'L-FAR', expiryDate: daysFromToday(200), quantity: 5 });
    const target = await bin(ctx, warehouses.alpha, 'EXP');
    const places = (
      await ctx.as('admin', { method: 'GET', url: `/api/inventories/${split.inventoryId}/locations` })
    ).json().data as { location: { id: number; code: string } }[];
    const unassigned = places.find((p) => p.location.code === 'UNASSIGNED')!.location.id;
    const moved = await ctx.as('admin', {
      method: 'POST',
      url: `/api/inventories/${split.inventoryId}/moves`,
      payload: { from_location_id: unassigned, to_location_id: target.id, quantity: 4, lot_id: lotId },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const list = await ctx.as('admin', { method: 'GET', url: '/api/inventories?expiring_within_days=30&per_page=100' });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as Row[];
    expect(lotsOf(rows.find((r) => r.id === split.inventoryId))).toEqual([
      ['L-FIRST', daysFromToday(3), 'UNASSIGNED', 2],
      ['L-SPLIT', daysFromToday(12), target.code, 4],
      ['L-SPLIT', daysFromToday(12), 'UNASSIGNED', 5],
    ]);
    expect(lotsOf(rows.find((r) => r.id === soon.inventoryId))).toEqual([
      ['L-SOON', daysFromToday(10), 'UNASSIGNED', 6],
      ['L-SOON-2', daysFromToday(25), 'UNASSIGNED', 4],
    ]);
    expect(lotsOf(rows.find((r) => r.id === expired.inventoryId))).toEqual([
      ['L-OLD', daysFromToday(-3), 'UNASSIGNED', 3],
    ]);

    // The stock filters and an account's list carry them too; a list without the window does not.
    const low = await ctx.as('admin', {
      method: 'GET',
      url: '/api/inventories/low-stock?expiring_within_days=30&threshold=1000000&per_page=100',
    });
    expect(lotsOf((low.json().data as Row[]).find((r) => r.id === split.inventoryId))).toHaveLength(3);
    const plain = await ctx.as('admin', { method: 'GET', url: '/api/inventories?per_page=100' });
    expect((plain.json().data as Row[]).every((r) => r.expiring_lots === undefined)).toBe(true);
  });

  it('keeps to the caller’s scope: the other tenant sees only its own lot', async () => {
    const res = await ctx.as('otherClient', { method: 'GET', url: '/api/inventories?expiring_within_days=30' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as Row[];
    expect(rows.map((r) => r.id)).toEqual([neighbour.inventoryId]);
    expect(lotsOf(rows[0])).toEqual([['L-NB', daysFromToday(5), 'UNASSIGNED', 8]]);
    const mine = await ctx.as('client', {
      method: 'GET',
      url: `/api/accounts/${ctx.world.accounts.clientActive}/inventories?expiring_within_days=30&per_page=100`,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const codes = (mine.json().data as Row[]).flatMap((r) => r.expiring_lots!.map((l) => l.lot.code));
    expect(codes).not.toContain('L-NB');
    expect(codes).toEqual(expect.arrayContaining(['L-SOON', 'L-OLD', 'L-SPLIT']));
  });
});
