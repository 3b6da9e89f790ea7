import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../src/db/schema/orders';
import { multipart } from './support/multipart';
import { stockedProduct, uniqueOrderId } from './support/order-creation';
import { amazonUnshippedReport, csvText, SHOPIFY_ORDER_COLUMNS, shopifyExport } from './support/shop-exports';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const inTwoDays = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 2)).toISOString().slice(0, 10);
};

const inspect = (actor: Actor, filename: string, content: string, fields: Record<string, string | number> = {}) =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/orders/import/inspect',
    ...multipart(fields, { filename, content: Buffer.from(content) }),
  });

const importFile = (actor: Actor, filename: string, content: string, fields: Record<string, string | number>) =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/orders/import',
    ...multipart({ warehouse_id: ctx.world.warehouses.alpha, ...fields }, { filename, content: Buffer.from(content) }),
  });

async function storedOrder(externalId: string) {
  const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.externalOrderId, externalId));
  if (!order) return undefined;
  const lines = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { ...order, lines };
}

describe('Shopify orders export', () => {
  it('is recognised, and imports grouped by order with row-numbered errors naming its columns', async () => {
    const { world } = ctx;
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 50)),
    );
    const [one, two, bad, existing] = ['#S1', '#S2', '#S3', '#S4'].map((p) => uniqueOrderId(p)) as [
      string,
      string,
      string,
      string,
    ];
    const file = csvText(
      shopifyExport([
        { id: one, customer: 'Ann Archer', notes: 'Gift wrap', lines: [{ sku: a!.sku, quantity: 2 }, { sku: b!.sku, quantity: 1 }] },
        { id: two, customer: 'Bob Baker', lines: [{ sku: a!.sku, quantity: 1 }, { sku: b!.sku, quantity: 3 }, { sku: c!.sku, quantity: 1 }] },
        { id: bad, customer: 'Cy Cole', lines: [{ sku: c!.sku, quantity: 1 }, { sku: 'NO-SUCH-SKU', quantity: 1 }] },
        { id: existing, customer: 'Early Bird', lines: [{ sku: a!.sku, quantity: 1 }] },
      ]),
    ); // biome-ignore format: one order a line

    const seen = await inspect('client', 'orders_export.csv', file, { account_id: world.accounts.clientActive });
    expect(seen.statusCode, seen.body).toBe(200);
    const inspection = seen.json();
    expect(inspection.preset).toEqual({ id: 'shopify_orders', name: 'Shopify orders export' });
    expect(inspection.is_template).toBe(false);
    expect(inspection.row_count).toBe(8);
    // The header and the first rows only, never the whole file.
    expect(inspection.preview).toHaveLength(5);
    expect(inspection.columns.map((c: { name: string }) => c.name)).toEqual(SHOPIFY_ORDER_COLUMNS);
    expect(inspection.columns.find((c: { name: string }) => c.name === 'Shipping Name').samples).toEqual([
      'Ann Archer',
      'Bob Baker',
      'Cy Cole',
    ]);
    expect(inspection.suggested_mapping).toMatchObject({
      order_id: { source: 'column', column: 'Name' },
      customer_name: { source: 'column', column: 'Shipping Name' },
      sku: { source: 'column', column: 'Lineitem sku' },
      quantity: { source: 'column', column: 'Lineitem quantity' },
      account_name: { source: 'current_account' },
      ship_date: { source: 'days_from_today', days: 2 },
    });

    const mapping = JSON.stringify(inspection.suggested_mapping);
    const fields = { mapping, account_id: world.accounts.clientActive };
    const first = await importFile('client', 'existing.csv', csvText(shopifyExport([{ id: existing, customer: 'Early Bird', lines: [{ sku: a!.sku, quantity: 1 }] }])), fields); // biome-ignore format: one call
    expect(first.statusCode, first.body).toBe(200);

    const res = await importFile('client', 'orders_export.csv', file, fields);
    expect(res.statusCode, res.body).toBe(200);
    const { summary } = res.json();
    expect(summary.success_count).toBe(2);
    // Sheet rows: header 1; #S1 rows 2-3; #S2 rows 4-6; #S3 rows 7-8; #S4 row 9.
    expect(summary.errors).toEqual([
      `Row 8: SKU 'NO-SUCH-SKU' not found for account 'Cleo Active Goods' (column 'Lineitem sku')`,
      `Rows 7, 8: order '${bad}' was not created because of the errors above`,
    ]);
    expect(summary.warnings).toEqual([
      `Row 9: order '${existing}' of 'Cleo Active Goods' already exists and was skipped`,
    ]);

    const created = await storedOrder(one);
    // Order fields from the order's first row (Shopify leaves them blank below), ship date = today + 2 days.
    expect(created).toMatchObject({ customerName: 'Ann Archer', notes: 'Gift wrap', shipDate: inTwoDays() });
    expect(created!.accountId).toBe(world.accounts.clientActive);
    expect(created!.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ]);
    const second = await storedOrder(two);
    expect(second).toMatchObject({ customerName: 'Bob Baker' });
    expect(second!.lines).toHaveLength(3);
    expect(await storedOrder(bad)).toBeUndefined();
    expect(await ctx.handle.db.select().from(orders).where(eq(orders.externalOrderId, existing))).toHaveLength(1);
  });

  it('without a mapping is read as our template, as the spec says (missing columns named)', async () => {
    const file = csvText(
      shopifyExport([{ id: uniqueOrderId('#T'), customer: 'X', lines: [{ sku: 'A', quantity: 1 }] }]),
    );
    const res = await importFile('client', 'orders_export.csv', file, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toMatch(/^Missing required column\(s\): Account Name, Order ID/);
  });
});

