import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { seedDemoData } from '../src/seed/demo-data';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { stockedProduct, uniqueOrderId } from './support/order-creation';
import { readRows, sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import { openTestDatabase } from './support/test-database';

/** The import summary lists its errors in row order; the template's sample imports as it is. */
const HEADER = ORDER_IMPORT_COLUMNS.map((c) => c.label);
const rowNumbers = (lines: string[]) => lines.map((line) => Number(/^Rows? (\d+)/.exec(line)?.[1]));

describe('order import summary', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const upload = (rows: unknown[][], name = 'orders.xlsx', content = sheetFile([HEADER, ...rows], 'xlsx')) =>
    ctx.as('client', {
      method: 'POST',
      url: '/api/orders/import',
      ...multipart({ warehouse_id: ctx.world.warehouses.alpha }, { filename: name, content }),
    });

  it('lists the errors in sheet row order, whatever check found them', async () => {
    const { world } = ctx;
    const product = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    // Found in this order by the checks: row 5 (the row's own fields), row 4 (account), row 3 (shipper),
    // row 2 (SKU), then the orders not created.
    const res = await upload([
      ['Cleo Active Goods', uniqueOrderId(), 'Ann', '2026-12-01', '', 'NO-SUCH-SKU', 1, ''],
      ['Cleo Active Goods', uniqueOrderId(), 'Bob', '2026-12-01', 'No Such Carrier', product.sku, 1, ''],
      ['Nobody Inc.', uniqueOrderId(), 'Cy', '2026-12-01', '', product.sku, 1, ''],
      ['Cleo Active Goods', uniqueOrderId(), 'Dee', '2026-12-01', '', product.sku, 0, ''],
    ]);
    expect(res.statusCode, res.body).toBe(422);
    const { errors } = res.json().summary as { errors: string[] };
    const rows = rowNumbers(errors);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(errors[0]).toContain("Row 2: SKU 'NO-SUCH-SKU' not found");
    // A row's own errors come before the line saying its order was not created.
    expect(errors[1]).toMatch(/^Row 2: order .* was not created/);
    expect(errors.at(-1)).toMatch(/^Row 5: order .* was not created/);
  });

  it("names an active shipper in the template's sample, which the import accepts", async () => {
    const { world } = ctx;
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/shippers',
      payload: { name: 'Acme Freight', code: 'ACMEF', website: 'https://acme.example.com' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = await ctx.as('client', { method: 'GET', url: '/api/orders/template' });
    const [header, ...sample] = readRows(template.rawPayload);
    expect(sample.map((row) => row[4])).toEqual(['Acme Freight', 'Acme Freight']);

    // The sample with the caller's own account and SKUs (what the guidance asks to change) imports as it is.
    const first = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const second = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const skus = [first.sku, second.sku];
    const filled = sample.map((row, index) => {
      const copy = [...row];
      copy[0] = 'Cleo Active Goods';
      copy[5] = skus[index];
      return copy;
    });
    const res = await upload([], 'orders.xlsx', sheetFile([header!, ...filled], 'xlsx'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatchObject({ success_count: 1, error_count: 0, warning_count: 0 });
  });
});

describe('the order template on the demo data', () => {
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemoData(handle.db, new MemoryFileStorage());
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT_MAX: '1000' });
    app = await buildApp({ db: handle.db, config, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('imported unchanged by a client, reports only its placeholder account, never an unknown shipper', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'client@example.com', password: 'Password123!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token, user } = login.json();
    const headers = { authorization: `Bearer ${token}` };
    const template = await app.inject({ method: 'GET', url: '/api/orders/template', headers });
    expect(template.statusCode).toBe(200);
    const form = multipart(
      { warehouse_id: user.warehouse_ids[0] },
      { filename: 'orders_template.xlsx', content: template.rawPayload },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/import',
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
    expect(res.statusCode, res.body).toBe(422);
    const { errors } = res.json().summary as { errors: string[] };
    expect(errors).toEqual([
      expect.stringMatching(/^Row 2: Account 'Your Account Name' not found/),
      expect.stringMatching(/^Row 3: Account 'Your Account Name' not found/),
      "Rows 2, 3: order 'PO-1001' was not created because of the errors above",
    ]);
  });
});
