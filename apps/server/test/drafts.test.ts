import { DRAFT_MESSAGES } from '@wms/contract/drafts';
import { ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOrderDrafts } from '../src/db/schema/drafts';
import { inventories } from '../src/db/schema/inventory';
import { orders } from '../src/db/schema/orders';
import { stockedProduct, uniqueOrderId } from './support/order-creation';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const section = (accountId: number | null, products: { product_id: number; quantity: number }[], form = {}) => ({
  form: {
    account_id: accountId,
    shipper_id: null,
    customer_name: 'Draft Customer',
    ship_date: '2026-12-24',
    order_id: uniqueOrderId('DRF'),
    notes: '',
    ...form,
  },
  label_forms: [],
  selected_products: products.map((p) => ({ ...p, name: 'P', sku: 'S', quantity_available: 5, photo_url: '' })),
});

const draftBody = (accountId: number, warehouseId: number, sections: unknown[], extra = {}) => ({
  account_id: accountId,
  warehouse_id: warehouseId,
  title: 'Monday batch',
  description: 'Orders from the weekend',
  draft_data: { orders: sections },
  ...extra,
});

const save = (actor: Actor, payload: unknown, id?: number) =>
  ctx.as(actor, {
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/bulk-order-drafts/${id}` : '/api/bulk-order-drafts',
    payload: payload as Record<string, unknown>,
  });

describe('bulk order drafts', () => {
  it('saves, updates, loads, lists with totals and statistics, and deletes', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const created = await save(
      'client',
      draftBody(a, world.warehouses.alpha, [
        section(a, [
          { product_id: 1, quantity: 2 },
          { product_id: 2, quantity: 3 },
        ]),
        section(a, [{ product_id: 3, quantity: 4 }]),
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { message, data } = created.json();
    expect(message).toBe(DRAFT_MESSAGES.saved);
    expect(data).toMatchObject({ id: expect.any(Number), total_orders: 2, total_products: 3, total_quantity: 9 });
    expect(data.formatted_last_modified).toMatch(/UTC$/);

    const updated = await save(
      'client',
      draftBody(a, world.warehouses.alpha, [section(a, [{ product_id: 1, quantity: 1 }])], { title: 'Renamed' }),
      data.id,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: data.id, title: 'Renamed', total_orders: 1, total_quantity: 1 });

    const loaded = await ctx.as('client', { method: 'GET', url: `/api/bulk-order-drafts/${data.id}` });
    expect(loaded.json().data.draft_data.orders[0].selected_products[0]).toMatchObject({ product_id: 1, quantity: 1 });

    const list = await ctx.as('client', {
      method: 'GET',
      url: `/api/bulk-order-drafts?warehouse_id=${world.warehouses.alpha}&search=renamed`,
    });
    expect(list.json().data.map((d: { id: number }) => d.id)).toEqual([data.id]);
    expect(list.json().pagination).toMatchObject({ current_page: 1, last_page: 1, total: 1 });

    const stats = await ctx.as('client', {
      method: 'GET',
      url: `/api/bulk-order-drafts/statistics?warehouse_id=${world.warehouses.alpha}`,
    });
    expect(stats.json().data).toEqual({
      total_drafts: 1,
      total_orders_in_drafts: 1,
      total_products_in_drafts: 1,
      total_quantity_in_drafts: 1,
    });

    const removed = await ctx.as('client', { method: 'DELETE', url: `/api/bulk-order-drafts/${data.id}` });
    expect(removed.json()).toEqual({ message: DRAFT_MESSAGES.deleted });
    expect((await ctx.as('client', { method: 'GET', url: `/api/bulk-order-drafts/${data.id}` })).statusCode).toBe(404);
  });

  it('paginates with last_page', async () => {
    const { world } = ctx;
    const a = world.accounts.neighbourActive;
    for (let i = 0; i < 3; i++)
      await save('neighbourClient', draftBody(a, world.warehouses.alpha, [], { title: `N${i}` }));
    const res = await ctx.as('neighbourClient', { method: 'GET', url: '/api/bulk-order-drafts?per_page=2&page=2' });
    expect(res.json().pagination).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(res.json().data).toHaveLength(1);
  });

  it('validates the account and the bounded draft_data', async () => {
    const { world } = ctx;
    const missing = await save('client', { warehouse_id: world.warehouses.alpha, draft_data: { orders: [] } });
    expect(missing.json().errors.account_id).toEqual([DRAFT_MESSAGES.accountRequired]);
    const tooMany = await save(
      'client',
      draftBody(
        world.accounts.clientActive,
        world.warehouses.alpha,
        Array.from({ length: 101 }, () => section(null, [])),
      ),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors['draft_data.orders']).toBeDefined();
    const huge = await save(
      'client',
      draftBody(world.accounts.clientActive, world.warehouses.alpha, [section(null, [], { notes: 'x'.repeat(5000) })]),
    );
    expect(huge.statusCode).toBe(422);
    const notLinked = await save('client', draftBody(world.accounts.clientActive, world.warehouses.beta, []));
    expect(notLinked.statusCode).toBe(404);
  });

  it('scopes drafts: a neighbour client and another warehouse manager meet 404 on real drafts', async () => {
    const { world } = ctx;
    const created = await save('client', draftBody(world.accounts.clientActive, world.warehouses.alpha, []));
    const id = created.json().data.id;
    for (const actor of ['neighbourClient', 'otherManager', 'otherClient'] as const) {
      expect((await ctx.as(actor, { method: 'GET', url: `/api/bulk-order-drafts/${id}` })).statusCode).toBe(404);
      expect((await ctx.as(actor, { method: 'DELETE', url: `/api/bulk-order-drafts/${id}` })).statusCode).toBe(404);
      expect((await ctx.as(actor, { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` })).statusCode).toBe(
        404,
      );
      const list = await ctx.as(actor, { method: 'GET', url: '/api/bulk-order-drafts' });
      expect(list.json().data.map((d: { id: number }) => d.id)).not.toContain(id);
    }
    const foreignSave = await save(
      'neighbourClient',
      draftBody(world.accounts.neighbourActive, world.warehouses.alpha, []),
      id,
    );
    expect(foreignSave.statusCode).toBe(404);
    const intoForeignAccount = await save(
      'client',
      draftBody(world.accounts.neighbourActive, world.warehouses.alpha, []),
    );
    expect(intoForeignAccount.statusCode).toBe(404);
    expect((await ctx.as('manager', { method: 'GET', url: `/api/bulk-order-drafts/${id}` })).statusCode).toBe(200);
  });

  it('converts a draft exactly as POST /orders/bulk does and deletes it, in one transaction', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const product = await stockedProduct(ctx, a, world.warehouses.alpha, 3);
    const created = await save(
      'client',
      draftBody(a, world.warehouses.alpha, [
        section(a, [{ product_id: product.id, quantity: 5 }]),
        section(a, []), // a section without products is not an order
      ]),
    );
    const id = created.json().data.id;
    const res = await ctx.as('client', { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Successfully created 1 order',
      backorder_items: [expect.objectContaining({ sku: product.sku, quantity_reserved: 3, quantity_backordered: 2 })],
    });
    const [row] = await ctx.handle.db.select().from(inventories).where(eq(inventories.id, product.inventoryId!));
    expect(row!.quantityReserved).toBe(3);
    expect(await ctx.handle.db.select().from(bulkOrderDrafts).where(eq(bulkOrderDrafts.id, id))).toEqual([]);
  });

  it('keeps the draft when conversion fails, naming the section', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const product = await stockedProduct(ctx, a, world.warehouses.alpha, 3);
    const before = (await ctx.handle.db.select().from(orders)).length;
    const created = await save(
      'client',
      draftBody(a, world.warehouses.alpha, [
        section(a, []),
        section(a, [{ product_id: product.id, quantity: 1 }], { customer_name: '' }),
      ]),
    );
    const id = created.json().data.id;
    const res = await ctx.as('client', { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'orders.1.customer_name': [M.customerNameRequired] });
    expect((await ctx.handle.db.select().from(orders)).length).toBe(before);
    expect(await ctx.handle.db.select().from(bulkOrderDrafts).where(eq(bulkOrderDrafts.id, id))).toHaveLength(1);
    const empty = await save('client', draftBody(a, world.warehouses.alpha, [section(a, [])]));
    const none = await ctx.as('client', {
      method: 'POST',
      url: `/api/bulk-order-drafts/${empty.json().data.id}/convert`,
    });
    expect(none.json().errors).toEqual({ orders: [M.productsRequired] });
  });
});
