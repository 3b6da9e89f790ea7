import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories } from '../src/db/schema/inventory';
import { createProduct } from './support/catalogue';
import { bulkCreate, orderInput, stockedProduct } from './support/order-creation';
import { expectLedgerMatchesQuantities } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the last kit (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'two orders at once for the components of the last kit: one is reserved, the other a backorder, nothing negative',
    async () => {
      const { world } = ctx;
      const account = world.accounts.clientActive;
      const alpha = world.warehouses.alpha;
      // Exactly one kit's worth: 1 × A and 2 × B.
      const a = await stockedProduct(ctx, account, alpha, 1);
      const b = await stockedProduct(ctx, account, alpha, 2);
      const kit = await createProduct(ctx, account, { kind: 'bundle' });
      const put = await ctx.as('client', {
        method: 'PUT',
        url: `/api/products/${kit.id}/components`,
        payload: {
          components: [
            { product_id: a.id, quantity: 1 },
            { product_id: b.id, quantity: 2 },
          ],
        },
      });
      expect(put.statusCode, put.body).toBe(200);

      const responses = await Promise.all(
        ['client', 'manager'].map((actor) =>
          bulkCreate(ctx, actor as 'client' | 'manager', alpha, [
            orderInput(account, [{ product_id: kit.id, quantity: 1 }]),
          ]),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
      const backorders = responses.map((r) => r.json().backorder_items.length);
      // One order got the kit's components; the other is short of both.
      expect(backorders.sort()).toEqual([0, 2]);

      const rows = await ctx.handle.db
        .select()
        .from(inventories)
        .where(inArray(inventories.id, [a.inventoryId!, b.inventoryId!]));
      for (const row of rows) {
        expect(row.quantityReserved).toBe(row.quantityOnHand);
        expect(row.quantityAvailable).toBe(0);
      }
      await expectLedgerMatchesQuantities(ctx);
    },
  );
});
