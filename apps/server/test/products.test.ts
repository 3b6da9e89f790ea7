import { PRODUCT_MESSAGES } from '@wms/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory, createProduct, uniqueSku } from './support/catalogue';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (actor: Actor, payload: Record<string, unknown>) =>
  ctx.as(actor, { method: 'POST', url: '/api/products', payload });

describe('POST /api/products', () => {
  it('creates a product with every field, weight in pounds, and answers the product view', async () => {
    const sku = uniqueSku('FULL');
    const res = await post('admin', {
      sku,
      name: 'Water Bottle',
      photo: 'https://cdn.example.com/bottle.jpg',
      link: 'https://shop.example.com/bottle',
      dimension: '10x5x3 cm',
      weight: '1.255',
      account_id: ctx.world.accounts.clientActive,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Product created successfully');
    expect(body.data).toMatchObject({
      sku,
      name: 'Water Bottle',
      photo_url: 'https://cdn.example.com/bottle.jpg',
      link: 'https://shop.example.com/bottle',
      dimension: '10x5x3 cm',
      weight: 1.26,
      weight_unit: 'lb',
      account_id: ctx.world.accounts.clientActive,
      account: { id: ctx.world.accounts.clientActive, name: 'Cleo Active Goods', email: 'client@test.example.com' },
      accounts: [{ id: ctx.world.accounts.clientActive, name: 'Cleo Active Goods' }],
    });
    expect(body.product).toEqual(body.data);
  });

  it.each([
    [{ sku: '' }, 'sku', PRODUCT_MESSAGES.skuRequired],
    [{ sku: '   ' }, 'sku', PRODUCT_MESSAGES.skuRequired],
    [{ name: '' }, 'name', PRODUCT_MESSAGES.nameRequired],
    [{ photo: 'not a url' }, 'photo', PRODUCT_MESSAGES.urlInvalid],
    [{ photo: 'javascript:alert(1)' }, 'photo', PRODUCT_MESSAGES.urlInvalid],
    [{ link: 'ftp://example.com/x' }, 'link', PRODUCT_MESSAGES.urlInvalid],
    [{ weight: -1 }, 'weight', PRODUCT_MESSAGES.weightInvalid],
    [{ weight: 'heavy' }, 'weight', PRODUCT_MESSAGES.weightInvalid],
    [{ sku: 'x'.repeat(101) }, 'sku', PRODUCT_MESSAGES.skuTooLong],
    [{ dimension: 'x'.repeat(101) }, 'dimension', 'Use at most 100 characters.'],
  ])('refuses %j with the message on %s', async (fields, field, message) => {
    const res = await post('admin', {
      sku: uniqueSku(),
      name: 'N',
      account_id: ctx.world.accounts.clientActive,
      ...fields,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('requires an account from staff', async () => {
    const res = await post('admin', { sku: uniqueSku(), name: 'N' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: PRODUCT_MESSAGES.accountRequired,
      errors: { account_id: [PRODUCT_MESSAGES.accountRequired] },
    });
  });

  it('refuses a duplicate SKU in the same account (case-insensitive) but allows it in another', async () => {
    const sku = uniqueSku('DUP');
    await createProduct(ctx, ctx.world.accounts.clientActive, { sku });
    const again = await post('admin', {
      sku: sku.toLowerCase(),
      name: 'N',
      account_id: ctx.world.accounts.clientActive,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.sku).toEqual([PRODUCT_MESSAGES.skuTaken]);
    const elsewhere = await post('admin', { sku, name: 'N', account_id: ctx.world.accounts.otherClient });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("forces a client's account to one they own and refuses others' accounts", async () => {
    const own = await post('client', { sku: uniqueSku(), name: 'Mine', account_id: ctx.world.accounts.clientInactive });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.account_id).toBe(ctx.world.accounts.clientInactive);
    const other = await post('client', {
      sku: uniqueSku(),
      name: 'Theirs',
      account_id: ctx.world.accounts.otherClient,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.account_id).toEqual([PRODUCT_MESSAGES.accountInvalid]);
    // otherClient owns exactly one account: it is used when none is sent.
    const implicit = await post('otherClient', { sku: uniqueSku(), name: 'Implicit' });
    expect(implicit.statusCode).toBe(201);
    expect(implicit.json().data.account_id).toBe(ctx.world.accounts.otherClient);
  });

  it('refuses a manager an account outside their warehouses', async () => {
    const res = await post('manager', { sku: uniqueSku(), name: 'N', account_id: ctx.world.accounts.otherClient });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.account_id).toEqual([PRODUCT_MESSAGES.accountInvalid]);
  });
});

describe('GET /api/products and /api/accounts/{id}/products', () => {
  let searchable: { id: number; sku: string };
  beforeAll(async () => {
    searchable = await createProduct(ctx, ctx.world.accounts.otherClient, {
      sku: uniqueSku('ZEBRA'),
      name: 'Striped Zebra Mug',
    });
  });

  it('answers products, data and meta, 10 per page by default', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.products).toEqual(body.data);
    expect(body.meta).toMatchObject({ page: 1, per_page: 10 });
  });

  it('searches SKU and name, case-insensitively, wildcards literal', async () => {
    const bySku = await ctx.as('admin', { method: 'GET', url: `/api/products?search=${searchable.sku.toLowerCase()}` });
    expect(bySku.json().data.map((p: { id: number }) => p.id)).toEqual([searchable.id]);
    const byName = await ctx.as('admin', { method: 'GET', url: '/api/products?search=zEbRa%20MUG' });
    expect(byName.json().data.map((p: { id: number }) => p.id)).toEqual([searchable.id]);
    const wildcard = await ctx.as('admin', { method: 'GET', url: '/api/products?search=%25' });
    expect(wildcard.json().meta.total).toBe(0);
  });

  it('keeps each caller inside their scope; account_id and warehouse_id only narrow', async () => {
    const ids = async (actor: Actor, url: string) =>
      (
        (await ctx.as(actor, { method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}per_page=100` })).json()
          .data as { account_id: number }[]
      ).map((p) => p.account_id);
    const { clientActive, clientInactive, otherClient } = ctx.world.accounts;
    expect(new Set(await ids('client', '/api/products'))).toEqual(new Set([clientActive, clientInactive]));
    expect(await ids('client', `/api/products?account_id=${otherClient}`)).toEqual([]);
    expect(new Set(await ids('otherClient', '/api/products'))).toEqual(new Set([otherClient]));
    expect(new Set(await ids('manager', '/api/products'))).toEqual(new Set([clientActive, clientInactive]));
    expect(await ids('manager', `/api/products?warehouse_id=${ctx.world.warehouses.beta}`)).toEqual([]);
    expect(new Set(await ids('admin', `/api/products?warehouse_id=${ctx.world.warehouses.beta}`))).toEqual(
      new Set([otherClient]),
    );
  });

  it('serves the client path for an account in scope and 404 for others', async () => {
    const { clientActive, otherClient } = ctx.world.accounts;
    const own = await ctx.as('client', {
      method: 'GET',
      url: `/api/accounts/${clientActive}/products?warehouse_id=${ctx.world.warehouses.alpha}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.every((p: { account_id: number }) => p.account_id === clientActive)).toBe(true);
    expect((await ctx.as('client', { method: 'GET', url: `/api/accounts/${otherClient}/products` })).statusCode).toBe(
      404,
    );
    expect((await ctx.as('manager', { method: 'GET', url: `/api/accounts/${otherClient}/products` })).statusCode).toBe(
      404,
    );
  });

  it('paginates with 10, 25 or 50 and reports last_page', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: '/api/products?per_page=2&page=1' });
    const { meta } = res.json();
    expect(meta.per_page).toBe(2);
    expect(meta.last_page).toBe(Math.ceil(meta.total / 2));
  });
});

describe('GET/PUT/DELETE /api/products/{id}', () => {
  it('reads a product in scope and answers 404 across clients and warehouses', async () => {
    const theirs = await createProduct(ctx, ctx.world.accounts.otherClient);
    expect((await ctx.as('otherClient', { method: 'GET', url: `/api/products/${theirs.id}` })).statusCode).toBe(200);
    expect((await ctx.as('otherManager', { method: 'GET', url: `/api/products/${theirs.id}` })).statusCode).toBe(200);
    for (const actor of ['client', 'manager'] as const) {
      const res = await ctx.as(actor, { method: 'GET', url: `/api/products/${theirs.id}` });
      expect(res.statusCode).toBe(404);
      expect(
        (await ctx.as(actor, { method: 'PUT', url: `/api/products/${theirs.id}`, payload: { sku: 'X', name: 'Y' } }))
          .statusCode,
      ).toBe(404);
    }
    expect((await ctx.as('admin', { method: 'GET', url: '/api/products/999999' })).statusCode).toBe(404);
  });

  it('updates every field, keeps a client on their account, and refuses a taken SKU', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    const res = await ctx.as('client', {
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: {
        sku: `${product.sku}-B`,
        name: 'Renamed',
        weight: 2,
        dimension: '1x1x1',
        account_id: ctx.world.accounts.otherClient,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Product updated successfully',
      data: { sku: `${product.sku}-B`, name: 'Renamed', weight: 2, account_id: ctx.world.accounts.clientActive },
    });
    const other = await createProduct(ctx, ctx.world.accounts.clientActive);
    const clash = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/products/${other.id}`,
      payload: { sku: `${product.sku}-b`, name: 'Clash', account_id: ctx.world.accounts.clientActive },
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.sku).toEqual([PRODUCT_MESSAGES.skuTaken]);
  });

  it('lets staff reassign the account within scope', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    const res = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: { sku: product.sku, name: 'Moved', account_id: ctx.world.accounts.otherClient },
    });
    expect(res.json().data.account_id).toBe(ctx.world.accounts.otherClient);
  });

  it('deletes a product without stock and refuses one with inventory (409)', async () => {
    const free = await createProduct(ctx, ctx.world.accounts.clientActive);
    const del = await ctx.as('admin', { method: 'DELETE', url: `/api/products/${free.id}` });
    expect(del.json()).toEqual({ message: 'Product deleted successfully.' });
    expect((await ctx.as('admin', { method: 'GET', url: `/api/products/${free.id}` })).statusCode).toBe(404);

    const stocked = await createProduct(ctx, ctx.world.accounts.clientActive);
    await createInventory(ctx, {
      productId: stocked.id,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      onHand: 1,
    });
    const refused = await ctx.as('admin', { method: 'DELETE', url: `/api/products/${stocked.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PRODUCT_MESSAGES.deleteHasStock });
  });

  it('forbids delete to managers and clients (403)', async () => {
    const product = await createProduct(ctx, ctx.world.accounts.clientActive);
    for (const actor of ['manager', 'client'] as const) {
      expect((await ctx.as(actor, { method: 'DELETE', url: `/api/products/${product.id}` })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/products/copy and GET /api/flatten-accounts', () => {
  it('lists account × warehouse pairs in scope', async () => {
    const admin = await ctx.as('admin', { method: 'GET', url: '/api/flatten-accounts' });
    expect(admin.json().accounts).toEqual(admin.json().data);
    expect(admin.json().data).toContainEqual({
      id: ctx.world.accounts.otherClient,
      name: 'Otto Trading',
      warehouse_id: ctx.world.warehouses.beta,
      warehouse_name: 'Beta Warehouse',
    });
    const client = await ctx.as('client', { method: 'GET', url: '/api/flatten-accounts' });
    expect(
      client
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([ctx.world.accounts.clientActive, ctx.world.accounts.clientInactive].sort());
  });

  it('copies products, skipping SKUs the target has, out-of-scope ids and unknown ids', async () => {
    const { clientActive, clientInactive, otherClient } = ctx.world.accounts;
    const a = await createProduct(ctx, clientActive, { name: 'Copy A', weight: 1.5 });
    const b = await createProduct(ctx, clientActive, { name: 'Copy B' });
    await createProduct(ctx, clientInactive, { sku: b.sku });
    const foreign = await createProduct(ctx, otherClient);
    const res = await ctx.as('client', {
      method: 'POST',
      url: '/api/products/copy',
      payload: {
        product_ids: [a.id, b.id, foreign.id, 999999],
        target_account_id: clientInactive,
        target_warehouse_id: ctx.world.warehouses.alpha,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ copied_count: 1, total_skipped: 3 });
    expect(res.json().message).toBe(PRODUCT_MESSAGES.copied(1, 3));
    const copied = await ctx.as('client', {
      method: 'GET',
      url: `/api/products?account_id=${clientInactive}&search=${a.sku}`,
    });
    expect(copied.json().data).toMatchObject([{ sku: a.sku, name: 'Copy A', weight: 1.5 }]);
  });

  it('validates the copy request', async () => {
    const empty = await ctx.as('admin', { method: 'POST', url: '/api/products/copy', payload: { product_ids: [] } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      product_ids: [PRODUCT_MESSAGES.copyProductsRequired],
      target_account_id: [PRODUCT_MESSAGES.copyTargetRequired],
      target_warehouse_id: [PRODUCT_MESSAGES.copyWarehouseRequired],
    });
    const unlinked = await ctx.as('admin', {
      method: 'POST',
      url: '/api/products/copy',
      payload: {
        product_ids: [1],
        target_account_id: ctx.world.accounts.otherClient,
        target_warehouse_id: ctx.world.warehouses.alpha,
      },
    });
    expect(unlinked.json().errors.target_warehouse_id).toEqual([PRODUCT_MESSAGES.copyTargetNotLinked]);
    const foreignTarget = await ctx.as('client', {
      method: 'POST',
      url: '/api/products/copy',
      payload: {
        product_ids: [1],
        target_account_id: ctx.world.accounts.otherClient,
        target_warehouse_id: ctx.world.warehouses.beta,
      },
    });
    expect(foreignTarget.json().errors.target_account_id).toEqual([PRODUCT_MESSAGES.accountInvalid]);
  });
});

describe('GET /api/products/template', () => {
  it('downloads an xlsx named products_template_{timestamp} with the import columns', async () => {
    const XLSX = await import('@e965/xlsx');
    const res = await ctx.as('client', { method: 'GET', url: '/api/products/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products_template_\d{8}_\d{6}\.xlsx"$/);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual([
      'SKU',
      'Product Name',
      'Photo URL',
      'Product Link',
      'Dimension',
      'Weight (lbs)',
      'Barcode',
      'Kind',
      'Components',
    ]);
    expect(rows).toHaveLength(2);
    // The example product is a standard one (a kit's components are written SKU-A:2;SKU-B:1).
    expect(rows[1]?.[7]).toBe('standard');
  });
});
