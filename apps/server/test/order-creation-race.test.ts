import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, inventoryMovements } from '../src/db/schema/inventory';
import { orderItems } from '../src/db/schema/orders';
import { expectOrderCountersMatchRecount } from './support/order-counters';
import { bulkCreate, orderInput, stockedProduct } from './support/order-creation';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('oversell race (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    'many concurrent bulk creates for the last units never reserve more than on hand; ledger sums equal quantities',
    async () => {
      const { world } = ctx;
      const a = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
      const b = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 7);
      // Half the requests list the products in the other order: row locks in id order keep them deadlock-free.
      const responses = await Promise.all(
        Array.from({ length: 24 }, (_, i) => {
          const lines =
            i % 2 === 0
              ? [
                  { product_id: a.id, quantity: 2 },
                  { product_id: b.id, quantity: 1 },
                ]
              : [
                  { product_id: b.id, quantity: 1 },
                  { product_id: a.id, quantity: 2 },
                ];
          const actor = i % 3 === 0 ? 'manager' : 'client';
          return bulkCreate(ctx, actor, world.warehouses.alpha, [orderInput(world.accounts.clientActive, lines)]);
        }),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 201));
      const ids = [a.inventoryId!, b.inventoryId!];
      const rows = await ctx.handle.db.select().from(inventories).where(inArray(inventories.id, ids));
      for (const row of rows) {
        expect(row.quantityReserved).toBe(row.quantityOnHand); // every last unit reserved, never more
        const [ledger] = await ctx.handle.db
          .select({
            onHand: sql<number>`coalesce(sum(${inventoryMovements.onHandDelta}), 0)::int`,
            reserved: sql<number>`coalesce(sum(${inventoryMovements.reservedDelta}), 0)::int`,
          })
          .from(inventoryMovements)
          .where(eq(inventoryMovements.inventoryId, row.id));
        expect(ledger).toEqual({ onHand: row.quantityOnHand, reserved: row.quantityReserved });
        const [lines] = await ctx.handle.db
          .select({ reserved: sql<number>`coalesce(sum(${orderItems.quantityReserved}), 0)::int` })
          .from(orderItems)
          .where(eq(orderItems.inventoryId, row.id));
        expect(lines!.reserved).toBe(row.quantityReserved);
      }
      const backordered = responses.flatMap((r) => r.json().backorder_items);
      const ordered = 24 * 3;
      const reserved = rows.reduce((sum, r) => sum + r.quantityReserved, 0);
      expect(
        backordered.reduce((sum: number, item: { quantity_backordered: number }) => sum + item.quantity_backordered, 0),
      ).toBe(ordered - reserved);
    },
  );
});

describe('dashboard order counters under concurrent writes', () => {
  it('equal a recount of the orders and lines after the races above', async () => {
    await expectOrderCountersMatchRecount(ctx.handle.db);
  });
});
