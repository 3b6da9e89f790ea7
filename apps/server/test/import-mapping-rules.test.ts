import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import { describe, expect, it } from 'vitest';
import { applyMapping } from '../src/modules/integrations/import-mappings/apply-mapping';
import { columnNames, headerKey } from '../src/modules/integrations/import-mappings/column-names';
import { nameFileColumn } from '../src/modules/integrations/import-mappings/file-column-notes';
import { parseOrderRows } from '../src/modules/outbound/order-imports/parse-order-rows';

const fileColumns = {
  account_name: 'Store',
  order_id: 'Ref',
  customer_name: 'Deliver To',
  ship_date: 'Ship By',
  shipper: 'Carrier',
  sku: 'Item',
  quantity: 'Units',
  notes: 'Remarks',
};
const long = 'x'.repeat(3000);

describe('row errors of a mapped file name its own columns', () => {
  it('every problem parse-order-rows reports gets its file column (a new message there fails this test)', () => {
    const header = ORDER_IMPORT_COLUMNS.map((c) => c.label);
    const bad = [
      ['', '', '', '', '', '', 'x', ''],
      [long, long, long, 'someday', long, long, '0', long],
    ];
    const { errors } = parseOrderRows({ header, headerRow: 1, rows: bad.map((cells, i) => ({ row: i + 2, cells })) });
    const problems = errors.flatMap((e) => nameFileColumn(`Row ${e.row}: ${e.message}`, fileColumns).split('; '));
    expect(problems.length).toBeGreaterThanOrEqual(12);
    for (const problem of problems) expect(problem).toMatch(/\(column '[^']+'\)$/);
  });

  it('names the column of the service’s own row messages, and leaves order-level lines alone', () => {
    expect(nameFileColumn("Row 4: SKU 'X' not found for account 'A'", fileColumns)).toBe(
      "Row 4: SKU 'X' not found for account 'A' (column 'Item')",
    );
    expect(nameFileColumn("Row 4: Shipper 'Y' not found or inactive", fileColumns)).toContain("(column 'Carrier')");
    expect(nameFileColumn("Row 2: Account 'Z' not found in Alpha (names are case-sensitive)", fileColumns)).toContain(
      "(column 'Store')",
    );
    const orderLine = "Rows 2, 3: order 'R1' was not created because of the errors above";
    expect(nameFileColumn(orderLine, fileColumns)).toBe(orderLine);
    // A field given by a constant has no column to name.
    expect(nameFileColumn('Row 2: Please enter a valid quantity', {})).toBe('Row 2: Please enter a valid quantity');
  });
});

describe('applying a mapping', () => {
  const sheet = {
    header: ['Name', 'Shipping Name', 'Lineitem sku', 'Lineitem quantity', 'Notes', 'Created at'],
    headerRow: 1,
    rows: [
      { row: 2, cells: ['#1', 'Ann', 'A', '2', 'Gift', '2026-11-20 10:15:03 -0500'] },
      { row: 3, cells: ['#1', '', 'B', '1', '', ''] },
      { row: 5, cells: ['#2', 'Bob', 'A', '1', '', '2026-11-21T08:00:00+00:00'] },
    ],
  };
  it('fills an order’s own fields down its rows, keeps sheet row numbers, and takes the day of a date-time', () => {
    const { sheet: mapped, fileColumns: columns } = applyMapping(
      sheet,
      {
        account_name: { source: 'current_account' },
        order_id: { source: 'column', column: 'Name' },
        customer_name: { source: 'column', column: 'Shipping Name' },
        ship_date: { source: 'column', column: 'Created at' },
        sku: { source: 'column', column: 'Lineitem sku' },
        quantity: { source: 'column', column: 'Lineitem quantity' },
        notes: { source: 'column', column: 'Notes' },
        shipper: { source: 'constant', value: 'UPS' },
      },
      { accountName: 'Acme', today: new Date('2026-11-24T23:00:00Z') },
    );
    expect(mapped.header).toEqual(ORDER_IMPORT_COLUMNS.map((c) => c.label));
    expect(mapped.rows).toEqual([
      // The Priority column is not mapped: blank (normal) on every row.
      { row: 2, cells: ['Acme', '#1', 'Ann', '2026-11-20', 'UPS', 'A', '2', 'Gift', ''] },
      { row: 3, cells: ['Acme', '#1', 'Ann', '2026-11-20', 'UPS', 'B', '1', 'Gift', ''] },
      { row: 5, cells: ['Acme', '#2', 'Bob', '2026-11-21', 'UPS', 'A', '1', '', ''] },
    ]);
    expect(columns).toMatchObject({ order_id: 'Name', sku: 'Lineitem sku' });
    expect(columns.shipper).toBeUndefined();
  });

  it('counts a ship date default from the day of the import', () => {
    const { sheet: mapped } = applyMapping(
      sheet,
      {
        account_name: { source: 'constant', value: 'Acme' },
        order_id: { source: 'column', column: 'Name' },
        customer_name: { source: 'column', column: 'Shipping Name' },
        ship_date: { source: 'days_from_today', days: 2 },
        sku: { source: 'column', column: 'Lineitem sku' },
        quantity: { source: 'column', column: 'Lineitem quantity' },
      },
      { accountName: null, today: new Date('2026-12-30T12:00:00Z') },
    );
    expect(mapped.rows.map((r) => r.cells[3])).toEqual(['2027-01-01', '2027-01-01', '2027-01-01']);
  });
});

describe('column names and header keys', () => {
  it('names blank and repeated header cells so each column can be chosen', () => {
    expect(columnNames(['SKU', '', 'SKU', ' Qty '])).toEqual(['SKU', 'Column 2', 'SKU (2)', 'Qty']);
  });
  it('matches headers whatever their case, spacing or trailing blank columns', () => {
    expect(headerKey(['Order ID', 'Lineitem_SKU', ''])).toBe(headerKey(['order id', 'lineitem sku']));
    expect(headerKey(['SKU', 'Qty'])).not.toBe(headerKey(['Qty', 'SKU']));
  });
});
