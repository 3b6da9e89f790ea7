import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './support/multipart';
import { faceWithStorage } from './support/replenishment';
import { readRows, sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import { emptyStock, newLocation } from './support/waves';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HEADER = ['SKU', 'Account', 'Location', 'Min', 'Max', 'Increment'];
const upload = (warehouseId: number, rows: unknown[][], actor: Actor = 'manager') =>
  ctx.as(actor, {
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/pick-faces/import`,
    ...multipart({}, { filename: 'pick-faces.xlsx', content: sheetFile([HEADER, ...rows], 'xlsx') }),
  });
const exportSheet = (warehouseId: number, actor: Actor = 'manager') =>
  ctx.as(actor, { method: 'GET', url: `/api/warehouses/${warehouseId}/pick-faces/export?format=xlsx` });
const facesOf = async (inventoryId: number) =>
  (await ctx.as('admin', { method: 'GET', url: `/api/inventories/${inventoryId}/pick-faces` })).json().data as {
    id: number;
    location: { code: string };
    min: number;
    max: number;
    increment: number;
  }[];
const accountName = async (id: number) =>
  String(
    (
      (await ctx.handle.db.execute(sql`select name from accounts where id = ${id}`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name,
  );

describe('pick-face spreadsheet', () => {
  it('imports faces (added or updated, others untouched) and exports the columns it reads', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const kept = await faceWithStorage(ctx, { face: { min: 1, max: 5, increment: 1 } });
    const stock = await emptyStock(ctx, ctx.world.accounts.clientActive, alpha);
    const first = await newLocation(ctx, alpha, { type: 'pick', zone: 'SH' });
    const second = await newLocation(ctx, alpha, { type: 'pick', zone: 'SH' });
    const account = await accountName(ctx.world.accounts.clientActive);

    const res = await upload(alpha, [
      [stock.sku, '', first.code, 10, 40, 12],
      [stock.sku.toLowerCase(), account, second.code.toLowerCase(), 0, 6, 1],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: '2 pick faces imported.', imported_count: 2 });
    const faces = await facesOf(stock.inventoryId);
    expect(faces.map((f) => [f.location.code, f.min, f.max, f.increment]).sort()).toEqual(
      [
        [first.code, 10, 40, 12],
        [second.code, 0, 6, 1],
      ].sort(),
    );
    // Again with new numbers: the face keeps its id; a face the file does not name stays.
    const again = await upload(alpha, [[stock.sku, account, first.code, 5, 30, 6]]);
    expect(again.statusCode, again.body).toBe(200);
    const updated = (await facesOf(stock.inventoryId)).find((f) => f.location.code === first.code)!;
    expect(updated).toMatchObject({ id: faces.find((f) => f.location.code === first.code)!.id, min: 5, max: 30 });
    expect(await facesOf(kept.inventoryId)).toEqual([expect.objectContaining({ id: kept.faceId, min: 1, max: 5 })]);

    const sheet = await exportSheet(alpha);
    expect(sheet.statusCode).toBe(200);
    const rows = readRows(sheet.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toContainEqual([stock.sku, account, first.code, 5, 30, 6]);
    expect(rows).toContainEqual([kept.sku, account, kept.pick.code, 1, 5, 1]);
  });

  it('imports nothing when any row is bad, naming every bad row', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const stock = await emptyStock(ctx, ctx.world.accounts.clientActive, alpha);
    const pick = await newLocation(ctx, alpha, { type: 'pick', zone: 'SB' });
    const storage = await newLocation(ctx, alpha, { type: 'storage', zone: 'SB' });
    const res = await upload(alpha, [
      [stock.sku, '', pick.code, 10, 40, 12],
      ['NO-SUCH-SKU', '', pick.code, 1, 2, 1],
      [stock.sku, 'Nobody Ltd', pick.code, 1, 2, 1],
      [stock.sku, '', storage.code, 1, 2, 1],
      [stock.sku, '', pick.code, 20, 10, 1],
      [stock.sku, '', pick.code, 'x', 10, 0],
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Nothing imported: 5 rows to fix.',
      errors: {
        file: [
          'Row 3: No inventory of SKU NO-SUCH-SKU in this warehouse.',
          `Row 4: No inventory of SKU ${stock.sku} for account Nobody Ltd.`,
          `Row 5: ${storage.code} is not a pick location of this warehouse.`,
          'Row 6: Max must be at least min.; The same SKU and location as row 2.',
          'Row 7: Min must be a whole number, 0 or more.; Increment must be a whole number, 1 or more.; The same SKU and location as row 2.',
        ],
      },
    });
    // All or nothing: the good first row was not set either.
    expect(await facesOf(stock.inventoryId)).toEqual([]);
  });

  it('clients hold no permission (403); another warehouse answers 404 to each manager, changing nothing', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const beta = ctx.world.warehouses.beta;
    const inAlpha = await emptyStock(ctx, ctx.world.accounts.clientActive, alpha);
    const alphaPick = await newLocation(ctx, alpha, { type: 'pick', zone: 'SC' });
    const inBeta = await emptyStock(ctx, ctx.world.accounts.otherClient, beta);
    const betaPick = await newLocation(ctx, beta, { type: 'pick', zone: 'SC' });

    expect((await upload(alpha, [[inAlpha.sku, '', alphaPick.code, 1, 2, 1]], 'client')).statusCode).toBe(403);
    expect((await exportSheet(alpha, 'client')).statusCode).toBe(403);
    expect((await upload(beta, [[inBeta.sku, '', betaPick.code, 1, 2, 1]], 'manager')).statusCode).toBe(404);
    expect((await exportSheet(beta, 'manager')).statusCode).toBe(404);
    expect((await upload(alpha, [[inAlpha.sku, '', alphaPick.code, 1, 2, 1]], 'otherManager')).statusCode).toBe(404);
    expect((await exportSheet(alpha, 'otherManager')).statusCode).toBe(404);
    expect(await facesOf(inAlpha.inventoryId)).toEqual([]);
    expect(await facesOf(inBeta.inventoryId)).toEqual([]);
    // Each in their own warehouse: allowed.
    expect((await upload(beta, [[inBeta.sku, '', betaPick.code, 1, 2, 1]], 'otherManager')).statusCode).toBe(200);
  });
});
