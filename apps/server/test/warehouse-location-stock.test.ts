import type { WarehouseLocationStockRow } from '@wms/contract/location-stock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let codeCounter = 0;
async function location(warehouseId: number): Promise<number> {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/locations`,
    payload: { code: `WLS-${++codeCounter}`, zone: 'WLS', type: 'storage' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().location.id;
}

async function unassignedOf(warehouseId: number): Promise<number> {
  const res = await ctx.as('admin', { method: 'GET', url: `/api/warehouses/${warehouseId}/locations?code=UNASSIGNED` });
  return res.json().data[0].id;
}

const move = (inventoryId: number, from: number, to: number, quantity: number) =>
  ctx.as('admin', {
    method: 'POST',
    url: `/api/inventories/${inventoryId}/moves`,
    payload: { from_location_id: from, to_location_id: to, quantity },
  });

const read = (warehouseId: number, actor: Actor = 'manager', query = 'per_page=100') =>
  ctx.as(actor, { method: 'GET', url: `/api/warehouses/${warehouseId}/location-stock?${query}` });

/** Every page of a warehouse's stock per location, as the move screen reads it. */
async function allRows(warehouseId: number, actor: Actor = 'manager', perPage = 100) {
  const rows: WarehouseLocationStockRow[] = [];
  for (let page = 1; ; page++) {
    const res = await read(warehouseId, actor, `page=${page}&per_page=${perPage}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: WarehouseLocationStockRow[]; meta: { last_page: number } };
    rows.push(...body.data);
    if (page >= body.meta.last_page) return rows;
  }
}

describe("a warehouse's stock per location (the move screen's offline snapshot)", () => {
  it('lists each location’s units per inventory row with the product’s SKU, barcode and name; no empty rows', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 9);
    const bin = await location(world.warehouses.alpha);
    const emptied = await location(world.warehouses.alpha);
    const unassigned = await unassignedOf(world.warehouses.alpha);
    expect((await move(stock.inventoryId, unassigned, bin, 4)).statusCode).toBe(200);
    expect((await move(stock.inventoryId, unassigned, emptied, 2)).statusCode).toBe(200);
    expect((await move(stock.inventoryId, emptied, bin, 2)).statusCode).toBe(200);

    const rows = (await allRows(world.warehouses.alpha)).filter((row) => row.inventory_id === stock.inventoryId);
    expect(rows).toEqual([
      {
        location_id: unassigned < bin ? unassigned : bin,
        inventory_id: stock.inventoryId,
        product: {
          id: stock.productId,
          sku: stock.sku,
          barcode: expect.toBeOneOf([null, expect.any(String)]),
          name: expect.any(String),
        },
        account: { id: world.accounts.clientActive, name: expect.any(String) },
        lot: null,
        quantity: unassigned < bin ? 3 : 6,
      },
      expect.objectContaining({ location_id: unassigned < bin ? bin : unassigned, quantity: unassigned < bin ? 6 : 3 }),
    ]);
    expect(rows.some((row) => row.location_id === emptied)).toBe(false);
  });

  it('pages in a stable order: the pages together hold every row once', async () => {
    const { world } = ctx;
    for (let index = 0; index < 3; index++)
      await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 1);
    const whole = await allRows(world.warehouses.alpha, 'manager', 100);
    const paged = await allRows(world.warehouses.alpha, 'manager', 2);
    expect(whole.length).toBeGreaterThanOrEqual(4);
    expect(paged).toEqual(whole);
    const first = (await read(world.warehouses.alpha, 'manager', 'per_page=2')).json();
    expect(first.meta).toEqual(expect.objectContaining({ total: whole.length, per_page: 2 }));
  });

  it('is scoped to the warehouse: Beta’s manager meets 404 for Alpha’s real id and sees only Beta’s stock', async () => {
    const { world } = ctx;
    const alpha = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 2);
    const beta = await stockedProduct(ctx, world.accounts.otherClient, world.warehouses.beta, 3);
    expect((await read(world.warehouses.alpha, 'otherManager')).statusCode).toBe(404);
    const betaRows = await allRows(world.warehouses.beta, 'otherManager');
    expect(betaRows.map((row) => row.inventory_id)).toContain(beta.inventoryId);
    expect(betaRows.map((row) => row.inventory_id)).not.toContain(alpha.inventoryId);
    expect((await allRows(world.warehouses.alpha)).map((row) => row.inventory_id)).not.toContain(beta.inventoryId);
    // Locations are staff knowledge: a client holds no locations permission.
    expect((await read(world.warehouses.alpha, 'client')).statusCode).toBe(403);
  });

  it('answers 422 with the field for a page size beyond the limit', async () => {
    const res = await read(ctx.world.warehouses.alpha, 'manager', 'per_page=1000');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('per_page');
  });
});
