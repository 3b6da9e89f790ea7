import { BARCODE_MAX_LENGTH, PRODUCT_MESSAGES } from '@wms/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, uniqueSku } from './support/catalogue';
import { readRows } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let counter = 0;
/** An EAN-13-like code no other test in the file uses. */
const uniqueBarcode = () => `40${String(Date.now()).slice(-7)}${String(++counter).padStart(4, '0')}`;

const post = (actor: Actor, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'POST', url: '/api/products', payload });
const put = (actor: Actor, id: number, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'PUT', url: `/api/products/${id}`, payload });
const get = (actor: Actor, id: number) => ctx.as(actor, { method: 'GET', url: `/api/products/${id}` });
const search = async (actor: Actor, text: string) =>
  (await ctx.as(actor, { method: 'GET', url: `/api/products?search=${encodeURIComponent(text)}&per_page=100` })).json()
    .data as { sku: string; barcode: string | null }[];

describe('product barcode', () => {
  it('is stored trimmed, answered on create, detail and list, and optional', async () => {
    const barcode = uniqueBarcode();
    const res = await post('client', {
      sku: uniqueSku('BC'),
      name: 'Trail mug',
      barcode: `  ${barcode} `,
      account_id: ctx.world.accounts.clientActive,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.barcode).toBe(barcode);
    expect((await get('client', res.json().data.id)).json().data.barcode).toBe(barcode);

    const without = await createProduct(ctx, ctx.world.accounts.clientActive);
    expect((await get('admin', without.id)).json().data.barcode).toBeNull();
    const blank = await createProduct(ctx, ctx.world.accounts.clientActive, { barcode: '   ' });
    expect((await get('admin', blank.id)).json().data.barcode).toBeNull();
  });

  it('refuses a barcode longer than 64 characters with a field message', async () => {
    const res = await post('admin', {
      sku: uniqueSku('BC'),
      name: 'Long code',
      barcode: 'X'.repeat(BARCODE_MAX_LENGTH + 1),
      account_id: ctx.world.accounts.clientActive,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.barcode).toEqual([PRODUCT_MESSAGES.barcodeTooLong]);
    const atLimit = await createProduct(ctx, ctx.world.accounts.clientActive, {
      barcode: `GS1-${'9'.repeat(BARCODE_MAX_LENGTH - 4)}`,
    });
    expect((await get('admin', atLimit.id)).json().data.barcode).toHaveLength(BARCODE_MAX_LENGTH);
  });

  it('is unique per account, case-insensitively: a clash on create or edit answers 422 on barcode', async () => {
    const barcode = `abc-${uniqueBarcode()}`;
    const first = await createProduct(ctx, ctx.world.accounts.clientActive, { barcode }, 'client');
    const clash = await post('client', {
      sku: uniqueSku('BC'),
      name: 'Second',
      barcode: barcode.toUpperCase(),
      account_id: ctx.world.accounts.clientActive,
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toEqual({
      message: PRODUCT_MESSAGES.barcodeTaken,
      errors: { barcode: [PRODUCT_MESSAGES.barcodeTaken] },
    });

    const second = await createProduct(ctx, ctx.world.accounts.clientActive, {}, 'client');
    const edit = await put('client', second.id, { sku: second.sku, name: 'Second', barcode });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.barcode).toEqual([PRODUCT_MESSAGES.barcodeTaken]);
    // Saving the product that holds it keeps it (no clash with itself).
    const own = await put('client', first.id, { sku: first.sku, name: 'First', barcode });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.barcode).toBe(barcode);
  });

  it('may be the same in two accounts of two clients side by side, each seeing only their own', async () => {
    const barcode = uniqueBarcode();
    const mine = await createProduct(ctx, ctx.world.accounts.clientActive, { barcode }, 'client');
    const neighbours = await createProduct(ctx, ctx.world.accounts.neighbourActive, { barcode }, 'neighbourClient');
    expect((await get('client', mine.id)).json().data.barcode).toBe(barcode);
    expect((await get('neighbourClient', neighbours.id)).json().data.barcode).toBe(barcode);
    expect((await search('client', barcode)).map((p) => p.sku)).toEqual([mine.sku]);
    expect((await search('neighbourClient', barcode)).map((p) => p.sku)).toEqual([neighbours.sku]);
    expect((await get('client', neighbours.id)).statusCode).toBe(404);
  });

  it('is kept by an edit that does not send it, and cleared by an empty one', async () => {
    const barcode = uniqueBarcode();
    const product = await createProduct(ctx, ctx.world.accounts.clientActive, { barcode });
    const kept = await put('admin', product.id, { sku: product.sku, name: 'Renamed' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Renamed', barcode });
    const cleared = await put('admin', product.id, { sku: product.sku, name: 'Renamed', barcode: '' });
    expect(cleared.json().data.barcode).toBeNull();
    // Freed: another product of the account may take it now.
    await createProduct(ctx, ctx.world.accounts.clientActive, { barcode });
  });

  it('is searched by the products list (part of it, any case), beside SKU and name', async () => {
    const barcode = `Zq-${uniqueBarcode()}`;
    const product = await createProduct(ctx, ctx.world.accounts.clientActive, { barcode, name: 'Plain name' });
    expect((await search('admin', barcode.slice(3, 12).toLowerCase())).map((p) => p.sku)).toContain(product.sku);
    expect((await search('admin', barcode.toLowerCase())).map((p) => p.sku)).toEqual([product.sku]);
    expect((await search('admin', product.sku)).map((p) => p.sku)).toEqual([product.sku]);
  });

  it('goes along when a product is copied, unless the target account already uses it', async () => {
    const barcode = uniqueBarcode();
    const source = await createProduct(ctx, ctx.world.accounts.clientActive, { barcode });
    const copy = (productIds: number[]) =>
      ctx.as('admin', {
        method: 'POST',
        url: '/api/products/copy',
        payload: {
          product_ids: productIds,
          target_account_id: ctx.world.accounts.neighbourActive,
          target_warehouse_id: ctx.world.warehouses.alpha,
        },
      });
    const res = await copy([source.id]);
    expect(res.json()).toMatchObject({ copied_count: 1, total_skipped: 0 });
    expect((await search('neighbourClient', barcode)).map((p) => p.barcode)).toEqual([barcode]);

    const other = await createProduct(ctx, ctx.world.accounts.clientActive, { barcode: uniqueBarcode() });
    await createProduct(ctx, ctx.world.accounts.neighbourActive, {
      barcode: (await get('admin', other.id)).json().data.barcode,
    });
    const skipped = await copy([other.id]);
    expect(skipped.json()).toMatchObject({
      copied_count: 0,
      skipped: [{ product_id: other.id, reason: PRODUCT_MESSAGES.copyBarcodeTaken }],
    });
  });

  it('is in the export (a Barcode column) and the import template', async () => {
    const barcode = uniqueBarcode();
    const product = await createProduct(ctx, ctx.world.accounts.clientActive, { barcode });
    const res = await ctx.as('admin', { method: 'GET', url: `/api/products/export?format=csv&search=${barcode}` });
    expect(res.statusCode).toBe(200);
    const rows = readRows(res.rawPayload);
    const column = (rows[0] as string[]).indexOf('Barcode');
    expect(column).toBeGreaterThan(0);
    expect(rows.slice(1).map((r) => [r[1], String(r[column])])).toEqual([[product.sku, barcode]]);
  });
});
