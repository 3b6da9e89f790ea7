import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/products';
import { multipart } from './support/multipart';
import { uniqueOrderId } from './support/order-creation';
import { csvText, shopifyProductsExport } from './support/shop-exports';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * A mapped re-import updates only the fields it has a column for (a blank cell of a mapped
 * column clears); point 23: the Shopify preset names each variant after its option values.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, filename: string, content: string, fields: Record<string, string | number>) =>
  ctx.as('client', { method: 'POST', url, ...multipart(fields, { filename, content: Buffer.from(content) }) });

async function stored(skus: string[]) {
  const rows = await ctx.handle.db
    .select({
      sku: products.sku,
      name: products.name,
      link: products.link,
      dimension: products.dimension,
      weight: products.weightLb,
      barcode: products.barcode,
    })
    .from(products)
    .where(and(eq(products.accountId, ctx.world.accounts.clientActive), inArray(products.sku, skus)));
  return Object.fromEntries(rows.map((r) => [r.sku, r]));
}

/** Three sock variants as our own template creates them: link, dimension, weight and barcode all filled. */
async function socksFromTemplate(s: string) {
  const digits = s.replace(/\D/g, '').slice(-9);
  const barcodes = { S: `400${digits}1`, M: `400${digits}2`, L: `400${digits}3` };
  const file = csvText([
    ['SKU', 'Product Name', 'Product Link', 'Dimension', 'Weight (lbs)', 'Barcode'],
    ...(['S', 'M', 'L'] as const).map((size) => [
      `${s}-${size}`,
      'Socks',
      `https://shop.example.com/socks-${size}`,
      '8x4x1 in',
      '0.2',
      barcodes[size],
    ]),
  ]);
  const res = await post('/api/products/import', 'products.csv', file, { account_id: ctx.world.accounts.clientActive });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().summary).toMatchObject({ created_count: 3 });
  return barcodes;
}

/** The Shopify export of the same socks, read with the mapping the inspection suggests (the preset's). */
async function reimportShopify(s: string, barcodes: Record<'S' | 'M' | 'L', string>, change = (m: object) => m) {
  const file = csvText(
    shopifyProductsExport([
      {
        handle: `merino-trail-socks-${s}`,
        title: 'Merino Trail Socks',
        variants: (['S', 'M', 'L'] as const).map((size) => ({
          sku: `${s}-${size}`,
          option: size,
          grams: 227,
          barcode: barcodes[size],
        })),
      },
    ]),
  );
  const account = ctx.world.accounts.clientActive;
  const seen = await post('/api/products/import/inspect', 'products_export.csv', file, { account_id: account });
  expect(seen.json().preset?.id).toBe('shopify_products');
  const mapping = change(seen.json().suggested_mapping);
  const res = await post('/api/products/import', 'products_export.csv', file, {
    account_id: account,
    mapping: JSON.stringify(mapping),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().summary).toMatchObject({ updated_count: 3, failure_count: 0 });
}

describe('a mapped product re-import', () => {
  it('with the Shopify preset keeps Product Link, Dimension and Barcode, and updates what it maps', async () => {
    const s = uniqueOrderId('SOX');
    const barcodes = await socksFromTemplate(s);
    await reimportShopify(s, barcodes);
    const rows = await stored([`${s}-S`, `${s}-M`, `${s}-L`]);
    for (const size of ['S', 'M', 'L'] as const) {
      expect(rows[`${s}-${size}`]).toEqual({
        sku: `${s}-${size}`,
        name: `Merino Trail Socks — ${size}`,
        link: `https://shop.example.com/socks-${size}`,
        dimension: '8x4x1 in',
        weight: 0.5,
        barcode: barcodes[size],
      });
    }
  });

  it('keeps a barcode the mapping leaves out, and clears only a mapped column that is present and empty', async () => {
    const s = uniqueOrderId('SOY');
    const barcodes = await socksFromTemplate(s);
    const blank = { S: '', M: '', L: '' };
    // The person unmapped Barcode: the export's empty Variant Barcode cells must not clear anything.
    await reimportShopify(s, blank, ({ barcode: _left, ...rest }: { barcode?: unknown }) => rest);
    let rows = await stored([`${s}-S`, `${s}-M`, `${s}-L`]);
    expect(Object.values(rows).map((r) => r.barcode)).toEqual(expect.arrayContaining(Object.values(barcodes)));
    // A fixed value never typed is no value either.
    await reimportShopify(s, barcodes, (m) => ({ ...m, dimension: { source: 'constant', value: '' } }));
    rows = await stored([`${s}-S`]);
    expect(rows[`${s}-S`]).toMatchObject({ dimension: '8x4x1 in', link: `https://shop.example.com/socks-S` });
    // Mapped and empty: the Variant Barcode column is there, blank, so the barcodes are cleared.
    await reimportShopify(s, blank);
    rows = await stored([`${s}-S`, `${s}-M`, `${s}-L`]);
    expect(Object.values(rows).map((r) => r.barcode)).toEqual([null, null, null]);
    expect(rows[`${s}-M`]).toMatchObject({ dimension: '8x4x1 in', link: `https://shop.example.com/socks-M` });
  });
});

describe('the Shopify products preset', () => {
  it('suggests the option value columns and names each variant after its values; a single product keeps its title', async () => {
    const s = uniqueOrderId('OPT');
    const file = csvText(
      shopifyProductsExport([
        {
          handle: `trail-socks-${s}`,
          title: 'Merino Trail Socks',
          variants: [
            { sku: `${s}-S`, option: 'S' },
            { sku: `${s}-M`, option: 'M' },
          ],
        },
        { handle: `mug-${s}`, title: 'Enamel Mug', variants: [{ sku: `${s}-MUG` }] },
      ]),
    );
    const account = ctx.world.accounts.clientActive;
    const seen = await post('/api/products/import/inspect', 'products_export.csv', file, { account_id: account });
    expect(seen.json().suggested_mapping.variant_options).toEqual({
      source: 'columns',
      columns: ['Option1 Value', 'Option2 Value', 'Option3 Value'],
    });
    const res = await post('/api/products/import', 'products_export.csv', file, {
      account_id: account,
      mapping: JSON.stringify(seen.json().suggested_mapping),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await stored([`${s}-S`, `${s}-M`, `${s}-MUG`]);
    expect(rows[`${s}-S`]!.name).toBe('Merino Trail Socks — S');
    expect(rows[`${s}-M`]!.name).toBe('Merino Trail Socks — M');
    // Shopify's "Default Title" is the option value of a product without variants: no suffix.
    expect(rows[`${s}-MUG`]!.name).toBe('Enamel Mug');
  });

  it('refuses option columns the file does not have (422 mapping.variant_options)', async () => {
    const file = csvText(shopifyProductsExport([{ handle: 'h', title: 'T', variants: [{ sku: 'OPT-X' }] }]));
    const res = await post('/api/products/import', 'products_export.csv', file, {
      account_id: ctx.world.accounts.clientActive,
      mapping: JSON.stringify({
        sku: { source: 'column', column: 'Variant SKU' },
        name: { source: 'column', column: 'Title' },
        variant_options: { source: 'columns', columns: ['Option1 Value', 'Colour'] },
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'mapping.variant_options': ["The file has no column 'Colour'"] });
  });
});
