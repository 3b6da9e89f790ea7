import { ORDER_MESSAGES } from '@wms/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from './support/memory-storage';
import { expectOrderCountersMatchRecount } from './support/order-counters';
import {
  createOrder,
  expectLedgerMatchesQuantities,
  inventoryOf,
  orderWithStock,
  stockedProduct,
} from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: new MemoryFileStorage() });
});
afterAll(() => ctx.close());

const alphaOrder = (options: { onHand?: number; quantity?: number } = {}) =>
  orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, options);
const itemOf = async (orderId: number) =>
  (await ctx.as('admin', { method: 'GET', url: `/api/orders/${orderId}` })).json().data.order_items[0];
const verify = (actor: Actor, orderId: number, itemId: number, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'POST', url: `/api/orders/${orderId}/items/${itemId}/verify`, payload });
const scan = (actor: Actor, orderId: number, sku: string) =>
  ctx.as(actor, { method: 'POST', url: `/api/orders/${orderId}/scan`, payload: { sku } });

describe('item verification', () => {
  it('staff verify and un-verify an item; the order can then ship', async () => {
    const order = await alphaOrder({ quantity: 2 });
    const item = await itemOf(order.id);
    const res = await verify('manager', order.id, item.id, { verified: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ORDER_MESSAGES.itemVerified);
    expect(res.json().data.order_items[0]).toMatchObject({
      verified: true,
      status: 'verified',
      verified_quantity: 2,
      verified_by: { name: 'Max Manager' },
    });
    const undo = await verify('manager', order.id, item.id, { verified: false });
    expect(undo.json()).toMatchObject({ message: ORDER_MESSAGES.itemUnverified, data: { verified_items_count: 0 } });
    await verify('admin', order.id, item.id, { verified_quantity: 2 });
    const shipped = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // Shipped orders no longer change verification.
    expect((await verify('admin', order.id, item.id, { verified: false })).statusCode).toBe(409);
  });

  it('is refused to clients (403), out of scope (404) and for items of another order (404)', async () => {
    const order = await alphaOrder();
    const other = await alphaOrder();
    const item = await itemOf(order.id);
    expect((await verify('client', order.id, item.id, { verified: true })).statusCode).toBe(403);
    expect((await scan('client', order.id, order.sku)).statusCode).toBe(403);
    expect((await verify('otherManager', order.id, item.id, { verified: true })).statusCode).toBe(404);
    expect((await scan('otherManager', order.id, order.sku)).statusCode).toBe(404);
    expect((await verify('manager', other.id, item.id, { verified: true })).statusCode).toBe(404);
    expect((await verify('manager', order.id, item.id, { verified_quantity: 99 })).statusCode).toBe(422);
  });
});

describe('scan to verify', () => {
  it('verifies the next unit of the scanned SKU, case-insensitively, until all are verified', async () => {
    const order = await alphaOrder({ quantity: 2 });
    const first = await scan('manager', order.id, order.sku.toLowerCase());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: `${order.sku}: 1 of 2 verified`,
      all_verified: false,
      item: { verified_quantity: 1, verified: false },
    });
    const second = await scan('manager', order.id, ` ${order.sku} `);
    expect(second.json()).toMatchObject({ all_verified: true, item: { verified_quantity: 2, verified: true } });
    const over = await scan('manager', order.id, order.sku);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.sku).toEqual([ORDER_MESSAGES.skuAllVerified(order.sku)]);
  });

  it('answers 422 for a SKU that is not in the order, and for a blank scan', async () => {
    const order = await alphaOrder();
    const wrong = await scan('manager', order.id, 'NOPE-1');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.sku).toEqual([ORDER_MESSAGES.skuNotInOrder('NOPE-1')]);
    expect((await scan('manager', order.id, '  ')).json().errors.sku).toEqual([ORDER_MESSAGES.skuRequired]);
  });
});

