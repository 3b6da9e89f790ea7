import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';
import { emptyStock, newLocation, placeUnits, release } from './support/waves';

/**
 * Concurrent releases on PostgreSQL: 8 releases at once over the same 200 orders put each order in
 * exactly one wave, never allocate a unit twice, and allocate every released order's lines in full; a move racing
 * an allocation never takes allocated units.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const rows = async (query: ReturnType<typeof sql>) =>
  ((await ctx.handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('release races (PostgreSQL)', () => {
  it.skipIf(!isRealPostgres())(
    '8 concurrent releases over the same 200 orders: each order in one wave, Σ allocated ≤ quantity, lines allocated',
    async () => {
      const { world } = ctx;
      const warehouseId = world.warehouses.alpha;
      const accountId = world.accounts.clientActive;
      const products = [];
      for (let i = 0; i < 3; i++) {
        const stock = await emptyStock(ctx, accountId, warehouseId);
        for (let j = 0; j < 2; j++) {
          const pick = await newLocation(ctx, warehouseId, { type: j === 0 ? 'pick' : 'storage' });
          await placeUnits(ctx, stock.inventoryId, pick.id, 250);
        }
        products.push(stock);
      }
      const orderIds: number[] = [];
      for (let i = 0; i < 200; i++) {
        const order = await createOrder(ctx, {
          accountId,
          warehouseId,
          lines: [
            { productId: products[i % 3]!.productId, quantity: 1 + (i % 3) },
            { productId: products[(i + 1) % 3]!.productId, quantity: 1 },
          ],
        });
        orderIds.push(order.id);
      }
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          i % 2 === 0
            ? release(ctx, { warehouse_id: warehouseId, order_ids: orderIds.slice(i * 10, i * 10 + 60) }, 'admin')
            : release(ctx, { warehouse_id: warehouseId, account_ids: [accountId], limit: 60 }, 'manager'),
        ),
      );
      for (const answer of answers) expect([201, 422], answer.body).toContain(answer.statusCode);
      expect(answers.some((a) => a.statusCode === 201)).toBe(true);
      const twice = await rows(sql`select order_id from wave_orders where state in ('in_wave', 'picked')
        group by order_id having count(*) > 1`);
      expect(twice).toEqual([]);
      const over = await rows(sql`select id from location_stock where quantity_allocated > quantity`);
      expect(over).toEqual([]);
      // Every released order's lines allocated in full (pick_task_orders per line = the line's quantity).
      const unequal = await rows(sql`select oi.id from order_items oi
        join wave_orders wo on wo.order_id = oi.order_id and wo.state = 'in_wave'
        left join (select pto.order_item_id, sum(pto.quantity) as q from pick_task_orders pto
          join pick_tasks t on t.id = pto.task_id where t.kind = 'pick' and t.status = 'open' group by 1) a
          on a.order_item_id = oi.id
        where coalesce(a.q, 0) <> oi.quantity`);
      expect(unequal).toEqual([]);
    },
    120_000,
  );

  it.skipIf(!isRealPostgres())(
    'a move racing an allocation never takes allocated units',
    async () => {
      const { world } = ctx;
      const warehouseId = world.warehouses.alpha;
      const accountId = world.accounts.neighbourActive;
      const stock = await emptyStock(ctx, accountId, warehouseId);
      const pick = await newLocation(ctx, warehouseId, { type: 'pick' });
      const to = await newLocation(ctx, warehouseId, { type: 'storage' });
      await placeUnits(ctx, stock.inventoryId, pick.id, 10);
      const orders = [];
      for (let i = 0; i < 5; i++) {
        orders.push(
          await createOrder(ctx, { accountId, warehouseId, lines: [{ productId: stock.productId, quantity: 2 }] }),
        );
      }
      const [released, moved] = await Promise.all([
        release(ctx, { warehouse_id: warehouseId, order_ids: orders.map((o) => o.id) }, 'admin'),
        ctx.as('manager', {
          method: 'POST',
          url: `/api/inventories/${stock.inventoryId}/moves`,
          payload: { from_location_id: pick.id, to_location_id: to.id, quantity: 6 },
        }),
      ]);
      const [place] = await rows(sql`select quantity, quantity_allocated from location_stock
        where inventory_id = ${stock.inventoryId} and location_id = ${pick.id}`);
      const quantity = Number(place?.quantity ?? 0);
      const allocated = Number(place?.quantity_allocated ?? 0);
      expect(allocated).toBeLessThanOrEqual(quantity);
      // Either the release came first (all 10 allocated at the pick face, the move refused) or the move did (6 units
      // moved unallocated; the release then allocates the 4 left there and 6 where they went).
      expect(released.statusCode, released.body).toBe(201);
      if (moved.statusCode === 409) {
        expect([quantity, allocated]).toEqual([10, 10]);
      } else {
        expect(moved.statusCode, moved.body).toBe(200);
        expect([quantity, allocated]).toEqual([4, 4]);
      }
    },
    60_000,
  );
});
