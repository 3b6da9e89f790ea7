import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