describe('Amazon unshipped orders report (tab-separated .txt)', () => {
  it('is recognised and imports, with the promise date as ship date and errors naming its columns', async () => {
    const { world } = ctx;
    const p = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 50);
    const q = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 50);
    const [one, two, bad] = ['111', '112', '113'].map((n) => uniqueOrderId(n)) as [string, string, string];
    const report = amazonUnshippedReport([
      { id: one, customer: 'Dee Dunn', promise: '2026-12-03T07:59:59+00:00', lines: [{ sku: p.sku, quantity: 1 }, { sku: q.sku, quantity: 2 }] },
      { id: two, customer: 'Eve Ellis', promise: '2026-12-04T07:59:59-08:00', lines: [{ sku: q.sku, quantity: 1 }, { sku: p.sku, quantity: 4 }] },
      { id: bad, customer: 'Fay Fox', promise: '2026-12-04T07:59:59-08:00', lines: [{ sku: p.sku, quantity: 'two' }, { sku: 'GONE', quantity: 1 }] },
    ]); // biome-ignore format: one order a line
    const seen = await inspect('client', 'UnshippedOrders.txt', report);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().preset).toEqual({ id: 'amazon_unshipped_orders', name: 'Amazon unshipped orders report' });
    expect(seen.json().suggested_mapping).toMatchObject({
      order_id: { source: 'column', column: 'order-id' },
      sku: { source: 'column', column: 'sku' },
      quantity: { source: 'column', column: 'quantity-to-ship' },
      customer_name: { source: 'column', column: 'recipient-name' },
      ship_date: { source: 'column', column: 'promise-date' },
    });

    const res = await importFile('client', 'UnshippedOrders.txt', report, {
      mapping: JSON.stringify(seen.json().suggested_mapping),
      account_id: world.accounts.clientActive,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { summary } = res.json();
    expect(summary.success_count).toBe(2);
    expect(summary.errors).toEqual([
      "Row 6: Please enter a valid quantity (column 'quantity-to-ship')",
      "Row 7: SKU 'GONE' not found for account 'Cleo Active Goods' (column 'sku')",
      `Rows 6, 7: order '${bad}' was not created because of the errors above`,
    ]);
    expect(await storedOrder(one)).toMatchObject({ customerName: 'Dee Dunn', shipDate: '2026-12-03' });
    const second = await storedOrder(two);
    expect(second).toMatchObject({ customerName: 'Eve Ellis', shipDate: '2026-12-04' });
    expect(second!.lines.map((l) => l.quantity).sort()).toEqual([1, 4]);
  });
});

