import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, inventoryMovements } from '../src/db/schema/inventory';
import { orderItems, orders } from '../src/db/schema/orders';
import { createInventory, createProduct } from './support/catalogue';
import { MemoryFileStorage } from './support/memory-storage';
import { createOrder, expectLedgerMatchesQuantities, inventoryOf, stockedProduct } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';
import type { Actor } from './support/world';

/*
 * Stock that arrives — an inbound shipment verified, an adjustment or edit up, an order cancelled,
 * deleted or lowered — fills the short lines of open orders of that account, warehouse and product, oldest order
 * first, in the same transaction, through the ledger.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: new MemoryFileStorage() });
});
afterAll(() => ctx.close());

const alpha = () => ctx.world.warehouses.alpha;
const cleo = () => ctx.world.accounts.clientActive;

/** An order of `quantity` units of one product in Alpha for Cleo's account. */
const orderOf = (productId: number, quantity: number, accountId = cleo()) =>
  createOrder(ctx, { accountId, warehouseId: alpha(), lines: [{ productId, quantity }] });

/** What the order detail shows: units short per line and in total, and its timeline. */
async function detail(orderId: number, actor: Actor = 'admin') {
  const res = await ctx.as(actor, { method: 'GET', url: `/api/orders/${orderId}` });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as {
    short_items_count: number;
    order_items: { quantity_reserved: number; quantity_short: number }[];
    timeline: { kind: string; title: string; description: string }[];
  };
  return {
    reserved: data.order_items[0]!.quantity_reserved,
    short: data.order_items[0]!.quantity_short,
    orderShort: data.short_items_count,
    timeline: data.timeline,
  };
}

/** Fill movements (reserve, reason "Backorder filled") that reference an order. */
async function fillMovementsOf(orderId: number) {
  return ctx.handle.db
    .select({ inventoryId: inventoryMovements.inventoryId, reserved: inventoryMovements.reservedDelta })
    .from(inventoryMovements)
    .where(
      sql`${inventoryMovements.referenceType} = 'order' and ${inventoryMovements.referenceId} = ${orderId}
        and ${inventoryMovements.type} = 'reserve' and ${inventoryMovements.reason} = 'Backorder filled'`,
    );
}

/**
 * Every invariant a fill touches: quantities equal the ledger's sums (DESIGN §6), each row's reserved units are
 * exactly what the lines of its open orders hold (no unit reserved twice, none lost), and no open order waits for
 * stock that is available.
 */
async function expectStockConsistent() {
  await expectLedgerMatchesQuantities(ctx);
  const drift = (await ctx.handle.db.execute(sql`
    select i.id from ${inventories} i
    left join (select oi.inventory_id, sum(oi.quantity_reserved) as held from ${orderItems} oi
      join ${orders} o on o.id = oi.order_id where o.lifecycle = 'open' group by oi.inventory_id) h
      on h.inventory_id = i.id
    where i.quantity_reserved <> coalesce(h.held, 0)`)) as unknown as { rows: unknown[] };
  expect(drift.rows).toEqual([]);
  // While an open order is short of a product, none of it is available for new orders.
  const waiting = (await ctx.handle.db.execute(sql`
    select oi.id from ${orderItems} oi join ${orders} o on o.id = oi.order_id
    join ${inventories} i on i.product_id = oi.product_id and i.warehouse_id = o.warehouse_id
      and i.account_id = o.account_id
    where o.lifecycle = 'open' and oi.quantity_reserved < oi.quantity and i.quantity_available > 0`)) as unknown as {
    rows: unknown[];
  };
  expect(waiting.rows).toEqual([]);
}

const adjust = (inventoryId: number, change: number, type: 'on_hand' | 'reserved' = 'on_hand') =>
  ctx.as('manager', {
    method: 'POST',
    url: `/api/inventories/${inventoryId}/adjust`,
    payload: { type, quantity_change: change, reason: 'Cycle count' },
  });

