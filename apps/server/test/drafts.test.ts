import { DRAFT_MESSAGES } from '@wms/contract/drafts';
import { ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOrderDrafts } from '../src/db/schema/drafts';
import { files } from '../src/db/schema/files';
import { inventories } from '../src/db/schema/inventory';
import { orders, shipmentLabels } from '../src/db/schema/orders';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { stockedProduct, uniqueOrderId } from './support/order-creation';
import { samplePdf } from './support/orders';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
const storage = new MemoryFileStorage();
let pdf: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: storage });
  pdf = await samplePdf(1);
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

/** A refused write: the answer's status, and not one row of any table changed (drafts, their files, orders, events). */
const refused = (request: () => ReturnType<typeof save>, status: number) =>
  expectRefusedUnchanged(ctx.handle.db, request, status);

describe('bulk order drafts', () => {
  it('keeps the kind of a product the search showed (a bundle) with the draft', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const withKind = section(a, [{ product_id: 1, quantity: 2 }]);
    const bundleLine = { ...withKind.selected_products[0]!, kind: 'bundle' };
    const created = await save(
      'client',
      draftBody(a, world.warehouses.alpha, [
        {
          ...withKind,
          selected_products: [bundleLine],
          available_inventory: [
            {
              product_id: 1,
              name: 'P',
              sku: 'S',
              photo_url: '',
              quantity_available: 4,
              warehouse_name: '',
              kind: 'bundle',
            },
          ],
        },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const loaded = await ctx.as('client', { method: 'GET', url: `/api/bulk-order-drafts/${created.json().data.id}` });
    expect(loaded.json().data.draft_data.orders[0].selected_products[0]).toMatchObject({ kind: 'bundle' });
    expect(loaded.json().data.draft_data.orders[0].available_inventory[0]).toMatchObject({ kind: 'bundle' });
    // Gone again: the next test counts the client's drafts.
    const removed = await ctx.as('client', {
      method: 'DELETE',
      url: `/api/bulk-order-drafts/${created.json().data.id}`,
    });
    expect(removed.statusCode).toBe(200);
  });

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
    const tooMany = await refused(
      () =>
        save(
          'client',
          draftBody(
            world.accounts.clientActive,
            world.warehouses.alpha,
            Array.from({ length: 101 }, () => section(null, [])),
          ),
        ),
      422,
    );
    expect(tooMany.json().errors['draft_data.orders']).toBeDefined();
    await refused(
      () =>
        save(
          'client',
          draftBody(world.accounts.clientActive, world.warehouses.alpha, [
            section(null, [], { notes: 'x'.repeat(5000) }),
          ]),
        ),
      422,
    );
    await refused(() => save('client', draftBody(world.accounts.clientActive, world.warehouses.beta, [])), 404);
    // An administrator reaches Beta and the account, but they are not linked: 422 on account_id, nothing stored.
    const unlinked = await refused(
      () => save('admin', draftBody(world.accounts.clientActive, world.warehouses.beta, [section(null, [])])),
      422,
    );
    expect(unlinked.json().errors.account_id).toEqual([M.accountNotInWarehouse]);
  });

  it('scopes drafts: a neighbour client and another warehouse manager meet 404 on real drafts', async () => {
    const { world } = ctx;
    const created = await save('client', draftBody(world.accounts.clientActive, world.warehouses.alpha, []));
    const id = created.json().data.id;
    for (const actor of ['neighbourClient', 'otherManager', 'otherClient'] as const) {
      expect((await ctx.as(actor, { method: 'GET', url: `/api/bulk-order-drafts/${id}` })).statusCode).toBe(404);
      await refused(() => ctx.as(actor, { method: 'DELETE', url: `/api/bulk-order-drafts/${id}` }), 404);
      await refused(() => ctx.as(actor, { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` }), 404);
      const list = await ctx.as(actor, { method: 'GET', url: '/api/bulk-order-drafts' });
      expect(list.json().data.map((d: { id: number }) => d.id)).not.toContain(id);
    }
    await refused(
      () => save('neighbourClient', draftBody(world.accounts.neighbourActive, world.warehouses.alpha, []), id),
      404,
    );
    await refused(() => save('client', draftBody(world.accounts.neighbourActive, world.warehouses.alpha, [])), 404);
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
    const res = await refused(
      () => ctx.as('client', { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` }),
      422,
    );
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

const uploadLabelFile = (actor: Actor, draftId: number, content: Buffer = pdf, filename = 'ups-label.pdf') =>
  ctx.as(actor, {
    method: 'POST',
    url: `/api/bulk-order-drafts/${draftId}/label-files`,
    ...multipart({}, { field: 'label_file', filename, content, contentType: 'application/pdf' }),
  });

const labelForm = (fileId: string | null, name = 'UPS label') => ({
  label_name: name,
  label_type: 'shipping',
  tracking_number: '1Z999',
  carrier: 'UPS',
  file_id: fileId,
});

const draftCount = async () => (await ctx.handle.db.select().from(bulkOrderDrafts)).length;
const readDraft = async (actor: Actor, id: number) =>
  (await ctx.as(actor, { method: 'GET', url: `/api/bulk-order-drafts/${id}` })).json().data;

describe('draft label files', () => {
  it('keeps a label PDF with the draft: reopened with its file, read only in the draft scope', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const sectionWithLabel = (fileId: string | null) => ({
      ...section(a, [{ product_id: 1, quantity: 1 }]),
      label_forms: [labelForm(fileId)],
    });
    const created = await save('client', draftBody(a, world.warehouses.alpha, [sectionWithLabel(null)]));
    const id = created.json().data.id;

    const uploaded = await uploadLabelFile('client', id);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({
      message: DRAFT_MESSAGES.labelFileSaved,
      data: { name: 'ups-label.pdf', size: pdf.length },
    });
    const file = uploaded.json().data;
    expect(file.download_url).toBe(`/api/bulk-order-drafts/${id}/label-files/${file.id}`);

    const saved = await save('client', draftBody(a, world.warehouses.alpha, [sectionWithLabel(file.id)]), id);
    expect(saved.statusCode, saved.body).toBe(200);
    const reopened = await readDraft('client', id);
    expect(reopened.draft_data.orders[0].label_forms[0]).toMatchObject({
      label_name: 'UPS label',
      file_id: file.id,
      file: { id: file.id, name: 'ups-label.pdf', size: pdf.length },
    });

    const download = await ctx.as('client', { method: 'GET', url: file.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    expect((await ctx.as('manager', { method: 'GET', url: file.download_url })).statusCode).toBe(200);
    for (const actor of ['neighbourClient', 'otherManager', 'otherClient'] as const) {
      expect((await ctx.as(actor, { method: 'GET', url: file.download_url })).statusCode).toBe(404);
      await refused(() => uploadLabelFile(actor, id), 404);
    }
    // Another draft cannot name this draft's file.
    const other = await save('neighbourClient', draftBody(world.accounts.neighbourActive, world.warehouses.alpha, []));
    const otherId = other.json().data.id;
    const borrowed = await refused(
      () =>
        save(
          'neighbourClient',
          draftBody(world.accounts.neighbourActive, world.warehouses.alpha, [
            { ...section(world.accounts.neighbourActive, []), label_forms: [labelForm(file.id)] },
          ]),
          otherId,
        ),
      422,
    );
    expect(borrowed.json().errors['draft_data.orders.0.label_forms.0.file_id']).toEqual([
      DRAFT_MESSAGES.labelFileNotInDraft,
    ]);
    expect((await readDraft('neighbourClient', otherId)).draft_data.orders).toEqual([]);
    await refused(() => save('client', draftBody(a, world.warehouses.alpha, [sectionWithLabel(file.id)])), 422);
  });

  it('checks the upload like a label upload: real PDF bytes only', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const id = (await save('client', draftBody(a, world.warehouses.alpha, []))).json().data.id;
    const stored = async () => (await ctx.handle.db.select().from(files).where(eq(files.kind, 'draft_label'))).length;
    const before = await stored();
    await refused(() => uploadLabelFile('client', id, Buffer.from('just text, named .pdf')), 415);
    await refused(
      () =>
        ctx.as('client', {
          method: 'POST',
          url: `/api/bulk-order-drafts/${id}/label-files`,
          ...multipart({ label_name: 'x' }),
        }),
      422,
    );
    expect(await stored()).toBe(before);
  });

  it('removes files the draft no longer names when saved, and all of them with the draft', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const id = (await save('client', draftBody(a, world.warehouses.alpha, []))).json().data.id;
    const first = (await uploadLabelFile('client', id)).json().data;
    const second = (await uploadLabelFile('client', id)).json().data;
    const keyOf = async (fileId: string) =>
      (await ctx.handle.db.select().from(files).where(eq(files.id, fileId)))[0]?.storageKey;
    const firstKey = (await keyOf(first.id))!;
    const secondKey = (await keyOf(second.id))!;
    await save(
      'client',
      draftBody(a, world.warehouses.alpha, [{ ...section(a, []), label_forms: [labelForm(second.id)] }]),
      id,
    );
    expect(await keyOf(first.id)).toBeUndefined();
    expect(storage.files.has(firstKey)).toBe(false);
    expect(storage.files.has(secondKey)).toBe(true);
    await ctx.as('client', { method: 'DELETE', url: `/api/bulk-order-drafts/${id}` });
    expect(await keyOf(second.id)).toBeUndefined();
    expect(storage.files.has(secondKey)).toBe(false);
  });

  it('converting hands the kept PDFs to the orders as labels', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const product = await stockedProduct(ctx, a, world.warehouses.alpha, 10);
    const id = (await save('client', draftBody(a, world.warehouses.alpha, []))).json().data.id;
    const file = (await uploadLabelFile('client', id)).json().data;
    await save(
      'client',
      draftBody(a, world.warehouses.alpha, [
        { ...section(a, [{ product_id: product.id, quantity: 1 }]), label_forms: [labelForm(file.id, '')] },
      ]),
      id,
    );
    const res = await ctx.as('client', { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data[0].id;
    const labels = await ctx.as('client', { method: 'GET', url: `/api/orders/${orderId}/labels` });
    expect(labels.json().data).toEqual([
      expect.objectContaining({
        label_name: 'ups-label.pdf', // a label row without a name takes the file's
        tracking_number: '1Z999',
        carrier: 'UPS',
        file: expect.objectContaining({ name: 'ups-label.pdf' }),
      }),
    ]);
    const download = await ctx.as('client', { method: 'GET', url: labels.json().data[0].download_url });
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    expect(
      (await ctx.as('neighbourClient', { method: 'GET', url: labels.json().data[0].download_url })).statusCode,
    ).toBe(404);
  });

  it('refuses to convert while a label row has no PDF, naming the order and the label', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const product = await stockedProduct(ctx, a, world.warehouses.alpha, 10);
    const before = (await ctx.handle.db.select().from(orders)).length;
    const labelsBefore = (await ctx.handle.db.select().from(shipmentLabels)).length;
    const id = (
      await save(
        'client',
        draftBody(a, world.warehouses.alpha, [
          section(a, []),
          { ...section(a, [{ product_id: product.id, quantity: 1 }]), label_forms: [labelForm(null)] },
        ]),
      )
    ).json().data.id;
    const res = await refused(
      () => ctx.as('client', { method: 'POST', url: `/api/bulk-order-drafts/${id}/convert` }),
      422,
    );
    expect(res.json().errors).toEqual({ 'orders.1.label_forms.0.file_id': [DRAFT_MESSAGES.labelWithoutFile(2, 1)] });
    expect((await ctx.handle.db.select().from(orders)).length).toBe(before);
    expect((await ctx.handle.db.select().from(shipmentLabels)).length).toBe(labelsBefore);
    expect(await readDraft('client', id)).toBeDefined();
  });
});

describe('draft_data is stored whole or refused', () => {
  it('accepts the camelCase spelling of the section lists and stores them snake_case', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const { label_forms, selected_products, ...rest } = section(a, [{ product_id: 1, quantity: 4 }]);
    const res = await save(
      'client',
      draftBody(a, world.warehouses.alpha, [
        {
          ...rest,
          labelForms: label_forms,
          selectedProducts: selected_products,
          availableInventory: [{ product_id: 1, name: 'P', sku: 'S', quantity_available: 5, photo_url: null }],
        },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total_products: 1, total_quantity: 4 });
    const stored = (await readDraft('client', res.json().data.id)).draft_data.orders[0];
    expect(stored.selected_products).toEqual([expect.objectContaining({ product_id: 1, quantity: 4 })]);
    expect(stored.available_inventory).toEqual([expect.objectContaining({ product_id: 1, quantity_available: 5 })]);
  });

  it('refuses unknown keys inside draft_data with 422 naming them, storing nothing', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const before = await draftCount();
    const res = await refused(
      () =>
        save(
          'client',
          draftBody(a, world.warehouses.alpha, [
            { ...section(a, [{ product_id: 1, quantity: 1 }]), selectedProduct: [], colour: 'red' },
          ]),
        ),
      422,
    );
    expect(res.json().errors['draft_data.orders.0']).toEqual([
      DRAFT_MESSAGES.unknownFields(['selectedProduct', 'colour']),
    ]);
    const both = await save('client', draftBody(a, world.warehouses.alpha, [{ ...section(a, []), labelForms: [] }]));
    expect(both.json().errors['draft_data.orders.0.labelForms']).toEqual([
      DRAFT_MESSAGES.twoSpellings('labelForms', 'label_forms'),
    ]);
    expect(await draftCount()).toBe(before);
  });

  it('refuses a blank draft (nothing to keep), new or saved over', async () => {
    const { world } = ctx;
    const a = world.accounts.clientActive;
    const before = await draftCount();
    const blank = draftBody(
      a,
      world.warehouses.alpha,
      [section(a, [], { customer_name: '', ship_date: '', order_id: '', notes: '' })],
      { title: '  ', description: null },
    );
    const res = await refused(() => save('client', blank), 422);
    expect(res.json()).toEqual({
      message: DRAFT_MESSAGES.nothingToSave,
      errors: { draft_data: [DRAFT_MESSAGES.nothingToSave] },
    });
    expect(await draftCount()).toBe(before);
    const kept = (await save('client', draftBody(a, world.warehouses.alpha, [section(a, [])]))).json().data;
    await refused(() => save('client', blank, kept.id), 422);
    expect(await readDraft('client', kept.id)).toMatchObject({ title: 'Monday batch' });
  });
});
