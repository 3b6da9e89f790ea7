import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLotStock, daysFromToday } from './support/lots';
import { stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

/** What the phone move flow reads: a location by its scanned code, then what it holds (SKU and barcode). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const byCode = (warehouseId: number, code: string, actor: 'admin' | 'manager' = 'admin') =>
  ctx.as(actor, { method: 'GET', url: `/api/warehouses/${warehouseId}/locations?code=${encodeURIComponent(code)}` });

describe('phone move lookups', () => {
  it('finds a location by its exact code in any case, never a code that merely contains it', async () => {
    const { alpha } = ctx.world.warehouses;
    for (const code of ['SCAN-1', 'SCAN-10', 'XSCAN-1']) {
      await ctx.as('admin', {
        method: 'POST',
        url: `/api/warehouses/${alpha}/locations`,
        payload: { code, zone: 'S' },
      });
    }
    const found = await byCode(alpha, 'scan-1');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((l: { code: string }) => l.code)).toEqual(['SCAN-1']);
    expect((await byCode(alpha, 'SCAN-2')).json().data).toEqual([]);
  });

  it('keeps a manager to their warehouses: another warehouse’s code lookup answers 404', async () => {
    const { beta } = ctx.world.warehouses;
    await ctx.as('admin', {
      method: 'POST',
      url: `/api/warehouses/${beta}/locations`,
      payload: { code: 'B-1', zone: 'B' },
    });
    expect((await byCode(beta, 'B-1', 'manager')).statusCode).toBe(404);
  });

  it('answers the product barcode with what a location holds, per lot; a lot move beyond its units is refused (409)', async () => {
    const { alpha } = ctx.world.warehouses;
    const stock = await stockedProduct(ctx, ctx.world.accounts.clientActive, alpha, 3, { barcode: '0799439112766' });
    const from = (await byCode(alpha, 'SCAN-1')).json().data[0].id as number;
    const to = (await byCode(alpha, 'SCAN-10')).json().data[0].id as number;
    const lotId = await addLotStock(ctx, stock.inventoryId, {
      code: 'L-77',
      expiryDate: daysFromToday(40),
      quantity: 5,
      locationId: from,
    });
    const held = await ctx.as('manager', { method: 'GET', url: `/api/locations/${from}/stock` });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data).toEqual([
      expect.objectContaining({
        inventory_id: stock.inventoryId,
        product: expect.objectContaining({ sku: stock.sku, barcode: '0799439112766' }),
        lot: { id: lotId, code: 'L-77', expiry_date: daysFromToday(40) },
        quantity: 5,
      }),
    ]);
    const move = (quantity: number) =>
      ctx.as('manager', {
        method: 'POST',
        url: `/api/inventories/${stock.inventoryId}/moves`,
        payload: { from_location_id: from, to_location_id: to, quantity, lot_id: lotId },
      });
    const refused = await move(6);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The source location holds fewer units than you want to move.');
    expect((await move(5)).statusCode).toBe(200);
    const after = await ctx.as('manager', { method: 'GET', url: `/api/locations/${to}/stock` });
    expect(after.json().data.map((r: { lot: { code: string }; quantity: number }) => [r.lot.code, r.quantity])).toEqual(
      [['L-77', 5]],
    );
  });
});