describe('backorders are filled when stock arrives', () => {
  it('an inbound shipment verified fills the order that was 5 short, in the same request', async () => {
    const stock = await stockedProduct(ctx, cleo(), alpha(), 3);
    const order = await orderOf(stock.productId, 8);
    expect(await detail(order.id)).toMatchObject({ reserved: 3, short: 5, orderShort: 5 });

    const announced = await ctx.as('client', {
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: cleo(),
        warehouse_id: alpha(),
        product_id: stock.productId,
        quantity: 20,
        tracking_number: null,
        carrier: null,
        delivery_date: '2026-12-01',
        notes: null,
      },
    });
    expect(announced.statusCode, announced.body).toBe(201);
    const verified = await ctx.as('manager', {
      method: 'POST',
      url: `/api/shipments/${announced.json().data.id}/verify`,
      payload: { notes: null },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    const after = await detail(order.id, 'client');
    expect(after).toMatchObject({ reserved: 8, short: 0, orderShort: 0 });
    expect(after.timeline[0]).toMatchObject({
      kind: 'order.backorder_filled',
      title: `Backorder of ${order.orderNumber} filled`,
      description: `5 units of ${stock.sku} reserved from new stock by Max Manager`,
    });
    // 3 + 20 on hand, 8 reserved: 15 available for new orders, not 20.
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 23, reserved: 8 });
    expect(await fillMovementsOf(order.id)).toEqual([{ inventoryId: stock.inventoryId, reserved: 5 }]);
    await expectStockConsistent();
  });

  it('a shipment of a product never stocked here creates the row and fills the orders placed before', async () => {
    const product = await createProduct(ctx, cleo());
    const order = await orderOf(product.id, 4);
    expect(await detail(order.id)).toMatchObject({ reserved: 0, short: 4 });
    const announced = await ctx.as('client', {
      method: 'POST',
      url: '/api/shipments',
      payload: {
        account_id: cleo(),
        warehouse_id: alpha(),
        product_id: product.id,
        quantity: 10,
        delivery_date: '2026-12-01',
      },
    });
    expect(announced.statusCode, announced.body).toBe(201);
    const id = announced.json().data.id;
    expect(
      (await ctx.as('manager', { method: 'POST', url: `/api/shipments/${id}/verify`, payload: {} })).statusCode,
    ).toBe(200);
    expect(await detail(order.id)).toMatchObject({ reserved: 4, short: 0 });
    const [line] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line!.inventoryId).not.toBeNull();
    expect(await inventoryOf(ctx, line!.inventoryId!)).toEqual({ onHand: 10, reserved: 4 });
    await expectStockConsistent();
  });

  it('an adjustment up serves the oldest order first and fills partly when stock is limited', async () => {
    const stock = await stockedProduct(ctx, cleo(), alpha(), 0);
    const first = await orderOf(stock.productId, 3);
    const second = await orderOf(stock.productId, 3);
    const third = await orderOf(stock.productId, 3);
    // Oldest means placed first (created_at), whatever the id says: the second order is backdated to yesterday.
    await ctx.handle.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(orders.id, second.id));

    const res = await adjust(stock.inventoryId, 5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ quantity_on_hand: 5, quantity_reserved: 5, quantity_available: 0 });
    expect(await detail(second.id)).toMatchObject({ reserved: 3, short: 0 });
    const partly = await detail(first.id);
    expect(partly).toMatchObject({ reserved: 2, short: 1, orderShort: 1 });
    expect(partly.timeline[0]).toMatchObject({
      kind: 'order.backorder_filled',
      title: `Backorder of ${first.orderNumber} partly filled`,
      description: `2 units of ${stock.sku} reserved from new stock, 1 still short by Max Manager`,
    });
    expect(await detail(third.id)).toMatchObject({ reserved: 0, short: 3 });
    await expectStockConsistent();

    // The next arrival finishes the first order, then the third; the rest is available.
    expect((await adjust(stock.inventoryId, 6)).statusCode).toBe(200);
    expect(await detail(first.id)).toMatchObject({ reserved: 3, short: 0 });
    expect(await detail(third.id)).toMatchObject({ reserved: 3, short: 0 });
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 11, reserved: 9 });
    await expectStockConsistent();
  });

  it('an inventory edit that raises on hand fills', async () => {
    const stock = await stockedProduct(ctx, cleo(), alpha(), 2);
    const order = await orderOf(stock.productId, 6);
    const edited = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/inventories/${stock.inventoryId}`,
      payload: { quantity_on_hand: 5 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ quantity_on_hand: 5, quantity_reserved: 5, quantity_available: 0 });
    expect(await detail(order.id)).toMatchObject({ reserved: 5, short: 1 });
    await expectStockConsistent();
  });

  it('an inventory row created with stock fills orders placed before the product was stocked here', async () => {
    const product = await createProduct(ctx, cleo());
    const order = await orderOf(product.id, 2);
    const row = await createInventory(ctx, {
      productId: product.id,
      warehouseId: alpha(),
      accountId: cleo(),
      onHand: 7,
    });
    expect(await detail(order.id)).toMatchObject({ reserved: 2, short: 0 });
    expect(await inventoryOf(ctx, row.id)).toEqual({ onHand: 7, reserved: 2 });
    await expectStockConsistent();
  });

  it('cancelling an order gives its stock to the order waiting for it, not back to itself', async () => {
    const stock = await stockedProduct(ctx, cleo(), alpha(), 5);
    const holder = await orderOf(stock.productId, 5);
    const waiting = await orderOf(stock.productId, 4);
    expect(await detail(waiting.id)).toMatchObject({ reserved: 0, short: 4 });

    const cancelled = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${holder.id}/status`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await detail(holder.id)).toMatchObject({ reserved: 0, short: 0 });
    expect(await detail(waiting.id)).toMatchObject({ reserved: 4, short: 0 });
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 5, reserved: 4 });
    await expectStockConsistent();
  });

  it('deleting a pending order gives its stock to the order waiting for it', async () => {
    const stock = await stockedProduct(ctx, cleo(), alpha(), 3);
    const holder = await orderOf(stock.productId, 3);
    const waiting = await orderOf(stock.productId, 5);
    const deleted = await ctx.as('admin', { method: 'DELETE', url: `/api/orders/${holder.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await detail(waiting.id)).toMatchObject({ reserved: 3, short: 2 });
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 3, reserved: 3 });
    expect(await fillMovementsOf(waiting.id)).toEqual([{ inventoryId: stock.inventoryId, reserved: 3 }]);
    await expectStockConsistent();
  });

  it('lowering a quantity on another order gives the freed units to the order waiting for them', async () => {
    const stock = await stockedProduct(ctx, cleo(), alpha(), 6);
    const holder = await orderOf(stock.productId, 6);
    const waiting = await orderOf(stock.productId, 2);
    const [line] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, holder.id));
    const edited = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/orders/${holder.id}`,
      payload: { items: [{ id: line!.id, quantity: 3 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await detail(waiting.id)).toMatchObject({ reserved: 2, short: 0 });
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 6, reserved: 5 });
    await expectStockConsistent();
  });

  it("cancelled orders and other accounts' orders are not filled", async () => {
    const stock = await stockedProduct(ctx, cleo(), alpha(), 0);
    const cancelledOrder = await orderOf(stock.productId, 2);
    const res = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${cancelledOrder.id}/status`,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The neighbour in the same warehouse waits for their own product, not for Cleo's.
    const neighbours = await stockedProduct(ctx, ctx.world.accounts.neighbourActive, alpha(), 0);
    const neighbourOrder = await orderOf(neighbours.productId, 2, ctx.world.accounts.neighbourActive);

    expect((await adjust(stock.inventoryId, 4)).statusCode).toBe(200);
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 4, reserved: 0 });
    expect(await fillMovementsOf(cancelledOrder.id)).toEqual([]);
    expect(await detail(neighbourOrder.id)).toMatchObject({ reserved: 0, short: 2 });
    await expectStockConsistent();
  });
});

describe('GET /api/orders/with-merge-items?short=', () => {
  const listed = async (actor: Actor, query: string) => {
    const res = await ctx.as(actor, { method: 'GET', url: `/api/orders/with-merge-items?per_page=100&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; short_items_count: number }[];
  };

  it('lists only open orders still short, within the caller scope (two clients in one warehouse)', async () => {
    const mine = await stockedProduct(ctx, cleo(), alpha(), 1);
    const myShort = await orderOf(mine.productId, 4);
    const neighbours = await stockedProduct(ctx, ctx.world.accounts.neighbourActive, alpha(), 0);
    const neighbourShort = await orderOf(neighbours.productId, 2, ctx.world.accounts.neighbourActive);
    const filledLater = await stockedProduct(ctx, cleo(), alpha(), 0);
    const filled = await orderOf(filledLater.productId, 1);

    const clientShort = await listed('client', 'short=true');
    expect(clientShort.find((o) => o.id === myShort.id)).toMatchObject({ short_items_count: 3 });
    expect(clientShort.map((o) => o.id)).toContain(filled.id);
    expect(clientShort.map((o) => o.id)).not.toContain(neighbourShort.id);
    expect(clientShort.every((o) => o.short_items_count > 0)).toBe(true);
    expect((await listed('neighbourClient', 'short=true')).map((o) => o.id)).toContain(neighbourShort.id);
    expect((await listed('neighbourClient', 'short=true')).map((o) => o.id)).not.toContain(myShort.id);
    const managerShort = (await listed('manager', 'short=true')).map((o) => o.id);
    expect(managerShort).toEqual(expect.arrayContaining([myShort.id, neighbourShort.id, filled.id]));
    // An account filter narrows a manager's short list, never widens a client's.
    const narrowed = await listed('manager', `short=true&account_id=${ctx.world.accounts.neighbourActive}`);
    expect(narrowed.map((o) => o.id)).not.toContain(myShort.id);

    // Once stock arrives the order leaves the short list and shows in short=false.
    expect((await adjust(filledLater.inventoryId, 1)).statusCode).toBe(200);
    expect((await listed('client', 'short=true')).map((o) => o.id)).not.toContain(filled.id);
    const notShort = await listed('client', 'short=false');
    expect(notShort.find((o) => o.id === filled.id)).toMatchObject({ short_items_count: 0 });
    expect(notShort.map((o) => o.id)).not.toContain(myShort.id);
    expect((await listed('client', '')).map((o) => o.id)).toEqual(expect.arrayContaining([myShort.id, filled.id]));
  });

  it('refuses a value that is not a yes or no with 422', async () => {
    const res = await ctx.as('client', { method: 'GET', url: '/api/orders/with-merge-items?short=maybe' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.short).toBeDefined();
  });
});

// PGlite has one connection and cannot race: this runs on real PostgreSQL (DESIGN §6).
describe.skipIf(!isRealPostgres())('backorders under concurrency', () => {
  it('arrivals and cancellations at the same time fill oldest first, never twice, never losing a unit', async () => {
    const stock = await stockedProduct(ctx, cleo(), alpha(), 0);
    const waiting = [];
    for (let i = 0; i < 6; i++) waiting.push(await orderOf(stock.productId, 2));
    const shipments = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx.as('client', {
        method: 'POST',
        url: '/api/shipments',
        payload: {
          account_id: cleo(),
          warehouse_id: alpha(),
          product_id: stock.productId,
          quantity: 2,
          delivery_date: '2026-12-01',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      shipments.push(res.json().data.id as number);
    }
    const cancelled = [waiting[1]!, waiting[4]!];
    const answers = await Promise.all([
      ...shipments.map((id) => ctx.as('manager', { method: 'POST', url: `/api/shipments/${id}/verify`, payload: {} })),
      adjust(stock.inventoryId, 1),
      ...cancelled.map((o) =>
        ctx.as('manager', { method: 'POST', url: `/api/orders/${o.id}/status`, payload: { status: 'cancelled' } }),
      ),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(200));

    // 7 units arrived for four open orders of 2: whatever the interleaving, the three oldest hold 2, the newest 1.
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 7, reserved: 7 });
    const held = [];
    for (const order of waiting) held.push((await detail(order.id)).reserved);
    expect(held).toEqual([2, 0, 2, 2, 0, 1]);
    await expectStockConsistent();
  });
});
