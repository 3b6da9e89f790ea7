import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderWithStock } from './support/orders';
import { outboxInvariantBreaches } from './support/outbox-invariants';
import { createTestContext, type TestContext } from './support/test-app';

// The recount itself: quiet on changes made through the services, loud on a change whose event went missing.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.skipStockInvariants();
});
afterAll(() => ctx.close());

it('finds nothing after real changes, and names the order and the inventory row whose events are missing', async () => {
  const { accounts, warehouses } = ctx.world;
  const order = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
  const verify = await ctx.as('admin', { method: 'GET', url: `/api/orders/${order.id}` });
  expect(verify.statusCode).toBe(200);
  expect(await outboxInvariantBreaches(ctx.handle.db)).toEqual({ orderStatus: [], inventory: [] });

  // A status change recorded without its outbox row, and a reservation whose newest event reports old quantities.
  await ctx.handle.db.execute(sql`
    insert into activity (action, kind, subject_type, subject_id, description, warehouse_ids, account_ids, properties)
    values ('status_changed', 'order.status_changed', 'order', ${order.id}, 'x', array[${warehouses.alpha}]::int[],
      array[${accounts.clientActive}]::int[], '{}'::jsonb)`);
  await ctx.handle.db.execute(
    sql`delete from webhook_events where type = 'inventory.changed' and (payload->>'inventory_id')::int = ${order.inventoryId}
      and id = (select max(id) from webhook_events where (payload->>'inventory_id')::int = ${order.inventoryId})`,
  );
  const breaches = await outboxInvariantBreaches(ctx.handle.db);
  expect(breaches.orderStatus).toEqual([{ order_id: order.id, activity: 1, outbox: 0 }]);
  expect(breaches.inventory.map((row) => row.id)).toEqual([order.inventoryId]);
});
