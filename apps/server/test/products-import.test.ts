import * as XLSX from '@e965/xlsx';
import { PRODUCT_MESSAGES } from '@wms/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageCheck } from '../src/http/safe-fetch';
import { multipart } from './support/multipart';
import { type BookType, sheetFile, zipBomb } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

const HEADER = ['SKU', 'Product Name', 'Photo URL', 'Product Link', 'Dimension', 'Weight (lbs)'];
const fetched: string[] = [];
/** Stands in for the network: URLs containing "broken" fail like a refused download, others are images. */
const fakeFetchImage = async (url: string): Promise<ImageCheck> => {
  fetched.push(url);
  return url.includes('broken')
    ? { ok: false, reason: 'the address is not allowed' }
    : { ok: true, contentType: 'image/png', bytes: 10 };
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { imageFetcher: fakeFetchImage });
});
afterAll(() => ctx.close());

const upload = (
  actor: Actor,
  file: { filename: string; content: Buffer } | undefined,
  accountId: number | null = ctx.world.accounts.clientActive,
) =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/products/import',
    ...multipart(accountId === null ? {} : { account_id: accountId }, file),
  });

const productsOf = async (accountId: number, search: string) =>
  (
    await ctx.as('admin', { method: 'GET', url: `/api/products?account_id=${accountId}&search=${search}&per_page=100` })
  ).json().data as { sku: string; name: string; weight: number | null; photo_url: string | null }[];

