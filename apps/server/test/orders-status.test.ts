import { ORDER_MESSAGES } from '@wms/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { MemoryFileStorage } from './support/memory-storage';
import { expectOrderCountersMatchRecount } from './support/order-counters';
import {
  createOrder,
  expectLedgerMatchesQuantities,
  inventoryOf,
  movementsOf,
  orderWithStock,
  stockedProduct,
  verifyAllItems,
} from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: new MemoryFileStorage() });
});
afterAll(() => ctx.close());

const setStatus = (actor: Actor | null, id: number, status: string | number, method: 'POST' | 'PUT' = 'POST') =>
  ctx.as(actor, { method, url: `/api/orders/${id}/status`, payload: { status } });
const alphaOrder = (options: { onHand?: number; quantity?: number } = {}) =>
  orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, options);

const shippedCountsOf = async (orderId: number) => {
  const [row] = await ctx.handle.db
    .select({ shipped_lines: orders.shippedLines, shipped_units: orders.shippedUnits })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
};

describe('order status changes', () => {
  it('sets any open status without moving stock, and records the change', async () => {
    const order = await alphaOrder();
    const res = await setStatus('client', order.id, 'Processing');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Order status updated successfully', data: { status: 'Processing' } });
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 10, reserved: 3 });
    const put = await setStatus('manager', order.id, 'Packed', 'PUT');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.timeline[0]).toMatchObject({
      kind: 'order.status_changed',
      description: 'Status changed from Processing to Packed by Max Manager',
    });
  });

  it('refuses unknown, inactive and other-audience statuses with 422', async () => {
    const order = await alphaOrder();
    const unknown = await setStatus('admin', order.id, 'Teleported');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      error: ORDER_MESSAGES.statusUnknown,
      message: ORDER_MESSAGES.statusUnknown,
    });
    // Clients cannot ship (a manager status); managers cannot set client statuses.
    expect((await setStatus('client', order.id, 'shipped')).json().errors.status).toEqual([
      ORDER_MESSAGES.statusNotForYou,
    ]);
    expect((await setStatus('manager', order.id, 'Processing')).statusCode).toBe(422);
    expect((await setStatus('admin', order.id, '')).statusCode).toBe(422);
  });

  it('answers 403 without edit orders and 404 out of scope (real ids of the neighbour and the other warehouse)', async () => {
    const mine = await alphaOrder();
    const neighbours = await orderWithStock(ctx, ctx.world.accounts.neighbourActive, ctx.world.warehouses.alpha);
    expect((await setStatus('client', neighbours.id, 'Processing')).statusCode).toBe(404);
    expect((await setStatus('neighbourClient', mine.id, 'Processing')).statusCode).toBe(404);
    expect((await setStatus('otherManager', mine.id, 'Packed')).statusCode).toBe(404);
    expect((await setStatus(null, mine.id, 'Packed')).statusCode).toBe(401);
  });

  it('refuses to ship until every item is verified (422 with error and message)', async () => {
    const order = await alphaOrder();
    const res = await setStatus('manager', order.id, 'shipped');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: ORDER_MESSAGES.shipNeedsVerification,
      error: ORDER_MESSAGES.shipNeedsVerification,
    });
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 10, reserved: 3 });
  });

  it('ships once: deducts on hand, releases the reservation, sets shipped_at; shipped is final', async () => {
    const order = await alphaOrder({ onHand: 10, quantity: 3 });
    await verifyAllItems(ctx, order.id);
    const res = await setStatus('manager', order.id, 'shipped');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'shipped',
      lifecycle: 'shipped',
      shipped_items_count: 3,
      can_be_edited: false,
    });
    expect(data.shipped_at).not.toBeNull();
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 7, reserved: 0 });
    // Again: nothing moves. Another shipped status is allowed (no stock); an open or cancelled one is not.
    expect((await setStatus('manager', order.id, 'shipped')).statusCode).toBe(200);
    expect((await setStatus('admin', order.id, 'Delivered')).statusCode).toBe(200);
    const reopen = await setStatus('admin', order.id, 'Pending');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({
      message: ORDER_MESSAGES.shippedIsFinal,
      error: ORDER_MESSAGES.shippedIsFinal,
    });
    expect((await setStatus('admin', order.id, 'cancelled')).statusCode).toBe(409);
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 7, reserved: 0 });
    expect(await movementsOf(ctx, order.id, 'ship')).toHaveLength(1);
    await expectLedgerMatchesQuantities(ctx);
    // What billing counts is recorded with the shipment, and kept through the later shipped status.
    expect(await shippedCountsOf(order.id)).toEqual({ shipped_lines: 1, shipped_units: 3 });
  });

  it('ships a backordered line only when on hand covers it without taking others’ reservations', async () => {
    const stock = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 4);
    const first = await createOrder(ctx, {
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      lines: [{ productId: stock.productId, quantity: 3 }],
    });
    const second = await createOrder(ctx, {
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      lines: [{ productId: stock.productId, quantity: 3 }],
    });
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 4, reserved: 4 });
    await verifyAllItems(ctx, second.id);
    const refused = await setStatus('admin', second.id, 'shipped');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ORDER_MESSAGES.notEnoughStockToShip);
    await verifyAllItems(ctx, first.id);
    expect((await setStatus('admin', first.id, 'shipped')).statusCode).toBe(200);
    expect(await inventoryOf(ctx, stock.inventoryId)).toEqual({ onHand: 1, reserved: 1 });
    await expectLedgerMatchesQuantities(ctx);
  });

  it('cancel releases; re-open reserves again what is available and reports the shortfall', async () => {
    const order = await alphaOrder({ onHand: 5, quantity: 4 });
    const cancelled = await setStatus('client', order.id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ lifecycle: 'cancelled', can_be_edited: false });
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 5, reserved: 0 });
    // Meanwhile another order takes 3 of the 5.
    await createOrder(ctx, {
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      lines: [{ productId: order.productId, quantity: 3 }],
    });
    expect((await setStatus('admin', order.id, 'shipped')).json().error).toBe(ORDER_MESSAGES.cancelledCannotShip);
    const reopened = await setStatus('client', order.id, 'Processing');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().backorder_items).toEqual([
      expect.objectContaining({ sku: order.sku, requested: 4, reserved: 2, short: 2 }),
    ]);
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 5, reserved: 5 });
    expect(reopened.json().data.order_items[0]).toMatchObject({ quantity_reserved: 2, quantity_short: 2 });
    await expectLedgerMatchesQuantities(ctx);
  });

  it('answers a status id as well as a name', async () => {
    const order = await alphaOrder();
    const options = (await ctx.as('admin', { method: 'GET', url: '/api/orders/status-options' })).json().data;
    const packed = options.find((s: { name: string }) => s.name === 'Packed');
    const res = await setStatus('admin', order.id, packed.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('Packed');
  });
});

describe('delete order', () => {
  it('deletes a pending order and releases its reservation', async () => {
    const order = await alphaOrder({ onHand: 10, quantity: 6 });
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/orders/${order.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ORDER_MESSAGES.deleted);
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 10, reserved: 0 });
    expect((await ctx.as('admin', { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(404);
    await expectLedgerMatchesQuantities(ctx);
  });

  it('refuses other statuses with 409; clients and managers lack delete orders (403)', async () => {
    const order = await alphaOrder();
    await setStatus('client', order.id, 'Processing');
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/orders/${order.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORDER_MESSAGES.onlyPendingDeleted);
    expect((await ctx.as('client', { method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(403);
    expect((await ctx.as('manager', { method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(403);
  });
});

describe('dashboard order counters', () => {
  it('equal a recount of the orders and lines after every change above (triggers on orders and order_items)', async () => {
    await expectOrderCountersMatchRecount(ctx.handle.db);
  });
});
