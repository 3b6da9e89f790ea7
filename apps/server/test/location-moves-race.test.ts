import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('move race (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    '20 parallel moves of 3 out of a location holding 10 move exactly 3 times; the location never goes below zero',
    async () => {
      const { world } = ctx;
      const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
      const list = await ctx.as('admin', {
        method: 'GET',
        url: `/api/warehouses/${world.warehouses.alpha}/locations?search=UNASSIGNED`,
      });
      const from = list.json().data[0].id as number;
      const targets: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await ctx.as('admin', {
          method: 'POST',
          url: `/api/warehouses/${world.warehouses.alpha}/locations`,
          payload: { code: `RACE-${i}`, zone: 'R', type: i === 3 ? 'quarantine' : 'pick' },
        });
        targets.push(res.json().location.id);
      }
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          ctx.as(i % 2 === 0 ? 'manager' : 'admin', {
            method: 'POST',
            url: `/api/inventories/${stock.inventoryId}/moves`,
            payload: { from_location_id: from, to_location_id: targets[i % targets.length], quantity: 3 },
          }),
        ),
      );
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c === 409)).toHaveLength(17);
      const places = await ctx.as('admin', { method: 'GET', url: `/api/inventories/${stock.inventoryId}/locations` });
      const units = (places.json().data as { location: { id: number }; quantity: number }[]).map((p) => p.quantity);
      expect(units.reduce((a, b) => a + b, 0)).toBe(10);
      expect(units.every((q) => q > 0)).toBe(true);
      // The file's teardown recounts every invariant (Σ locations = on hand, quarantine, ledger) as well.
    },
  );
});
