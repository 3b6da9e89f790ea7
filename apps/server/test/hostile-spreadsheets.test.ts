import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheetRows, SheetTooLongError } from '../src/spreadsheets/read-sheet';
import { multipart } from './support/multipart';
import { xfdWorkbook } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';

/** One small spreadsheet could take the server down; parsing stalled every other request. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const csvOf = (rows: number) => {
  const lines = ['SKU,Product Name,Photo URL,Product Link,Dimension,Weight (lbs)'];
  for (let i = 0; i < rows; i++) lines.push(`BIG-${i},Product number ${i} with a longer name,,,10x10x10,1.5`);
  return Buffer.from(`${lines.join('\n')}\n`);
};

const importFile = (filename: string, content: Buffer) =>
  ctx.as('client', {
    method: 'POST',
    url: '/api/products/import',
    ...multipart({ account_id: ctx.world.accounts.clientActive }, { filename, content }),
  });

describe('readSheetRows', () => {
  it('reads only the requested columns of a sheet with a cell in column XFD', async () => {
    const sheet = await readSheetRows(xfdWorkbook(50), { kind: 'xlsx', columns: 3, maxRows: 100 });
    expect(sheet?.header).toEqual(['SKU', 'Product Name', '']);
    expect(sheet?.rows).toHaveLength(50);
    expect(sheet?.rows[0]).toEqual({ row: 2, cells: ['XFD-1', 'Wide product 1', ''] });
  });

  it('refuses more data rows than maxRows without reading the rest', async () => {
    await expect(readSheetRows(csvOf(101), { kind: 'csv', columns: 6, maxRows: 100 })).rejects.toThrow(
      SheetTooLongError,
    );
    const exactly = await readSheetRows(csvOf(100), { kind: 'csv', columns: 6, maxRows: 100 });
    expect(exactly?.rows).toHaveLength(100);
  });
});

describe('POST /api/products/import with hostile spreadsheets', () => {
  it('imports the 5 000-row XFD file quickly, reading only the known columns', async () => {
    const started = Date.now();
    const res = await importFile('wide.xlsx', xfdWorkbook(5000));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success_count).toBe(5000);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('refuses the 20 001-row XFD file with 422 and a clear message (the probe’s 20 000 rows killed the server)', async () => {
    const res = await importFile('wider.xlsx', xfdWorkbook(20_001));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The file has more than 20000 rows. Split it into smaller files and import each.',
      errors: { file: ['The file has more than 20000 rows. Split it into smaller files and import each.'] },
    });
  }, 30_000);

  it('keeps answering /api/health while a 100 000-row CSV is being parsed', async () => {
    const importing = importFile('huge.csv', csvOf(100_000));
    // Let the upload reach the parser, then measure health checks while it runs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const timings: number[] = [];
    let done = false;
    void importing.finally(() => {
      done = true;
    });
    while (!done && timings.length < 20) {
      const started = Date.now();
      const health = await ctx.as(null, { method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      timings.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await importing;
    expect(res.statusCode).toBe(422); // over the row cap, refused without stalling anyone
    expect(timings.length).toBeGreaterThan(0);
    expect(Math.max(...timings)).toBeLessThan(1000);
  }, 60_000);
});