describe('an arbitrary CSV through a hand mapping', () => {
  const header = ['Ref', 'Deliver To', 'Item Code', 'Units', 'Remarks', 'Carrier'];

  it('imports with constants and defaults, and names the file’s columns in every row error', async () => {
    const { world } = ctx;
    const shipper = await ctx.as('admin', {
      method: 'POST',
      url: '/api/shippers',
      payload: { name: 'Hand Freight', code: 'HANDF', website: 'https://hand.example.com' },
    });
    expect(shipper.statusCode, shipper.body).toBe(201);
    const p = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 50);
    const [one, two, three] = ['W1', 'W2', 'W3'].map((x) => uniqueOrderId(x)) as [string, string, string];
    const file = csvText([
      header,
      [one, 'Gus Grant', p.sku, '1', 'Back door', ''],
      [one, '', p.sku, '2', '', ''],
      [two, 'Hal Hart', p.sku, '5', '', ''],
      [three, '', p.sku, '1', '', ''],
      [three, '', 'MISSING', '0', '', ''],
    ]);
    const mapping = {
      account_name: { source: 'current_account' },
      order_id: { source: 'column', column: 'Ref' },
      customer_name: { source: 'column', column: 'Deliver To' },
      ship_date: { source: 'constant', value: '2026-12-24' },
      shipper: { source: 'constant', value: 'Hand Freight' },
      sku: { source: 'column', column: 'Item Code' },
      quantity: { source: 'column', column: 'Units' },
      notes: { source: 'column', column: 'Remarks' },
    };
    const seen = await inspect('client', 'wh.csv', file);
    expect(seen.json()).toMatchObject({ preset: null, saved_mapping: null, is_template: false });
    // Guessed from the names: "Units" is no known quantity header, so a person maps it by hand.
    expect(seen.json().suggested_mapping.quantity).toBeUndefined();

    const res = await importFile('client', 'wh.csv', file, {
      mapping: JSON.stringify(mapping),
      account_id: world.accounts.clientActive,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { summary } = res.json();
    expect(summary.success_count).toBe(2);
    expect(summary.errors).toEqual([
      "Row 5: Customer name is required (column 'Deliver To')",
      "Row 6: Customer name is required (column 'Deliver To'); Please enter a valid quantity (column 'Units')",
      "Row 6: SKU 'MISSING' not found for account 'Cleo Active Goods' (column 'Item Code')",
      `Rows 5, 6: order '${three}' was not created because of the errors above`,
    ]);
    const created = await storedOrder(one);
    expect(created).toMatchObject({ customerName: 'Gus Grant', notes: 'Back door', shipDate: '2026-12-24' });
    expect(created!.shipperId).toBe(shipper.json().shipper.id);
  });

  it('refuses a mapping that leaves a required field out or names a column the file lacks, field by field', async () => {
    const file = csvText([header, ['R1', 'Ann', 'SKU', '1', '', '']]);
    const res = await importFile('client', 'wh.csv', file, {
      mapping: JSON.stringify({ order_id: { source: 'column', column: 'Reference' }, ship_date: { source: 'current_account' } }),
    }); // biome-ignore format: one call
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'mapping.account_name': ['Account Name must be mapped to a column or given a value'],
      'mapping.order_id': ["The file has no column 'Reference'"],
      'mapping.customer_name': ['Customer Name must be mapped to a column or given a value'],
      'mapping.ship_date': ['This kind of value cannot stand in for Ship Date'],
      'mapping.sku': ['SKU must be mapped to a column or given a value'],
      'mapping.quantity': ['Quantity must be mapped to a column or given a value'],
    });
    const junk = await importFile('client', 'wh.csv', file, { mapping: '{"sku":{"source":"sql"}}' });
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors).toEqual({ mapping: ['The mapping is not valid'] });
  });
});