describe('POST /api/products/import', () => {
  it.each<[BookType, string]>([
    ['xlsx', 'products.xlsx'],
    ['xls', 'products.xls'],
    ['csv', 'products.csv'],
    ['numbers', 'products.numbers'],
  ])('imports a %s file', async (bookType, filename) => {
    const prefix = `IMP-${bookType}`;
    const content = sheetFile(
      [HEADER, [`${prefix}-1`, 'First', '', '', '1x1x1', 2.5], [`${prefix}-2`, 'Second', '', '', '', '']],
      bookType,
    );
    const res = await upload('admin', { filename, content });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: PRODUCT_MESSAGES.importDone(2),
      summary: { success_count: 2, failure_count: 0, warning_count: 0, total_processed: 2, created_count: 2 },
      success_count: 2,
      validation_errors: [],
    });
    const rows = await productsOf(ctx.world.accounts.clientActive, `${prefix}-`);
    expect(rows.map((p) => [p.sku, p.name, p.weight]).sort()).toEqual([
      [`${prefix}-1`, 'First', 2.5],
      [`${prefix}-2`, 'Second', null],
    ]);
  });

  it('reads a CSV saved by Excel on Windows (Windows-1252) without mangling its accents', async () => {
    const text =
      'SKU,Product Name,Photo URL,Product Link,Dimension,Weight (lbs)\r\nCP-1,Café mug 12 oz,,,,0.8\r\nCP-2,Summit 20°F bag,,,,\r\n';
    const content = Buffer.from(text, 'latin1'); // é = 0xE9, ° = 0xB0: invalid as UTF-8
    const res = await upload('admin', { filename: 'excel-windows.csv', content });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatchObject({ success_count: 2, failure_count: 0 });
    const rows = await productsOf(ctx.world.accounts.clientActive, 'CP-');
    expect(rows.map((p) => p.name).sort()).toEqual(['Café mug 12 oz', 'Summit 20°F bag']);
  });

  it('reports every bad row at once with sheet row numbers, imports the good ones, and flags later duplicate SKUs', async () => {
    const content = sheetFile(
      [
        HEADER,
        ['ROWS-1', 'Good one', '', '', '', ''],
        ['', 'No SKU', '', '', '', ''],
        [],
        ['ROWS-3', '', 'not a url', '', '', '-2'],
        ['rows-1', 'Duplicate of row 2', '', '', '', ''],
        ['ROWS-4', 'Good with photo', 'https://img.example.com/ok.png', '', '', ''],
        ['ROWS-5', 'Broken photo', 'https://img.example.com/broken.png', '', '', ''],
        ['ROWS-6', 'FTP photo', 'ftp://files.example.com/six.png', '', '', ''],
      ],
      'xlsx',
    );
    const res = await upload('admin', { filename: 'rows.xlsx', content });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toMatchObject({ success_count: 4, failure_count: 3, warning_count: 2, total_processed: 7 });
    expect(body.message).toBe(PRODUCT_MESSAGES.importWithErrors(3));
    expect(body.validation_errors).toEqual([
      { row: 3, message: PRODUCT_MESSAGES.skuRequired },
      {
        row: 5,
        // The bad photo URL alone never fails a row; this row fails on its name and weight.
        message: `${PRODUCT_MESSAGES.nameRequired}; ${PRODUCT_MESSAGES.weightInvalid}`,
      },
      { row: 6, message: "Duplicate SKU 'rows-1' (already on row 2)" },
      {
        row: 8,
        message:
          'Warning: photo could not be downloaded (the address is not allowed); the product was imported without a photo.',
      },
      {
        row: 9,
        message: 'Warning: the photo URL is not a valid http(s) address; the product was imported without a photo.',
      },
    ]);
    const imported = await productsOf(ctx.world.accounts.clientActive, 'ROWS-');
    expect(imported.map((p) => p.sku).sort()).toEqual(['ROWS-1', 'ROWS-4', 'ROWS-5', 'ROWS-6']);
    expect(imported.find((p) => p.sku === 'ROWS-6')?.photo_url).toBeNull();
    expect(imported.find((p) => p.sku === 'ROWS-4')?.photo_url).toBe('https://img.example.com/ok.png');
    expect(imported.find((p) => p.sku === 'ROWS-5')?.photo_url).toBeNull();
    expect(fetched).toContain('https://img.example.com/ok.png');
  });

  it('updates instead of duplicating when the same file is imported again', async () => {
    const file = (name: string) => sheetFile([HEADER, ['AGAIN-1', name, '', '', '', 1]], 'csv');
    await upload('admin', { filename: 'again.csv', content: file('Before') });
    const res = await upload('admin', { filename: 'again.csv', content: file('After') });
    expect(res.json().summary).toMatchObject({ success_count: 1, created_count: 0, updated_count: 1 });
    expect(await productsOf(ctx.world.accounts.clientActive, 'AGAIN-')).toMatchObject([
      { sku: 'AGAIN-1', name: 'After' },
    ]);
  });

  it('names the missing required columns (422)', async () => {
    const res = await upload('admin', { filename: 'cols.csv', content: Buffer.from('Photo URL,Weight\nx,1\n') });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.importMissingColumns(['SKU', 'Product Name']));
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['a header without rows', Buffer.from('SKU,Product Name\n')],
    ['only blank lines', Buffer.from('\n\n\n')],
  ])('refuses %s (422)', async (_label, content) => {
    const res = await upload('admin', { filename: 'empty.csv', content });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.importEmpty);
  });

  it.each([
    ['a PDF renamed .xlsx', 'fake.xlsx', Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n', 'latin1')],
    ['an xlsx renamed .csv', 'real.csv', sheetFile([HEADER], 'xlsx')],
    ['a csv renamed .xlsx', 'text.xlsx', Buffer.from('SKU,Product Name\nA,B\n')],
    ['binary bytes named .csv', 'binary.csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe])],
    ['an ordinary zip named .xlsx', 'archive.xlsx', plainZip()],
    ['an xlsx named .numbers', 'sheet.numbers', sheetFile([HEADER], 'xlsx')],
    ['a text file', 'notes.txt', Buffer.from('SKU,Product Name\n')],
  ])('refuses %s by its content (415)', async (_label, filename, content) => {
    const res = await upload('admin', { filename, content });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: PRODUCT_MESSAGES.importInvalidType });
  });

  it('refuses a file over 10 MB (413)', async () => {
    const content = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    const res = await upload('admin', { filename: 'big.csv', content });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: PRODUCT_MESSAGES.importTooLarge });
  });

  it('refuses a zip bomb disguised as .xlsx quickly, before parsing it', async () => {
    const bomb = zipBomb(400 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const res = await upload('admin', { filename: 'bomb.xlsx', content: bomb });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.importBomb);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers conversion_required for a file the reader cannot open', async () => {
    // An OLE compound file (the .xls container) holding no workbook stream.
    const container = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(container, '/Not a workbook', Buffer.from('hello'));
    const content = Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }) as Buffer);
    const res = await upload('admin', { filename: 'odd.xls', content });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      conversion_required: true,
      supported_formats: ['.xlsx', '.xls', '.csv', '.numbers'],
    });
    expect(res.json().instructions.length).toBeGreaterThan(0);
    expect(res.json().note).toEqual(expect.any(String));
  });

  it('requires a file and, from staff, an account', async () => {
    const noFile = await upload('admin', undefined);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.file).toEqual([PRODUCT_MESSAGES.importFileRequired]);
    const content = sheetFile([HEADER, ['NOACC-1', 'N']], 'csv');
    const noAccount = await upload('admin', { filename: 'p.csv', content }, null);
    expect(noAccount.json().errors.account_id).toEqual([PRODUCT_MESSAGES.importAccountRequired]);
  });

  it("imports into a client's own account only", async () => {
    const content = sheetFile([HEADER, ['CLIENTIMP-1', 'Mine']], 'csv');
    const foreign = await upload('client', { filename: 'p.csv', content }, ctx.world.accounts.otherClient);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.account_id).toEqual([PRODUCT_MESSAGES.accountInvalid]);
    const own = await upload('client', { filename: 'p.csv', content }, ctx.world.accounts.clientInactive);
    expect(own.statusCode).toBe(200);
    expect(await productsOf(ctx.world.accounts.clientInactive, 'CLIENTIMP')).toHaveLength(1);
  });
});

/** A small, valid zip that is not a spreadsheet. */
function plainZip(): Buffer {
  const container = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(container, '/readme.txt', Buffer.from('hello'));
  return Buffer.from(XLSX.CFB.write(container, { type: 'buffer', fileType: 'zip' }) as Buffer);
}
