import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, inventoryMovements } from '../src/db/schema/inventory';
import { orderItems, orders } from '../src/db/schema/orders';
import { createProduct } from '../test/support/catalogue';
import { orderInput, stockedProduct, uniqueOrderId } from '../test/support/order-creation';
import { expectLedgerMatchesQuantities, inventoryOf, movementsOf, orderWithStock } from '../test/support/orders';
import type { TestContext } from '../test/support/test-app';
import { isRealPostgres } from '../test/support/test-database';
import { seedWorld, WORLD_PASSWORD, type World } from '../test/support/world';
import { createPostgresDatabase } from './support/database';
import { httpContext, request } from './support/http-context';
import { type ServerProcess, startServer } from './support/server-process';

// The scale-out the README promises: two API processes, one PostgreSQL. Every race sends its requests alternately
// to both processes, so the only thing that can serialise them is the database.
describe.skipIf(!isRealPostgres())('two API processes against one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let world: World;
  let servers: ServerProcess[] = [];
  let ctx: TestContext;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    world = await seedWorld(database.handle.db);
    // Both start at once, as a deployment would: migrations and reference data must tolerate it.
    servers = await Promise.all([
      startServer({ DATABASE_URL: database.url }),
      startServer({ DATABASE_URL: database.url }),
    ]);
    ctx = httpContext(servers[0]!.base, database.handle, world);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  /** `count` copies of one request, alternating between the two processes, all in flight together. */
  const race = (count: number, options: Parameters<typeof request>[3], actor: 'manager' | 'admin' = 'manager') =>
    Promise.all(Array.from({ length: count }, (_, i) => request(servers[i % 2]!.base, world, actor, options)));

  async function verifyItemsThroughApi(orderId: number) {
    const items = await database.handle.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    for (const [i, item] of items.entries()) {
      const answer = await request(servers[i % 2]!.base, world, 'manager', {
        method: 'POST',
        url: `/api/orders/${orderId}/items/${item.id}/verify`,
        payload: { verified: true },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
  }

  it('ships an order once when both processes receive 10 ship requests for it at the same time', async () => {
    const order = await orderWithStock(ctx, world.accounts.clientActive, world.warehouses.alpha, {
      onHand: 10,
      quantity: 4,
    });
    await verifyItemsThroughApi(order.id);
    const answers = await race(10, {
      method: 'POST',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'shipped' },
    });
    expect(
      answers.every((a) => a.statusCode === 200 || a.statusCode === 409),
      answers.map((a) => a.body).join('\n'),
    ).toBe(true);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 6, reserved: 0 });
    expect(await movementsOf(ctx, order.id, 'ship')).toHaveLength(1);
    await expectLedgerMatchesQuantities(ctx);
  });

  it('receives an inbound shipment once when both processes verify it 10 times at the same time', async () => {
    const product = await createProduct(ctx, world.accounts.clientActive);
    const announced = await request(servers[1]!.base, world, 'client', {
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: world.accounts.clientActive,
        warehouse_id: world.warehouses.alpha,
        product_id: product.id,
        quantity: 12,
        tracking_number: '1Z999AA10123456784',
        carrier: 'UPS',
        delivery_date: '2026-12-01',
      },
    });
    expect(announced.statusCode, announced.body).toBe(201);
    const shipmentId = (announced.json() as { data: { id: number } }).data.id;

    const answers = await race(10, { method: 'POST', url: `/api/shipments/${shipmentId}/verify`, payload: {} });
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || (a.statusCode >= 400 && a.statusCode < 500))).toBe(true);

    const receipts = await database.handle.db
      .select()
      .from(inventoryMovements)
      .where(and(eq(inventoryMovements.referenceType, 'shipment'), eq(inventoryMovements.referenceId, shipmentId)));
    expect(receipts).toHaveLength(1);
    const rows = await database.handle.db
      .select({ onHand: inventories.quantityOnHand })
      .from(inventories)
      .where(eq(inventories.productId, product.id));
    expect(rows).toEqual([{ onHand: 12 }]);
    await expectLedgerMatchesQuantities(ctx);
  });

  it('keeps the row exact when 16 adjustments and a ship of it race across both processes', async () => {
    const order = await orderWithStock(ctx, world.accounts.clientActive, world.warehouses.alpha, {
      onHand: 50,
      quantity: 10,
    });
    await verifyItemsThroughApi(order.id);
    // 16 × −4 = −64 against 50 on hand: some adjustments must be refused, and none may take the row below zero.
    const adjust = { method: 'POST', url: `/api/inventories/${order.inventoryId}/adjust` };
    const requests = Array.from({ length: 16 }, (_, i) =>
      request(servers[i % 2]!.base, world, 'manager', {
        ...adjust,
        payload: { type: 'on_hand', quantity_change: -4, reason: `race ${i}` },
      }),
    );
    requests.splice(
      8,
      0,
      request(servers[1]!.base, world, 'manager', {
        method: 'POST',
        url: `/api/orders/${order.id}/status`,
        payload: { status: 'shipped' },
      }),
    );
    const answers = await Promise.all(requests);
    expect(
      answers.every((a) => [200, 409, 422].includes(a.statusCode)),
      answers.map((a) => a.body).join('\n'),
    ).toBe(true);

    const adjusted = answers.filter((a, i) => i !== 8 && a.statusCode === 200).length;
    const shipped = (await movementsOf(ctx, order.id, 'ship')).length;
    expect(shipped).toBe(answers[8]!.statusCode === 200 ? 1 : 0);
    const balance = await inventoryOf(ctx, order.inventoryId);
    expect(balance.onHand).toBeGreaterThanOrEqual(0);
    expect(balance.reserved).toBeGreaterThanOrEqual(0);
    expect(balance.onHand).toBe(50 - 4 * adjusted - 10 * shipped);
    const [{ count }] = (
      (await database.handle.db.execute(
        sql`select count(*)::int as count from ${inventoryMovements}
            where ${inventoryMovements.inventoryId} = ${order.inventoryId} and ${inventoryMovements.type} = 'adjustment'`,
      )) as unknown as { rows: [{ count: number }] }
    ).rows;
    expect(count).toBe(adjusted);
    await expectLedgerMatchesQuantities(ctx);
  });

  /** POST /orders/bulk of these orders in alpha, alternating between the processes and the actors who may create. */
  const createRace = (bodies: unknown[][]) =>
    Promise.all(
      bodies.map((orderList, i) =>
        request(servers[i % 2]!.base, world, (['manager', 'client', 'admin'] as const)[i % 3]!, {
          method: 'POST',
          url: '/api/orders/bulk',
          payload: { warehouse_id: world.warehouses.alpha, orders: orderList },
        }),
      ),
    );
  type Created = {
    data: { id: number; total_quantity: number; total_reserved: number }[];
    backorder_items: { quantity_reserved: number; quantity_backordered: number }[];
  };

  it('reserves exactly the 7 units left when 20 orders of 1 unit race for them across both processes', async () => {
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 7);
    const line = [{ product_id: stock.id, quantity: 1 }];
    const answers = await createRace(
      Array.from({ length: 20 }, () => [
        orderInput(world.accounts.clientActive, line, { order_id: uniqueOrderId('RACE') }),
      ]),
    );
    // Every order is created (a shortfall is a backorder, not a refusal), and none fails.
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body).join('\n'),
    ).toEqual(answers.map(() => 201));
    const created = answers.map((a) => a.json() as Created);
    const reservedPerOrder = created.map((c) => c.data[0]!.total_reserved);
    expect(reservedPerOrder.every((r) => r === 0 || r === 1)).toBe(true);
    expect(reservedPerOrder.reduce((a, b) => a + b, 0)).toBe(7);
    // The 13 orders that came too late report their unit on backorder.
    const backordered = created.flatMap((c) => c.backorder_items);
    expect(backordered).toHaveLength(13);
    expect(backordered.every((b) => b.quantity_reserved === 0 && b.quantity_backordered === 1)).toBe(true);

    expect(await inventoryOf(ctx, stock.inventoryId!)).toEqual({ onHand: 7, reserved: 7 });
    const [{ reserved, reservations }] = (
      (await database.handle.db.execute(
        sql`select coalesce(sum(${orderItems.quantityReserved}), 0)::int as reserved,
              (select count(*)::int from ${inventoryMovements}
               where ${inventoryMovements.inventoryId} = ${stock.inventoryId} and ${inventoryMovements.type} = 'reserve')
                as reservations
            from ${orderItems} where ${orderItems.inventoryId} = ${stock.inventoryId}`,
      )) as unknown as { rows: [{ reserved: number; reservations: number }] }
    ).rows;
    expect({ reserved, reservations }).toEqual({ reserved: 7, reservations: 7 });
    await expectLedgerMatchesQuantities(ctx);
  });

  it('creates one order when the same order (same external order id) is submitted 6 times across both processes', async () => {
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const order = orderInput(world.accounts.clientActive, [{ product_id: stock.id, quantity: 3 }], {
      order_id: uniqueOrderId('DOUBLE'),
    });
    const answers = await createRace(Array.from({ length: 6 }, () => [order]));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    // The others are told the order id is taken (the field of the 422), whichever check caught them.
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(Object.keys((answer.json() as { errors: object }).errors)).toEqual(['orders.0.order_id']);
    }
    const stored = await database.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.accountId, world.accounts.clientActive), eq(orders.externalOrderId, order.order_id)));
    expect(stored).toHaveLength(1);
    expect(await inventoryOf(ctx, stock.inventoryId!)).toEqual({ onHand: 10, reserved: 3 });
    expect(await movementsOf(ctx, stored[0]!.id, 'reserve')).toHaveLength(1);
    await expectLedgerMatchesQuantities(ctx);
  });

  it('answers 6 submissions with one Idempotency-Key across both processes with the first answer: one order', async () => {
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const order = orderInput(world.accounts.clientActive, [{ product_id: stock.id, quantity: 2 }], {
      order_id: uniqueOrderId('IDEM'),
    });
    const answers = await race(
      6,
      {
        method: 'POST',
        url: '/api/orders/bulk',
        payload: { warehouse_id: world.warehouses.alpha, orders: [order] },
        headers: { 'idempotency-key': `two-processes-${order.order_id}` },
      },
      'admin',
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    const stored = await database.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.accountId, world.accounts.clientActive), eq(orders.externalOrderId, order.order_id)));
    expect(stored).toHaveLength(1);
    expect(await inventoryOf(ctx, stock.inventoryId!)).toEqual({ onHand: 10, reserved: 2 });
    await expectLedgerMatchesQuantities(ctx);
  });

  it('refuses an API key on the other process as soon as it is revoked on one', async () => {
    const created = await request(servers[0]!.base, world, 'client', {
      method: 'POST',
      url: '/api/api-keys',
      payload: {
        name: 'Two processes',
        permissions: ['view products'],
        account_id: world.accounts.clientActive,
        current_password: WORLD_PASSWORD,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret, data } = created.json() as { secret: string; data: { id: number } };
    const useOn = (server: ServerProcess) =>
      request(server.base, world, null, {
        method: 'GET',
        url: '/api/products',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await useOn(servers[1]!)).statusCode).toBe(200);
    const revoked = await request(servers[0]!.base, world, 'client', {
      method: 'DELETE',
      url: `/api/api-keys/${data.id}`,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await useOn(servers[1]!)).statusCode).toBe(401);
    expect((await useOn(servers[0]!)).statusCode).toBe(401);
  });
});