describe('saved mappings', () => {
  const header = ['PO', 'Ship To', 'Product', 'Count'];
  const mapping = {
    account_name: { source: 'current_account' },
    order_id: { source: 'column', column: 'PO' },
    customer_name: { source: 'column', column: 'Ship To' },
    ship_date: { source: 'days_from_today', days: 2 },
    sku: { source: 'column', column: 'Product' },
    quantity: { source: 'column', column: 'Count' },
  };
  const save = (actor: Actor, accountId: number, name: string) =>
    ctx.as(actor, {
      method: 'POST',
      url: '/api/import-mappings',
      payload: { account_id: accountId, name, header, mapping },
    });

  it('is offered again for a file with the same header, and imports by its id', async () => {
    const { world } = ctx;
    const saved = await save('client', world.accounts.clientActive, 'My marketplace');
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data.id;
    expect(saved.json().data).toMatchObject({
      account_name: 'Cleo Active Goods',
      name: 'My marketplace',
      kind: 'orders',
    });
    expect((await save('client', world.accounts.clientActive, 'My marketplace')).json().errors).toEqual({
      name: ['This account already has a mapping with this name'],
    });

    const p = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 5);
    const po = uniqueOrderId('PO');
    // Same columns, other case and spacing: the same header for a person.
    const file = csvText([
      ['po', 'Ship  To', 'PRODUCT', 'count'],
      [po, 'Ivy Ives', p.sku, '2'],
    ]);
    const seen = await inspect('client', 'next.csv', file, { account_id: world.accounts.clientActive });
    expect(seen.json().saved_mapping).toMatchObject({ id, name: 'My marketplace' });
    expect(seen.json().suggested_mapping).toEqual(mapping);

    const sameCase = csvText([header, [po, 'Ivy Ives', p.sku, '2']]);
    const res = await importFile('client', 'next.csv', sameCase, {
      mapping_id: id,
      account_id: world.accounts.clientActive,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary.success_count).toBe(1);
    expect(await storedOrder(po)).toMatchObject({ customerName: 'Ivy Ives', shipDate: inTwoDays() });

    const renamed = await ctx.as('client', {
      method: 'PUT',
      url: `/api/import-mappings/${id}`,
      payload: { name: 'Marketplace v2' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Marketplace v2');
    const badColumn = await ctx.as('client', {
      method: 'PUT',
      url: `/api/import-mappings/${id}`,
      payload: { mapping: { ...mapping, sku: { source: 'column', column: 'Nope' } } },
    });
    expect(badColumn.statusCode).toBe(422);
    expect(badColumn.json().errors).toEqual({ 'mapping.sku': ["The file has no column 'Nope'"] });
  });

  it('a client neither sees nor uses another account’s mapping (two clients in one warehouse); staff in scope do', async () => {
    const { world } = ctx;
    const saved = await save('client', world.accounts.clientActive, 'Private layout');
    expect(saved.statusCode, saved.body).toBe(201);
    const id: number = saved.json().data.id;
    const names = async (actor: Actor) =>
      (await ctx.as(actor, { method: 'GET', url: '/api/import-mappings' }))
        .json()
        .data.map((m: { id: number }) => m.id);

    expect(await names('client')).toContain(id);
    expect(await names('neighbourClient')).not.toContain(id);
    expect(await names('otherClient')).not.toContain(id);
    expect(await names('manager')).toContain(id);
    expect(await names('otherManager')).not.toContain(id);
    expect(await names('admin')).toContain(id);

    const file = csvText([header, ['N-1', 'Nell', 'SKU-X', '1']]);
    const offered = await inspect('neighbourClient', 'same.csv', file);
    expect(offered.json().saved_mapping).toBeNull();
    const used = await importFile('neighbourClient', 'same.csv', file, { mapping_id: id });
    expect(used.statusCode).toBe(404);
    expect(used.json()).toEqual({ message: 'Mapping not found' });
    for (const request of [
      { method: 'PUT' as const, url: `/api/import-mappings/${id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE' as const, url: `/api/import-mappings/${id}` },
    ]) {
      const res = await ctx.as('neighbourClient', request);
      expect(res.statusCode).toBe(404);
    }
    // Nor save one for an account they do not own, nor import "as" it.
    expect((await save('neighbourClient', world.accounts.clientActive, 'Sneaky')).statusCode).toBe(404);
    const asOther = await importFile('neighbourClient', 'same.csv', file, {
      mapping: JSON.stringify(mapping),
      account_id: world.accounts.clientActive,
    });
    expect(asOther.statusCode).toBe(404);

    const removed = await ctx.as('manager', { method: 'DELETE', url: `/api/import-mappings/${id}` });
    expect(removed.statusCode).toBe(200);
    expect(await names('client')).not.toContain(id);
    const stillThere = await ctx.handle.db
      .select()
      .from(orders)
      .where(inArray(orders.externalOrderId, ['N-1']));
    expect(stillThere).toHaveLength(0);
  });
});
