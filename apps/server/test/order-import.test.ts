import { ORDER_IMPORT_MESSAGES as M, ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories } from '../src/db/schema/inventory';
import { orders } from '../src/db/schema/orders';
import { multipart } from './support/multipart';
import { expectOrderCountersMatchRecount } from './support/order-counters';
import { stockedProduct, uniqueOrderId } from './support/order-creation';
import { readRows, sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HEADER = ORDER_IMPORT_COLUMNS.map((c) => c.label);
const upload = (actor: Actor, rows: unknown[][], warehouseId: number | null, type: 'xlsx' | 'csv' = 'xlsx') =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/orders/import',
    ...multipart(warehouseId === null ? {} : { warehouse_id: warehouseId }, {
      filename: `orders.${type}`,
      content: sheetFile([HEADER, ...rows], type),
    }),
  });
const ordersOf = (externalId: string) =>
  ctx.handle.db.select().from(orders).where(eq(orders.externalOrderId, externalId));

describe('GET /orders/template', () => {
  it('is an xlsx named with the date, with the import columns and an example', async () => {
    const res = await ctx.as('client', { method: 'GET', url: '/api/orders/template' });
    expect(res.statusCode).toBe(200);
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(`orders_template_${date}.xlsx`);
    const rows = readRows(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.length).toBeGreaterThan(1);
  });
});

