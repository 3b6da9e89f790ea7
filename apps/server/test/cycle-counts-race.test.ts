import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryMovements } from '../src/db/schema/inventory';
import { bin, countAction, countLine, createCount, stockIn } from './support/cycle-counts';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('approval race (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'approving one count twice at once adjusts stock once; the other answers 409',
    async () => {
      const { world } = ctx;
      const place = { warehouseId: world.warehouses.alpha, accountId: world.accounts.clientActive };
      const a = await bin(ctx, place.warehouseId, 'RACEC');
      const stock = await stockIn(ctx, { ...place, locationId: a.id }, 10);
      const count = (await createCount(ctx, { warehouse_id: place.warehouseId, scope: 'zone', zone: 'RACEC' })).json()
        .data;
      await countLine(ctx, count.id, { location_code: a.code, code: stock.sku, quantity: 7 });
      expect((await countAction(ctx, count.id, 'submit')).json().data.state).toBe('review');

      const answers = await Promise.all([
        countAction(ctx, count.id, 'approve', 'manager'),
        countAction(ctx, count.id, 'approve', 'admin'),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await ctx.handle.db
        .select({ delta: inventoryMovements.onHandDelta })
        .from(inventoryMovements)
        .where(and(eq(inventoryMovements.type, 'count'), eq(inventoryMovements.referenceId, count.id)));
      expect(rows).toEqual([{ delta: -3 }]);
      const inventory = await ctx.as('admin', { method: 'GET', url: `/api/inventories/${stock.inventoryId}` });
      expect(inventory.json().data.quantity_on_hand).toBe(7);
    },
  );
});
