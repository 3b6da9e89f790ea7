import { KIT_MESSAGES } from '@wms/contract/kits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, uniqueSku } from './support/catalogue';
import { multipart } from './support/multipart';
import { readRows, sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HEADER = ['SKU', 'Product Name', 'Kind', 'Components'];

const importRows = (rows: unknown[][], header: string[] = HEADER) =>
  ctx.as('client', {
    method: 'POST',
    url: '/api/products/import',
    ...multipart(
      { account_id: ctx.world.accounts.clientActive },
      { filename: 'kits.csv', content: sheetFile([header, ...rows], 'csv') },
    ),
  });

const bySku = async (sku: string) => {
  const list = await ctx.as('client', {
    method: 'GET',
    url: `/api/products?account_id=${ctx.world.accounts.clientActive}&search=${encodeURIComponent(sku)}`,
  });
  const found = list.json().data.find((p: { sku: string }) => p.sku === sku);
  if (!found) return undefined;
  return (await ctx.as('client', { method: 'GET', url: `/api/products/${found.id}` })).json().data;
};

describe('product import with kinds and components', () => {
  it('creates components and the kit in one file, and the export gives back the same cells', async () => {
    const a = uniqueSku('CA');
    const b = uniqueSku('CB');
    const kit = uniqueSku('KIT');
    const res = await importRows([
      [kit, 'Gift set', 'bundle', `${a}:2; ${b}:1`],
      [a, 'Candle', '', ''],
      [b, 'Soap', 'standard', ''],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created_count).toBe(3);

    const stored = await bySku(kit);
    expect(stored.kind).toBe('bundle');
    expect(stored.components.map((c: { sku: string; quantity: number }) => [c.sku, c.quantity])).toEqual(
      [
        [a, 2],
        [b, 1],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect((await bySku(a)).kits.map((k: { sku: string }) => k.sku)).toEqual([kit]);

    const exported = await ctx.as('client', { method: 'GET', url: `/api/products/export?format=csv&search=${kit}` });
    const rows = readRows(exported.rawPayload);
    const header = rows[0] as string[];
    const line = rows[1] as unknown[];
    expect(line[header.indexOf('Kind')]).toBe('bundle');
    expect(line[header.indexOf('Components')]).toBe([`${a}:2`, `${b}:1`].sort().join(';'));
  });

  it('a re-import without the Components column keeps the stored components and kind', async () => {
    const a = uniqueSku('KA');
    const kit = uniqueSku('KEEP');
    expect(
      (
        await importRows([
          [a, 'Part', 'standard', ''],
          [kit, 'Kit', 'assembled', `${a}:3`],
        ])
      ).statusCode,
    ).toBe(200);
    const again = await importRows([[kit, 'Kit renamed']], ['SKU', 'Product Name']);
    expect(again.statusCode, again.body).toBe(200);
    const stored = await bySku(kit);
    expect(stored).toMatchObject({ name: 'Kit renamed', kind: 'assembled' });
    expect(stored.components).toMatchObject([{ sku: a, quantity: 3 }]);
  });

  it('refuses the whole file naming every bad row, and writes nothing', async () => {
    const account = ctx.world.accounts.clientActive;
    const storedKit = await createProduct(ctx, account, { kind: 'bundle' });
    const part = await createProduct(ctx, account);
    const user = await createProduct(ctx, account, { kind: 'bundle' });
    await ctx.as('admin', {
      method: 'PUT',
      url: `/api/products/${user.id}/components`,
      payload: { components: [{ product_id: part.id, quantity: 1 }] },
    });
    const neighbour = await createProduct(ctx, ctx.world.accounts.neighbourActive);
    const fresh = uniqueSku('FRESH');
    const res = await importRows([
      [fresh, 'Would be created', 'standard', ''], // row 2: fine on its own
      [uniqueSku('X'), 'Bad kind', 'virtual', ''], // row 3
      [uniqueSku('X'), 'Bad cell', 'bundle', 'no-quantity'], // row 4
      [uniqueSku('X'), 'Unknown', 'bundle', `${neighbour.sku}:1`], // row 5: another account's SKU
      [uniqueSku('X'), 'Nested', 'bundle', `${storedKit.sku}:1`], // row 6
      [uniqueSku('X'), 'Standard with list', 'standard', `${fresh}:1`], // row 7
      [part.sku, 'Component turned kit', 'assembled', ''], // row 8
    ]);
    expect(res.statusCode).toBe(422);
    // Cell problems are reported first (the file is not read further), then the catalogue rules.
    expect(res.json()).toEqual({
      message: KIT_MESSAGES.importRefused,
      errors: { file: [KIT_MESSAGES.importKindInvalid(3), KIT_MESSAGES.importComponentsFormat(4)] },
    });

    const rules = await importRows([
      [fresh, 'Would be created', 'standard', ''],
      [uniqueSku('X'), 'Unknown', 'bundle', `${neighbour.sku}:1`],
      [uniqueSku('X'), 'Nested', 'bundle', `${storedKit.sku}:1`],
      [uniqueSku('X'), 'Standard with list', 'standard', `${fresh}:1`],
      [part.sku, 'Component turned kit', 'assembled', ''],
    ]);
    expect(rules.statusCode).toBe(422);
    expect(rules.json().errors.file).toEqual([
      KIT_MESSAGES.importComponentUnknown(3, neighbour.sku),
      KIT_MESSAGES.importComponentIsKit(4, storedKit.sku),
      KIT_MESSAGES.importComponentsOnStandard(5),
      KIT_MESSAGES.importComponentCannotBeKit(6, part.sku),
    ]);
    // Nothing was written: the fresh product does not exist and the component is still standard.
    expect(await bySku(fresh)).toBeUndefined();
    expect((await bySku(part.sku)).kind).toBe('standard');
  });
});
