import { QUANTITY_MAX } from '@wms/contract/inventory';
import { CUSTOMER_NAME_MAX, ORDER_FORM_MESSAGES as M } from '@wms/contract/order-form';
import { tooLong } from '@wms/contract/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from './support/memory-storage';
import { bulkCreate, orderInput, uniqueOrderId } from './support/order-creation';
import { orderWithStock, stockedProduct } from './support/orders';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * One order form, through the API: create (POST /orders/bulk), a draft's form (POST /bulk-order-drafts) and edit
 * (PUT /orders/{id}) take one order form, so they accept the same fields, apply the same rules and say the same.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: new MemoryFileStorage() });
});
afterAll(() => ctx.close());

const draftWith = (
  accountId: number,
  warehouseId: number,
  form: Record<string, unknown>,
  products: unknown[] = [],
) => ({
  account_id: accountId,
  warehouse_id: warehouseId,
  title: 'Order form',
  draft_data: {
    orders: [
      {
        form: {
          account_id: accountId,
          customer_name: 'Draft Customer',
          ship_date: '2026-12-24',
          order_id: uniqueOrderId('FORM'),
          ...form,
        },
        label_forms: [],
        selected_products: products,
      },
    ],
  },
});
const saveDraft = (payload: Record<string, unknown>) =>
  ctx.as('client', { method: 'POST', url: '/api/bulk-order-drafts', payload });
const edit = (orderId: number, payload: Record<string, unknown>) =>
  ctx.as('client', { method: 'PUT', url: `/api/orders/${orderId}`, payload });
const readOrder = async (orderId: number) =>
  (await ctx.as('client', { method: 'GET', url: `/api/orders/${orderId}` })).json().data;
const refused = <R extends { statusCode: number; body: string }>(request: () => Promise<R>) =>
  expectRefusedUnchanged(ctx.handle.db, request, 422);

describe('one order form on create, draft and edit', () => {
  it("a draft's form takes warehouse_id as a bulk order does, keeps it and converts into that warehouse", async () => {
    const { accounts, warehouses } = ctx.world;
    const stock = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 5);
    const line = { product_id: stock.productId, quantity: 2, name: 'P', sku: stock.sku };
    const saved = await saveDraft(
      draftWith(accounts.clientActive, warehouses.alpha, { warehouse_id: warehouses.alpha }, [line]),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data.id;
    const loaded = await ctx.as('client', { method: 'GET', url: `/api/bulk-order-drafts/${id}` });
    expect(loaded.json().data.draft_data.orders[0].form.warehouse_id).toBe(warehouses.alpha);

    const converted = await ctx.as('client', { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` });
    expect(converted.statusCode, converted.body).toBe(201);
    expect(converted.json().data[0]).toMatchObject({ warehouse_id: warehouses.alpha, total_quantity: 2 });
  });

  it("a draft section naming another tenant's warehouse is refused on conversion (404), nothing created", async () => {
    const { accounts, warehouses } = ctx.world;
    const stock = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 5);
    const line = { product_id: stock.productId, quantity: 1, name: 'P', sku: stock.sku };
    const saved = await saveDraft(
      draftWith(accounts.clientActive, warehouses.alpha, { warehouse_id: warehouses.beta }, [line]),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data.id;
    await expectRefusedUnchanged(
      ctx.handle.db,
      () => ctx.as('client', { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` }),
      404,
    );
  });

  it('edit refuses 2026-02-30 with the ship-date message, as create does, and changes nothing', async () => {
    const { accounts, warehouses } = ctx.world;
    const order = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    const res = await refused(() => edit(order.id, { ship_date: '2026-02-30' }));
    expect(res.json().errors).toEqual({ ship_date: [M.shipDateInvalid] });
    expect((await readOrder(order.id)).ship_date).toBeNull();

    const stock = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 5);
    const created = await refused(() =>
      bulkCreate(ctx, 'client', warehouses.alpha, [
        orderInput(accounts.clientActive, [{ product_id: stock.productId, quantity: 1 }], { ship_date: '2026-02-30' }),
      ]),
    );
    expect(created.json().errors).toEqual({ 'orders.0.ship_date': [M.shipDateInvalid] });
  });

  it('says the same about an over-long customer name on create, edit and draft', async () => {
    const { accounts, warehouses } = ctx.world;
    const long = 'x'.repeat(CUSTOMER_NAME_MAX + 1);
    const message = [tooLong(CUSTOMER_NAME_MAX)];
    const stock = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 5);
    const created = await refused(() =>
      bulkCreate(ctx, 'client', warehouses.alpha, [
        orderInput(accounts.clientActive, [{ product_id: stock.productId, quantity: 1 }], { customer_name: long }),
      ]),
    );
    expect(created.json().errors).toEqual({ 'orders.0.customer_name': message });

    const order = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha);
    const edited = await refused(() => edit(order.id, { customer_name: long }));
    expect(edited.json().errors).toEqual({ customer_name: message });

    const drafted = await refused(() =>
      saveDraft(draftWith(accounts.clientActive, warehouses.alpha, { customer_name: long })),
    );
    expect(drafted.json().errors).toEqual({ 'draft_data.orders.0.form.customer_name': message });
  });

  it('caps a line at the same quantity on create and edit', async () => {
    const { accounts, warehouses } = ctx.world;
    const stock = await stockedProduct(ctx, accounts.clientActive, warehouses.alpha, 5);
    const over = await refused(() =>
      bulkCreate(ctx, 'client', warehouses.alpha, [
        orderInput(accounts.clientActive, [{ product_id: stock.productId, quantity: QUANTITY_MAX + 1 }]),
      ]),
    );
    expect(over.json().errors).toEqual({ 'orders.0.products.0.quantity': [M.quantityInvalid] });

    const order = await orderWithStock(ctx, accounts.clientActive, warehouses.alpha, { onHand: 5, quantity: 1 });
    const item = (await readOrder(order.id)).order_items[0];
    const tooMany = await refused(() => edit(order.id, { items: [{ id: item.id, quantity: QUANTITY_MAX + 1 }] }));
    expect(tooMany.json().errors).toEqual({ 'items.0.quantity': [M.quantityInvalid] });
    // Create accepts the cap itself (the rest goes on backorder); edit, which stopped at a thousandth of it, too.
    const atCap = await edit(order.id, { items: [{ id: item.id, quantity: QUANTITY_MAX }] });
    expect(atCap.statusCode, atCap.body).toBe(200);
    expect((await readOrder(order.id)).order_items[0].quantity).toBe(QUANTITY_MAX);
  });
});
