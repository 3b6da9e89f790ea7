import { ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../src/db/schema/activity';
import { inventories, inventoryMovements } from '../src/db/schema/inventory';
import { orderItems, orders } from '../src/db/schema/orders';
import { shippers } from '../src/db/schema/shippers';
import { expectOrderCountersMatchRecount } from './support/order-counters';
import { bulkCreate, createOrdersOk, orderInput, stockedProduct, uniqueOrderId } from './support/order-creation';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const balance = async (id: number) => {
  const [row] = await ctx.handle.db.select().from(inventories).where(eq(inventories.id, id));
  return row!;
};

describe('POST /orders/bulk', () => {
  it('creates every order with a readable number, the pending status and reservations of min(quantity, available)', async () => {
    const { world } = ctx;
    const plenty = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 20);
    const scarce = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 3);
    const body = await createOrdersOk(ctx, 'client', world.warehouses.alpha, [
      orderInput(world.accounts.clientActive, [
        { product_id: plenty.id, quantity: 4 },
        { product_id: scarce.id, quantity: 5 },
      ]),
      orderInput(world.accounts.clientActive, [{ product_id: plenty.id, quantity: 2 }]),
    ]);
    expect(body.message).toBe('Successfully created 2 orders');
    expect(body.data).toHaveLength(2);
    expect(body.data[0].order_number).toMatch(/^ORD-\d{6}$/);
    expect(body.data[0]).toMatchObject({ status: 'Pending', items_count: 2, total_quantity: 9, total_reserved: 7 });
    expect(body.backorder_items).toEqual([
      expect.objectContaining({
        order_number: body.data[0].order_number,
        sku: scarce.sku,
        quantity_ordered: 5,
        quantity_reserved: 3,
        quantity_backordered: 2,
      }),
    ]);
    expect(body.inventory_warnings[0]).toMatchObject({ sku: scarce.sku, available: 3, requested: 5 });
    expect((await balance(plenty.inventoryId!)).quantityReserved).toBe(6);
    expect((await balance(scarce.inventoryId!)).quantityReserved).toBe(3);
    const moves = await ctx.handle.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.inventoryId, scarce.inventoryId!));
    expect(moves.filter((m) => m.type === 'reserve')).toEqual([
      expect.objectContaining({ reservedDelta: 3, referenceType: 'order', referenceId: body.data[0].id }),
    ]);
    const events = await ctx.handle.db.select().from(activity).where(eq(activity.kind, 'order.created'));
    expect(events.map((e) => e.subjectId)).toEqual(expect.arrayContaining(body.data.map((o: { id: number }) => o.id)));
  });

  it('merges duplicate product lines into one line and reports a product without stock as backorder', async () => {
    const { world } = ctx;
    const product = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const unstocked = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, null);
    const body = await createOrdersOk(ctx, 'admin', world.warehouses.alpha, [
      orderInput(world.accounts.clientActive, [
        { product_id: product.id, quantity: 2 },
        { product_id: product.id, quantity: 3 },
        { product_id: unstocked.id, quantity: 1 },
      ]),
    ]);
    const items = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, body.data[0].id));
    expect(items.map((i) => [i.productId, i.quantity, i.quantityReserved]).sort()).toEqual(
      [
        [product.id, 5, 5],
        [unstocked.id, 1, 0],
      ].sort(),
    );
    expect(body.backorder_items).toEqual([expect.objectContaining({ sku: unstocked.sku, quantity_backordered: 1 })]);
    expect(body.inventory_warnings[0].message).toContain(M.noInventory);
  });

  it('refuses bad input with field paths and the spec messages, writing nothing', async () => {
    const { world } = ctx;
    const before = await ctx.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const res = await bulkCreate(ctx, 'client', world.warehouses.alpha, [
      { account_id: world.accounts.clientActive, customer_name: ' ', ship_date: '', order_id: '', products: [] },
      orderInput(world.accounts.clientActive, [{ product_id: 1, quantity: 0 }], { ship_date: '2026-02-30' }),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'orders.0.customer_name': [M.customerNameRequired],
      'orders.0.order_id': [M.orderIdRequired],
      'orders.0.ship_date': [M.shipDateRequired],
      'orders.0.products': [M.productsRequired],
      'orders.1.products.0.quantity': [M.quantityInvalid],
      'orders.1.ship_date': [M.shipDateInvalid],
    });
    const empty = await bulkCreate(ctx, 'client', world.warehouses.alpha, []);
    expect(empty.json().errors.orders).toEqual([M.productsRequired]);
    const noWarehouse = await ctx.as('client', {
      method: 'POST',
      url: '/api/orders/bulk',
      payload: { orders: [orderInput(world.accounts.clientActive, [{ product_id: 1, quantity: 1 }])] },
    });
    expect(noWarehouse.json().errors).toEqual({ 'orders.0.warehouse_id': [M.warehouseRequired] });
    const after = await ctx.handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after).toEqual(before);
  });

  it('refuses text PostgreSQL cannot store (NUL, lone surrogates) with a 422, not a server error', async () => {
    const { world } = ctx;
    const res = await bulkCreate(ctx, 'client', world.warehouses.alpha, [
      orderInput(world.accounts.clientActive, [{ product_id: 1, quantity: 1 }], {
        customer_name: 'Ann\u0000',
        notes: 'x\uD800y',
      }),
    ]);
    expect(res.statusCode).toBe(422);
    // (A lone surrogate may already be refused or replaced by the JSON body handling; either way no 500.)
    expect(res.json().errors['orders.0.customer_name']).toBeDefined();
  });

  it('refuses products of another account, an inactive shipper and an inactive account, all at once', async () => {
    const { world } = ctx;
    const mine = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 5);
    const neighbours = await stockedProduct(ctx, world.accounts.neighbourActive, world.warehouses.alpha, 5);
    const [shipper] = await ctx.handle.db
      .insert(shippers)
      .values({ name: 'Old Post', code: 'OLDP', isActive: false })
      .returning();
    const res = await bulkCreate(ctx, 'client', world.warehouses.alpha, [
      orderInput(
        world.accounts.clientActive,
        [
          { product_id: mine.id, quantity: 1 },
          { product_id: neighbours.id, quantity: 1 },
        ],
        { shipper_id: shipper!.id },
      ),
      orderInput(world.accounts.clientInactive, [{ product_id: mine.id, quantity: 1 }]),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'orders.0.products.1.product_id': [M.productNotOfAccount],
      'orders.0.shipper_id': [M.shipperUnavailable],
      'orders.1.account_id': [M.accountInactive],
      'orders.1.products.0.product_id': [M.productNotOfAccount],
    });
    expect((await balance(mine.inventoryId!)).quantityReserved).toBe(0);
  });

  it('keeps the external order id unique per account: a retried submit and a repeat within one request are refused', async () => {
    const { world } = ctx;
    const product = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 50);
    const first = orderInput(world.accounts.clientActive, [{ product_id: product.id, quantity: 1 }]);
    await createOrdersOk(ctx, 'client', world.warehouses.alpha, [first]);
    const retry = await bulkCreate(ctx, 'client', world.warehouses.alpha, [first]);
    expect(retry.statusCode).toBe(422);
    expect(retry.json().errors).toEqual({ 'orders.0.order_id': [M.orderIdTaken] });
    const twice = orderInput(world.accounts.clientActive, [{ product_id: product.id, quantity: 1 }]);
    const repeated = await bulkCreate(ctx, 'client', world.warehouses.alpha, [twice, twice]);
    expect(repeated.json().errors).toEqual({ 'orders.1.order_id': [M.orderIdRepeated] });
    // Another account may use the same external id.
    const other = await stockedProduct(ctx, world.accounts.neighbourActive, world.warehouses.alpha, 5);
    await createOrdersOk(ctx, 'neighbourClient', world.warehouses.alpha, [
      { ...first, account_id: world.accounts.neighbourActive, products: [{ product_id: other.id, quantity: 1 }] },
    ]);
    expect((await balance(product.inventoryId!)).quantityReserved).toBe(1);
  });

  it('answers 404 for a real account or warehouse of someone else', async () => {
    const { world } = ctx;
    const neighbours = await stockedProduct(ctx, world.accounts.neighbourActive, world.warehouses.alpha, 5);
    const foreign = orderInput(world.accounts.neighbourActive, [{ product_id: neighbours.id, quantity: 1 }]);
    expect((await bulkCreate(ctx, 'client', world.warehouses.alpha, [foreign])).statusCode).toBe(404);
    expect((await bulkCreate(ctx, 'otherManager', world.warehouses.alpha, [foreign])).statusCode).toBe(404);
    expect((await bulkCreate(ctx, 'otherManager', world.warehouses.beta, [foreign])).statusCode).toBe(404);
    const own = orderInput(world.accounts.clientActive, [{ product_id: 1, quantity: 1 }]);
    expect((await bulkCreate(ctx, 'client', world.warehouses.beta, [own])).statusCode).toBe(404);
    expect((await bulkCreate(ctx, 'manager', world.warehouses.alpha, [foreign])).statusCode).toBe(201);
  });
});

