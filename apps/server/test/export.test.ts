import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseFormula } from '../src/spreadsheets/write-sheet';
import { createInventory, createProduct } from './support/catalogue';
import { readRows } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
// Leading tab and CR cannot reach the database (inputs are trimmed); the unit test below covers them.
const DANGEROUS = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)'];

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [index, name] of DANGEROUS.entries()) {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive, { sku: `EXP-${index}`, name });
    await createInventory(ctx, {
      productId: product.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      onHand: index,
    });
  }
  await createProduct(ctx, ctx.world.accounts.otherClient, { sku: 'EXP-FOREIGN', name: 'Not yours' });
});
afterAll(() => ctx.close());

describe('formula neutralising', () => {
  it('prefixes text starting with = + - @ tab or CR, and leaves numbers and plain text alone', () => {
    for (const value of [...DANGEROUS, '\tTAB', '\rCR']) expect(neutraliseFormula(value)).toBe(`'${value}`);
    expect(neutraliseFormula('Plain')).toBe('Plain');
    expect(neutraliseFormula(-5)).toBe(-5);
    expect(neutraliseFormula(null)).toBeNull();
  });
});

describe.each(['csv', 'xlsx'] as const)('exports as %s', (format) => {
  it('GET /api/products/export: the filtered list, scoped, formulas neutralised', async () => {
    const res = await ctx.as('client', { method: 'GET', url: `/api/products/export?format=${format}&search=EXP-` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="products_\\d{8}_\\d{6}\\.${format}"$`),
    );
    const rows = readRows(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['SKU', 'Product Name', 'Weight (lbs)', 'Account']));
    const names = rows.slice(1).map((row) => row[2]);
    expect(names.sort()).toEqual(DANGEROUS.map((v) => `'${v}`).sort());
    expect(rows.flat()).not.toContain('Not yours');
  });

  it('GET /api/inventories/export: the filtered list, scoped, formulas neutralised', async () => {
    const res = await ctx.as('manager', { method: 'GET', url: `/api/inventories/export?format=${format}&search=EXP-` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="inventories_\d{8}_\d{6}\./);
    const rows = readRows(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['SKU', 'On Hand', 'Reserved', 'Available', 'Stock Status']));
    expect(rows).toHaveLength(DANGEROUS.length + 1);
    for (const row of rows.slice(1)) expect(String(row[2]).startsWith("'")).toBe(true);
    const outOfStock = await ctx.as('manager', {
      method: 'GET',
      url: `/api/inventories/export?format=${format}&search=EXP-&stock_status=out_of_stock`,
    });
    expect(readRows(outOfStock.rawPayload)).toHaveLength(2);
  });
});

it('refuses an unknown export format (422)', async () => {
  const res = await ctx.as('admin', { method: 'GET', url: '/api/products/export?format=pdf' });
  expect(res.statusCode).toBe(422);
});
