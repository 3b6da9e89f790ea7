import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationStock } from '../src/db/schema/location-stock';
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
});