describe('GET /orders/available-inventory and /orders/shippers', () => {
  it('lists the account products matching the search with the warehouse availability and status', async () => {
    const { world } = ctx;
    const name = `Lantern ${uniqueOrderId()}`;
    const lantern = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 4, { name });
    const res = await ctx.as('client', {
      method: 'GET',
      url: `/api/orders/available-inventory?search=${encodeURIComponent(name)}&account_id=${world.accounts.clientActive}&warehouse_id=${world.warehouses.alpha}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        product_id: lantern.id,
        sku: lantern.sku,
        quantity_available: 4,
        inventory_status: 'low_stock',
        status_color: 'warning',
        warehouse_name: 'Alpha Warehouse',
      }),
    ]);
    const foreign = await ctx.as('client', {
      method: 'GET',
      url: `/api/orders/available-inventory?account_id=${world.accounts.neighbourActive}`,
    });
    expect(foreign.statusCode).toBe(404);
    const otherWarehouse = await ctx.as('otherManager', {
      method: 'GET',
      url: `/api/orders/available-inventory?warehouse_id=${world.warehouses.alpha}`,
    });
    expect(otherWarehouse.statusCode).toBe(404);
  });

  it('lists only active shippers', async () => {
    await ctx.handle.db.insert(shippers).values([
      { name: 'Active Air', code: 'ACTA', isActive: true },
      { name: 'Gone Ground', code: 'GONE', isActive: false },
    ]);
    const res = await ctx.as('client', { method: 'GET', url: '/api/orders/shippers' });
    const names = res.json().data.map((s: { name: string }) => s.name);
    expect(names).toContain('Active Air');
    expect(names).not.toContain('Gone Ground');
  });
});

describe('dashboard order counters', () => {
  it('equal a recount of the orders and lines after every change above (triggers on orders and order_items)', async () => {
    await expectOrderCountersMatchRecount(ctx.handle.db);
  });
});
