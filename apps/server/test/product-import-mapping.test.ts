import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { products } from '../src/db/schema/products';
import { multipart } from './support/multipart';
import { uniqueOrderId } from './support/order-creation';
import {
  AMAZON_LISTINGS_COLUMNS,
  amazonListingsReport,
  csvText,
  SHOPIFY_PRODUCT_COLUMNS,
  shopifyProductsExport,
} from './support/shop-exports';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/** The product side: shop exports and hand-mapped files through the mapping step, saved mappings. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const inspect = (actor: Actor, filename: string, content: string, fields: Record<string, string | number> = {}) =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/products/import/inspect',
    ...multipart(fields, { filename, content: Buffer.from(content) }),
  });

const importFile = (actor: Actor, filename: string, content: string, fields: Record<string, string | number>) =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/products/import',
    ...multipart(fields, { filename, content: Buffer.from(content) }),
  });

async function stored(accountId: number, skus: string[]) {
  const rows = await ctx.handle.db
    .select({ sku: products.sku, name: products.name, weight: products.weightLb, barcode: products.barcode })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.sku, skus)));
  return Object.fromEntries(rows.map((r) => [r.sku, r]));
}

describe('Shopify products export', () => {
  it('is recognised; variants take their product’s title, grams become pounds, image rows are skipped', async () => {
    const { world } = ctx;
    const s = uniqueOrderId('TEE');
    const file = csvText(
      shopifyProductsExport([
        {
          handle: `classic-tee-${s}`,
          title: 'Classic Tee',
          extraImages: ['https://cdn.shopify.com/s/files/1/tee-back.jpg'],
          variants: [
            { sku: `${s}-S`, option: 'Small', grams: 200, barcode: `0${s.replace(/\D/g, '').slice(-11)}1` },
            { sku: `${s}-M`, option: 'Medium', grams: 454 },
            { sku: `${s}-L`, option: 'Large', grams: 'heavy' },
          ],
        },
        { handle: `mug-${s}`, title: 'Enamel Mug', variants: [{ sku: `${s}-MUG`, grams: 1000 }] },
        { handle: `no-sku-${s}`, title: 'Gift wrap', variants: [{ sku: '' }] },
      ]),
    );

    const seen = await inspect('client', 'products_export_1.csv', file, { account_id: world.accounts.clientActive });
    expect(seen.statusCode, seen.body).toBe(200);
    const inspection = seen.json();
    expect(inspection.preset).toEqual({ id: 'shopify_products', name: 'Shopify products export' });
    expect(inspection.recognised).toBe(false);
    expect(inspection.saved_mapping).toBeNull();
    expect(inspection.row_count).toBe(6);
    expect(inspection.columns.map((c: { name: string }) => c.name)).toEqual(SHOPIFY_PRODUCT_COLUMNS);
    expect(inspection.suggested_mapping).toEqual({
      variant_group: { source: 'column', column: 'Handle' },
      sku: { source: 'column', column: 'Variant SKU' },
      name: { source: 'column', column: 'Title' },
      photo_url: { source: 'column', column: 'Image Src' },
      weight: { source: 'column', column: 'Variant Grams', unit: 'g' },
      barcode: { source: 'column', column: 'Variant Barcode' },
      variant_options: { source: 'columns', columns: ['Option1 Value', 'Option2 Value', 'Option3 Value'] },
    });

    const res = await importFile('client', 'products_export_1.csv', file, {
      account_id: world.accounts.clientActive,
      mapping: JSON.stringify(inspection.suggested_mapping),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Row 5 (the image of the tee) is no product; rows 4 and 7 fail, each naming the column of the file.
    expect(res.json().summary).toMatchObject({ success_count: 3, failure_count: 2, created_count: 3 });
    expect(res.json().validation_errors).toEqual([
      { row: 4, message: "Weight must be a number of at least 0 (column 'Variant Grams')" },
      { row: 7, message: "SKU is required (column 'Variant SKU')" },
    ]);
    const rows = await stored(world.accounts.clientActive, [`${s}-S`, `${s}-M`, `${s}-L`, `${s}-MUG`]);
    expect(Object.keys(rows).sort()).toEqual([`${s}-M`, `${s}-MUG`, `${s}-S`]);
    expect(rows[`${s}-S`]).toMatchObject({ name: 'Classic Tee — Small', weight: 0.44 });
    expect(rows[`${s}-S`]!.barcode).toMatch(/^0\d+1$/);
    expect(rows[`${s}-M`]).toMatchObject({ name: 'Classic Tee — Medium', weight: 1, barcode: null });
    expect(rows[`${s}-MUG`]).toMatchObject({ name: 'Enamel Mug', weight: 2.2 });
  });
});

describe('Amazon listings report (tab-separated .txt)', () => {
  it('is recognised and imports SKU and name; the ASIN is not taken for a barcode', async () => {
    const { world } = ctx;
    const s = uniqueOrderId('AMZ');
    const report = amazonListingsReport([
      { sku: `${s}-1`, name: 'Bamboo Cutting Board', asin: 'B0CXYZ1234' },
      { sku: `${s}-2`, name: 'Cast Iron Skillet 10"', asin: 'B0CXYZ5678' },
      { sku: `${s}-1`, name: 'Bamboo Cutting Board (dup)', asin: 'B0CXYZ9999' },
    ]);
    const seen = await inspect('client', 'All+Listings+Report.txt', report, {
      account_id: world.accounts.clientActive,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().preset).toEqual({ id: 'amazon_listings', name: 'Amazon listings report' });
    expect(seen.json().columns).toHaveLength(AMAZON_LISTINGS_COLUMNS.length);
    const mapping = seen.json().suggested_mapping;
    expect(mapping).toEqual({
      sku: { source: 'column', column: 'seller-sku' },
      name: { source: 'column', column: 'item-name' },
      photo_url: { source: 'column', column: 'image-url' },
    });

    const res = await importFile('client', 'All+Listings+Report.txt', report, {
      account_id: world.accounts.clientActive,
      mapping: JSON.stringify(mapping),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatchObject({ success_count: 2, failure_count: 1 });
    expect(res.json().validation_errors).toEqual([
      { row: 4, message: `Duplicate SKU '${s}-1' (already on row 2) (column 'seller-sku')` },
    ]);
    const rows = await stored(world.accounts.clientActive, [`${s}-1`, `${s}-2`]);
    expect(rows[`${s}-2`]).toMatchObject({ name: 'Cast Iron Skillet 10"', barcode: null });
  });

  it('without a mapping, a .txt report is refused as before (the template import takes .xlsx, .xls, .csv)', async () => {
    const report = amazonListingsReport([{ sku: 'X-1', name: 'X', asin: 'B000000001' }]);
    const res = await importFile('client', 'report.txt', report, { account_id: ctx.world.accounts.clientActive });
    expect(res.statusCode).toBe(415);
  });
});

describe('an arbitrary CSV through a hand mapping', () => {
  const header = ['Item Code', 'Description', 'Wt (oz)', 'EAN', 'Notes'];

  it('imports with a constant and a unit, and names the file’s column in every row error', async () => {
    const { world } = ctx;
    const s = uniqueOrderId('HND');
    const file = csvText([
      header,
      [`${s}-1`, 'Linen Napkin', '8', `40${s.replace(/\D/g, '').slice(-10)}1`, ''],
      [`${s}-2`, '', '4', '', 'no description'],
      [`${s}-3`, 'Oak Coaster', 'a lot', '', ''],
      [`${s}-1`, 'Linen Napkin again', '8', '', 'repeats row 2'],
      [`${s}-4`, 'Wax Candle', '16', '', ''],
    ]);
    const seen = await inspect('client', 'catalogue.csv', file, { account_id: world.accounts.clientActive });
    expect(seen.json()).toMatchObject({ preset: null, saved_mapping: null, recognised: false });
    const mapping = {
      sku: { source: 'column', column: 'Item Code' },
      name: { source: 'column', column: 'Description' },
      weight: { source: 'column', column: 'Wt (oz)', unit: 'oz' },
      barcode: { source: 'column', column: 'EAN' },
      dimension: { source: 'constant', value: '10x8x4 in' },
    };
    const res = await importFile('client', 'catalogue.csv', file, {
      account_id: world.accounts.clientActive,
      mapping: JSON.stringify(mapping),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().validation_errors).toEqual([
      { row: 3, message: "Product name is required (column 'Description')" },
      { row: 4, message: "Weight must be a number of at least 0 (column 'Wt (oz)')" },
      { row: 5, message: `Duplicate SKU '${s}-1' (already on row 2) (column 'Item Code')` },
    ]);
    const rows = await stored(world.accounts.clientActive, [`${s}-1`, `${s}-4`]);
    expect(rows[`${s}-1`]).toMatchObject({ name: 'Linen Napkin', weight: 0.5 });
    expect(rows[`${s}-4`]).toMatchObject({ name: 'Wax Candle', weight: 1 });
    const [dimension] = await ctx.handle.db
      .select({ dimension: products.dimension })
      .from(products)
      .where(eq(products.sku, `${s}-4`));
    expect(dimension!.dimension).toBe('10x8x4 in');
  });

  it('refuses a mapping that leaves a required field out or names a column the file lacks, field by field', async () => {
    const file = csvText([header, ['A-1', 'Thing', '1', '', '']]);
    const res = await importFile('client', 'catalogue.csv', file, {
      account_id: ctx.world.accounts.clientActive,
      mapping: JSON.stringify({ sku: { source: 'column', column: 'SKU' } }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'mapping.sku': ["The file has no column 'SKU'"],
      'mapping.name': ['Product Name must be mapped to a column or given a value'],
    });
  });
});

describe('saved product mappings', () => {
  const header = ['Ref', 'Label', 'Grams'];
  const mapping = {
    sku: { source: 'column', column: 'Ref' },
    name: { source: 'column', column: 'Label' },
    weight: { source: 'column', column: 'Grams', unit: 'g' },
  };
  const save = (actor: Actor, accountId: number, name: string, body: Record<string, unknown> = {}) =>
    ctx.as(actor, {
      method: 'POST',
      url: '/api/import-mappings',
      payload: { account_id: accountId, kind: 'products', name, header, mapping, ...body },
    });

  it('is offered again for a file with the same header, and imports by its id', async () => {
    const { world } = ctx;
    const saved = await save('client', world.accounts.clientActive, 'Supplier sheet');
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({ kind: 'products', mapping });

    const s = uniqueOrderId('SAV');
    const file = csvText([header, [`${s}-1`, 'Clay Pot', '907']]);
    const seen = await inspect('client', 'supplier.csv', file, { account_id: world.accounts.clientActive });
    expect(seen.json().saved_mapping).toMatchObject({ id: saved.json().data.id, name: 'Supplier sheet' });
    expect(seen.json().suggested_mapping).toEqual(mapping);

    const res = await importFile('client', 'supplier.csv', file, {
      account_id: world.accounts.clientActive,
      mapping_id: saved.json().data.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(world.accounts.clientActive, [`${s}-1`]))[`${s}-1`]).toMatchObject({ weight: 2 });

    // The kinds do not mix: an order mapping is no product mapping, and the other way round.
    const listed = await ctx.as('client', { method: 'GET', url: '/api/import-mappings?kind=orders' });
    expect(listed.json().data.map((m: { id: number }) => m.id)).not.toContain(saved.json().data.id);
    const ordersWithIt = await ctx.as('client', {
      method: 'POST',
      url: '/api/orders/import',
      ...multipart(
        { warehouse_id: world.warehouses.alpha, mapping_id: saved.json().data.id },
        { filename: 'supplier.csv', content: Buffer.from(file) },
      ),
    });
    expect(ordersWithIt.statusCode).toBe(404);
    const wrongShape = await save('client', world.accounts.clientActive, 'Orders shape', {
      mapping: { order_id: { source: 'column', column: 'Ref' } },
    });
    expect(wrongShape.statusCode).toBe(422);
    expect(wrongShape.json().errors).toEqual({ mapping: ['The mapping is not valid'] });
  });

  it('a client neither sees nor uses another account’s product mapping (two clients in one warehouse)', async () => {
    const { world } = ctx;
    const saved = await save('client', world.accounts.clientActive, 'Private catalogue');
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data.id;
    const file = csvText([header, ['NB-1', 'Neighbour thing', '10']]);

    const listed = await ctx.as('neighbourClient', { method: 'GET', url: '/api/import-mappings?kind=products' });
    expect(listed.json().data.map((m: { id: number }) => m.id)).not.toContain(id);
    const seen = await inspect('neighbourClient', 'supplier.csv', file, { account_id: world.accounts.neighbourActive });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().saved_mapping).toBeNull();
    expect(
      (await inspect('neighbourClient', 'supplier.csv', file, { account_id: world.accounts.clientActive })).statusCode,
    ).toBe(404);
    const used = await importFile('neighbourClient', 'supplier.csv', file, {
      account_id: world.accounts.neighbourActive,
      mapping_id: id,
    });
    expect(used.statusCode).toBe(404);
    expect((await stored(world.accounts.neighbourActive, ['NB-1']))['NB-1']).toBeUndefined();
    const renamed = await ctx.as('neighbourClient', {
      method: 'PUT',
      url: `/api/import-mappings/${id}`,
      payload: { name: 'Mine' },
    });
    expect(renamed.statusCode).toBe(404);
    expect((await ctx.as('neighbourClient', { method: 'DELETE', url: `/api/import-mappings/${id}` })).statusCode).toBe(
      404,
    );
    expect((await save('neighbourClient', world.accounts.clientActive, 'Sneaky')).statusCode).toBe(404);

    // Staff whose scope reaches the account see it.
    const admin = await ctx.as('admin', {
      method: 'GET',
      url: `/api/import-mappings?kind=products&account_id=${world.accounts.clientActive}`,
    });
    expect(admin.json().data.map((m: { id: number }) => m.id)).toContain(id);
  });

  it('keeping product mappings takes the right to import products (403 without it)', async () => {
    const { db } = ctx.handle;
    const [client] = await db.select().from(roles).where(eq(roles.name, 'client'));
    const [createProducts] = await db.select().from(permissions).where(eq(permissions.name, 'create products'));
    const grant = and(eq(rolePermissions.roleId, client!.id), eq(rolePermissions.permissionId, createProducts!.id));
    await db.delete(rolePermissions).where(grant);
    try {
      const refused = await save('client', ctx.world.accounts.clientActive, 'Without the right');
      expect(refused.statusCode).toBe(403);
    } finally {
      await db.insert(rolePermissions).values({ roleId: client!.id, permissionId: createProducts!.id });
    }
    expect((await save('client', ctx.world.accounts.clientActive, 'With the right')).statusCode).toBe(201);
  });
});
