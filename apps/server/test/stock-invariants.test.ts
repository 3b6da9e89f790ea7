import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationStock } from '../src/db/schema/location-stock';
import { shipmentLines } from '../src/db/schema/shipment-lines';
import { createProduct } from './support/catalogue';
import { stockedProduct } from './support/orders';
import { assertStockInvariants, stockInvariantBreaches } from './support/stock-invariants';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // This file breaks the invariants on purpose: its teardown must not report them.
  ctx.skipStockInvariants();
});
afterAll(() => ctx.close());

describe('the stock invariant recount (runs after every API test file)', () => {
  it('passes on stock moved only through the ledger', async () => {
    const { world } = ctx;
    await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 7);
    await expect(assertStockInvariants(ctx.handle.db)).resolves.toBeUndefined();
  });

  it('catches location stock changed outside the ledger, and quarantine that disagrees with its locations', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 5);
    await ctx.handle.db
      .update(locationStock)
      .set({ quantity: 4 })
      .where(eq(locationStock.inventoryId, stock.inventoryId));
    await ctx.handle.db.execute(sql`update inventories set quantity_quarantined = 1 where id = ${stock.inventoryId}`);
    const breaches = await stockInvariantBreaches(ctx.handle.db);
    expect(breaches.locations).toEqual([
      expect.objectContaining({ id: stock.inventoryId, quantity_on_hand: 5, in_locations: 4 }),
    ]);
    expect(breaches.ledgerLocations).toEqual([expect.objectContaining({ inventory_id: stock.inventoryId })]);
    expect(breaches.quarantine).toEqual([expect.objectContaining({ id: stock.inventoryId, quantity_quarantined: 1 })]);
    await expect(assertStockInvariants(ctx.handle.db)).rejects.toThrow(/Stock invariants broken/);
  });

  it('catches a shipment line whose quantity received differs from its receipt in the ledger', async () => {
    const { world } = ctx;
    const product = await createProduct(ctx, world.accounts.clientActive, { name: 'Receipt recount' });
    const bins = await Promise.all(
      ['RC-01', 'RC-02'].map(async (code) => {
        const res = await ctx.as('admin', {
          method: 'POST',
          url: `/api/warehouses/${world.warehouses.alpha}/locations`,
          payload: { code, zone: 'RC', type: 'storage' },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().location.id as number;
      }),
    );
    const announced = await ctx.as('client', {
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: world.accounts.clientActive,
        warehouse_id: world.warehouses.alpha,
        lines: [{ product_id: product.id, quantity: 6 }],
      },
    });
    expect(announced.statusCode, announced.body).toBe(201);
    const shipment = announced.json().data as { id: number; lines: { id: number }[] };
    const verified = await ctx.as('manager', {
      method: 'POST',
      url: `/api/shipments/${shipment.id}/verify`,
      payload: {
        lines: [
          {
            line_id: shipment.lines[0]!.id,
            received_quantity: 5,
            discrepancy_reason: 'One short',
            putaway: [
              { location_id: bins[0], quantity: 3 },
              { location_id: bins[1], quantity: 2 },
            ],
          },
        ],
      },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    // Received over two places (two ledger rows): the line's 5 equals their sum.
    expect((await stockInvariantBreaches(ctx.handle.db)).shipmentReceipts).toEqual([]);

    await ctx.handle.db
      .update(shipmentLines)
      .set({ quantityReceived: 6 })
      .where(eq(shipmentLines.id, shipment.lines[0]!.id));
    expect((await stockInvariantBreaches(ctx.handle.db)).shipmentReceipts).toEqual([
      expect.objectContaining({ line_id: shipment.lines[0]!.id, received: 6, in_ledger: 5 }),
    ]);
  });
});
