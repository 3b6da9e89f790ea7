import { PRODUCT_MESSAGES } from '@wms/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './support/catalogue';
import { multipart } from './support/multipart';
import { type BookType, sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

const HEADER = ['SKU', 'Product Name', 'Photo URL', 'Product Link', 'Dimension', 'Weight (lbs)'];
const WITH_BARCODE = [...HEADER, 'Barcode'];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const upload = (rows: unknown[][], bookType: BookType = 'csv', actor: Actor = 'admin') =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/products/import',
    ...multipart(
      { account_id: ctx.world.accounts.clientActive },
      { filename: `products.${bookType}`, content: sheetFile(rows, bookType) },
    ),
  });

const productsOf = async (search: string, accountId = ctx.world.accounts.clientActive) =>
  Object.fromEntries(
    (
      (
        await ctx.as('admin', {
          method: 'GET',
          url: `/api/products?account_id=${accountId}&search=${search}&per_page=100`,
        })
      ).json().data as { sku: string; barcode: string | null; name: string }[]
    ).map((p) => [p.sku, p.barcode]),
  );

describe('product import with a Barcode column', () => {
  it('imports barcodes as text: leading zeros kept, long numbers in full (xlsx and csv)', async () => {
    for (const bookType of ['xlsx', 'csv'] as const) {
      const res = await upload(
        [
          WITH_BARCODE,
          [`BCI-${bookType}-1`, 'Zeroes', '', '', '', '', '0012345678905'],
          [`BCI-${bookType}-2`, 'Numeric cell', '', '', '', '', bookType === 'xlsx' ? 4006381333931 : '4006381333931'],
          [`BCI-${bookType}-3`, 'No barcode', '', '', '', '', ''],
        ],
        bookType,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().summary).toMatchObject({ success_count: 3, failure_count: 0 });
      expect(await productsOf(`BCI-${bookType}-`)).toEqual({
        [`BCI-${bookType}-1`]: '0012345678905',
        [`BCI-${bookType}-2`]: '4006381333931',
        [`BCI-${bookType}-3`]: null,
      });
      const clear = await upload(
        [
          WITH_BARCODE,
          [`BCI-${bookType}-1`, 'Zeroes', '', '', '', '', ''],
          [`BCI-${bookType}-2`, 'Numeric', '', '', '', '', ''],
        ],
        bookType,
      );
      expect(clear.statusCode, clear.body).toBe(200);
      expect(await productsOf(`BCI-${bookType}-`)).toEqual({
        [`BCI-${bookType}-1`]: null,
        [`BCI-${bookType}-2`]: null,
        [`BCI-${bookType}-3`]: null,
      });
    }
  });

  it('a file without the column keeps the stored barcodes and imports as before', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive, {
      sku: 'KEEP-1',
      barcode: 'KEEP-CODE-1',
    });
    const res = await upload([
      HEADER,
      ['KEEP-1', 'Renamed by a file without barcodes', '', '', '', ''],
      ['KEEP-2', 'New', '', '', '', ''],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatchObject({ success_count: 2, created_count: 1, updated_count: 1 });
    expect(await productsOf('KEEP-')).toEqual({ 'KEEP-1': 'KEEP-CODE-1', 'KEEP-2': null });
    expect(product.sku).toBe('KEEP-1');
  });

  it('refuses the whole file when barcodes clash, listing every clashing row; nothing is written', async () => {
    await createProduct(ctx, ctx.world.accounts.clientActive, { sku: 'HOLD-1', barcode: 'HELD-1' });
    const res = await upload([
      WITH_BARCODE,
      ['CLASH-1', 'Takes a held barcode', '', '', '', '', 'held-1'],
      ['CLASH-2', 'Fine', '', '', '', '', 'FREE-2'],
      ['CLASH-3', 'Same as row 3', '', '', '', '', 'FREE-2'],
      ['', 'A bad row of another kind', '', '', '', '', ''],
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: PRODUCT_MESSAGES.importBarcodeClashes,
      errors: {
        file: [
          PRODUCT_MESSAGES.importBarcodeTaken(2, 'held-1', 'HOLD-1'),
          PRODUCT_MESSAGES.importBarcodeTaken(4, 'FREE-2', 'CLASH-2'),
        ],
      },
    });
    expect(await productsOf('CLASH-')).toEqual({});
  });

  it('lets a file swap the barcodes of two products, and re-import a product with its own barcode', async () => {
    await createProduct(ctx, ctx.world.accounts.clientActive, { sku: 'SWAP-1', barcode: 'SW-A' });
    await createProduct(ctx, ctx.world.accounts.clientActive, { sku: 'SWAP-2', barcode: 'SW-B' });
    const res = await upload([
      WITH_BARCODE,
      ['SWAP-1', 'One', '', '', '', '', 'SW-B'],
      ['SWAP-2', 'Two', '', '', '', '', 'SW-A'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await productsOf('SWAP-')).toEqual({ 'SWAP-1': 'SW-B', 'SWAP-2': 'SW-A' });
    const again = await upload([WITH_BARCODE, ['SWAP-1', 'One', '', '', '', '', 'SW-B']]);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a barcode another account uses is no clash; a too long one is a row error like any other', async () => {
    await createProduct(ctx, ctx.world.accounts.neighbourActive, { sku: 'NB-1', barcode: 'SHARED-CODE' });
    const res = await upload([
      WITH_BARCODE,
      ['OWN-1', 'Same code, other account', '', '', '', '', 'SHARED-CODE'],
      ['OWN-2', 'Too long', '', '', '', '', 'X'.repeat(65)],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      summary: { success_count: 1, failure_count: 1 },
      validation_errors: [{ row: 3, message: PRODUCT_MESSAGES.barcodeTooLong }],
    });
    expect(await productsOf('OWN-')).toEqual({ 'OWN-1': 'SHARED-CODE' });
    expect(await productsOf('NB-', ctx.world.accounts.neighbourActive)).toEqual({ 'NB-1': 'SHARED-CODE' });
  });
});