describe('edit order', () => {
  const edit = (actor: Actor, id: number, payload: Record<string, unknown>) =>
    ctx.as(actor, { method: 'PUT', url: `/api/orders/${id}`, payload });

  it('changes customer, ship date, notes and shipper', async () => {
    const order = await alphaOrder();
    const shipper = await ctx.as('admin', {
      method: 'POST',
      url: '/api/shippers',
      payload: { name: 'Fast Freight', code: 'FF', is_active: true },
    });
    expect(shipper.statusCode, shipper.body).toBe(201);
    const shipperId = shipper.json().data?.id ?? shipper.json().shipper?.id;
    const res = await edit('client', order.id, {
      customer_name: 'Jane Doe',
      ship_date: '2026-12-01',
      notes: 'Leave at door',
      shipper_id: shipperId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      customer_name: 'Jane Doe',
      ship_date: '2026-12-01',
      notes: 'Leave at door',
      shipper: { id: shipperId, name: 'Fast Freight' },
    });
    expect(res.json().data.timeline[0].kind).toBe('order.updated');
  });

  it('moves the reservation through the ledger when a quantity changes', async () => {
    const order = await alphaOrder({ onHand: 5, quantity: 3 });
    const item = await itemOf(order.id);
    const lowered = await edit('manager', order.id, { items: [{ id: item.id, quantity: 1 }] });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 5, reserved: 1 });
    const raised = await edit('manager', order.id, { items: [{ id: item.id, quantity: 7 }] });
    expect(raised.json().backorder_items).toEqual([
      expect.objectContaining({ order_item_id: item.id, requested: 7, reserved: 5, short: 2 }),
    ]);
    expect(await inventoryOf(ctx, order.inventoryId)).toEqual({ onHand: 5, reserved: 5 });
    expect(raised.json().data.items_count).toBe(7);
    await expectLedgerMatchesQuantities(ctx);
  });

  it('validates with the spec messages', async () => {
    const order = await alphaOrder();
    const item = await itemOf(order.id);
    const res = await edit('admin', order.id, {
      customer_name: ' ',
      ship_date: 'tomorrow',
      items: [{ id: item.id, quantity: 0 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      customer_name: [ORDER_MESSAGES.customerNameRequired],
      ship_date: [ORDER_MESSAGES.shipDateInvalid],
      'items.0.quantity': [ORDER_MESSAGES.quantityInvalid],
    });
    const other = await alphaOrder();
    const foreignItem = await itemOf(other.id);
    const wrongItem = await edit('admin', order.id, { items: [{ id: foreignItem.id, quantity: 2 }] });
    expect(wrongItem.json().errors['items.0.id']).toEqual([ORDER_MESSAGES.itemNotInOrder]);
    expect((await edit('admin', order.id, { shipper_id: 999999 })).json().errors.shipper_id).toEqual([
      ORDER_MESSAGES.shipperInvalid,
    ]);
  });

  it('refuses shipped or cancelled orders (409) and other tenants (404)', async () => {
    const order = await alphaOrder();
    await ctx.as('client', { method: 'POST', url: `/api/orders/${order.id}/status`, payload: { status: 'cancelled' } });
    const res = await edit('client', order.id, { customer_name: 'X' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORDER_MESSAGES.cannotEdit);
    const mine = await alphaOrder();
    expect((await edit('neighbourClient', mine.id, { customer_name: 'X' })).statusCode).toBe(404);
    expect((await edit('otherManager', mine.id, { customer_name: 'X' })).statusCode).toBe(404);
  });

  it('keeps one line per product: an order of a product without stock reserves nothing', async () => {
    const stock = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 0);
    const order = await createOrder(ctx, {
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      lines: [
        { productId: stock.productId, quantity: 1 },
        { productId: stock.productId, quantity: 2 },
      ],
    });
    const data = (await ctx.as('admin', { method: 'GET', url: `/api/orders/${order.id}` })).json().data;
    expect(data.order_items).toHaveLength(1);
    expect(data.order_items[0]).toMatchObject({ quantity: 3, quantity_reserved: 0, quantity_short: 3 });
  });
});

describe('dashboard order counters', () => {
  it('equal a recount of the orders and lines after every change above (triggers on orders and order_items)', async () => {
    await expectOrderCountersMatchRecount(ctx.handle.db);
  });
});