describe('POST /orders/import', () => {
  it('groups rows by account and Order ID, creates the orders and reserves like POST /orders/bulk', async () => {
    const { world } = ctx;
    const a = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const b = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 1);
    const one = uniqueOrderId('IMP');
    const two = uniqueOrderId('IMP');
    const res = await upload(
      'client',
      [
        ['Cleo Active Goods', one, 'Ann', '2026-12-01', '', a.sku, 2, 'fragile'],
        ['Cleo Active Goods', one, 'Ann', '2026-12-01', '', b.sku, 3, ''],
        ['Cleo Active Goods', two, 'Bob', '12/2/2026', '', a.sku.toLowerCase(), 1, ''],
      ],
      world.warehouses.alpha,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toMatchObject({ success_count: 2, error_count: 0, warning_count: 1 });
    expect(body.summary.warnings[0]).toMatch(/^Row 3: /);
    expect(body.summary.warnings[0]).toContain('2 on backorder');
    const [first] = await ordersOf(one);
    expect(first).toMatchObject({ customerName: 'Ann', shipDate: '2026-12-01', notes: 'fragile' });
    const [second] = await ordersOf(two);
    expect(second!.shipDate).toBe('2026-12-02');
    const [row] = await ctx.handle.db.select().from(inventories).where(eq(inventories.id, a.inventoryId!));
    expect(row!.quantityReserved).toBe(3);

    // Re-import: warnings, no second order.
    const again = await upload(
      'client',
      [
        ['Cleo Active Goods', one, 'Ann', '2026-12-01', '', a.sku, 2, ''],
        ['Cleo Active Goods', two, 'Bob', '2026-12-02', '', a.sku, 1, ''],
      ],
      world.warehouses.alpha,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().summary).toMatchObject({ success_count: 0, warning_count: 2, error_count: 0 });
    expect(again.json().summary.warnings[0]).toContain('already exists');
    expect(await ordersOf(one)).toHaveLength(1);
  });

  it('imports 400 orders in one file and answers 200 (a row-value IN list of 300+ pairs broke PGlite at COMMIT)', async () => {
    const { world } = ctx;
    const p = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 1000);
    const prefix = uniqueOrderId('MANY');
    const rows = Array.from({ length: 400 }, (_, i) => [
      'Cleo Active Goods',
      `${prefix}-${i}`,
      'Ann',
      '2026-12-01',
      '',
      p.sku,
      1,
      '',
    ]);
    const res = await upload('client', rows, world.warehouses.alpha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatchObject({ success_count: 400, error_count: 0 });
    const stored = await ctx.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(like(orders.externalOrderId, `${prefix}-%`));
    expect(stored).toHaveLength(400);
    // The database still answers (PGlite used to abort inside WebAssembly after that commit).
    expect((await ctx.as('client', { method: 'GET', url: '/api/orders/statistics' })).statusCode).toBe(200);
  });

  it('reports every bad row at once and does not create an order with a bad row', async () => {
    const { world } = ctx;
    const p = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const good = uniqueOrderId('GOOD');
    const bad = uniqueOrderId('BAD');
    const res = await upload(
      'client',
      [
        ['Cleo Active Goods', good, 'Gus', '2026-12-01', '', p.sku, 1, ''],
        ['Cleo Active Goods', bad, 'Bea', '2026-12-01', '', p.sku, 1, ''],
        ['Cleo Active Goods', bad, 'Bea', '2026-12-01', '', 'NO-SUCH-SKU', 1, ''],
        ['cleo active goods', uniqueOrderId(), 'Case', '2026-12-01', '', p.sku, 1, ''],
        ['Cleo Active Goods', uniqueOrderId(), '', 'soon', '', p.sku, 0, ''],
        ['Nell Next Door', uniqueOrderId(), 'Neighbour', '2026-12-01', '', p.sku, 1, ''],
      ],
      world.warehouses.alpha,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { summary } = res.json();
    expect(summary.success_count).toBe(1);
    const text = summary.errors.join('\n');
    expect(text).toContain("Row 4: SKU 'NO-SUCH-SKU' not found");
    expect(text).toContain("Row 5: Account 'cleo active goods' not found");
    expect(text).toMatch(
      /Row 6: Customer name is required; Please enter a valid ship date.*; Please enter a valid quantity/,
    );
    expect(text).toContain("Row 7: Account 'Nell Next Door' not found");
    expect(text).toContain(`Rows 3, 4: order '${bad}' was not created`);
    expect(await ordersOf(good)).toHaveLength(1);
    expect(await ordersOf(bad)).toHaveLength(0);
  });

  it('answers 422 with the summary when nothing could be created', async () => {
    const { world } = ctx;
    const res = await upload(
      'client',
      [['Nobody', uniqueOrderId(), 'X', '2026-12-01', '', 'SKU', 1, '']],
      world.warehouses.alpha,
      'csv',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: M.nothingImported, summary: { success_count: 0, error_count: 2 } });
  });

  it('checks the warehouse, the file, its type and its columns with the spec messages', async () => {
    const { world } = ctx;
    const noWarehouse = await upload('client', [], null);
    expect(noWarehouse.statusCode).toBe(422);
    expect(noWarehouse.json()).toEqual({
      message: M.warehouseRequired,
      errors: { warehouse_id: [M.warehouseFieldRequired] },
    });
    const noFile = await ctx.as('client', {
      method: 'POST',
      url: '/api/orders/import',
      ...multipart({ warehouse_id: world.warehouses.alpha }),
    });
    expect(noFile.json().errors).toEqual({ file: [M.fileRequired] });
    const pdf = await ctx.as('client', {
      method: 'POST',
      url: '/api/orders/import',
      ...multipart(
        { warehouse_id: world.warehouses.alpha },
        { filename: 'orders.xlsx', content: Buffer.from('%PDF-1.4 not a sheet') },
      ),
    });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(M.invalidType);
    const big = await ctx.as('client', {
      method: 'POST',
      url: '/api/orders/import',
      ...multipart(
        { warehouse_id: world.warehouses.alpha },
        { filename: 'orders.csv', content: Buffer.alloc(10_485_761, 'a') },
      ),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.tooLarge);
    const columns = await ctx.as('client', {
      method: 'POST',
      url: '/api/orders/import',
      ...multipart(
        { warehouse_id: world.warehouses.alpha },
        {
          filename: 'o.csv',
          content: sheetFile(
            [
              ['Order ID', 'SKU'],
              ['1', 'A'],
            ],
            'csv',
          ),
        },
      ),
    });
    expect(columns.json().errors.file[0]).toContain('Account Name');
  });

  it('answers 404 for a real warehouse out of scope', async () => {
    const { world } = ctx;
    expect((await upload('otherManager', [], world.warehouses.alpha)).statusCode).toBe(404);
    expect((await upload('client', [], world.warehouses.beta)).statusCode).toBe(404);
  });
});

describe('dashboard order counters', () => {
  it('equal a recount of the orders and lines after every change above (triggers on orders and order_items)', async () => {
    await expectOrderCountersMatchRecount(ctx.handle.db);
  });
});
