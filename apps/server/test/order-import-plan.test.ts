import { describe, expect, it } from 'vitest';
import type { OrderIssue } from '../src/modules/outbound/order-creation/create-orders';
import {
  type ImportLookups,
  planImport,
  skuKey,
  uniquelyNamedAccounts,
} from '../src/modules/outbound/order-imports/import-plan';
import { backorderNotes, importAnswer, notesOfChecks } from '../src/modules/outbound/order-imports/import-summary';
import type { OrderRow } from '../src/modules/outbound/order-imports/parse-order-rows';

/** The import's grouping, name checks and summary texts, without a database. */
const row = (n: number, fields: Partial<OrderRow> = {}): OrderRow => ({
  row: n,
  accountName: 'Acme',
  orderId: 'A-1',
  customerName: 'Ann',
  shipDate: '2026-12-01',
  shipper: '',
  sku: 'MUG',
  quantity: 1,
  notes: '',
  priority: 'normal',
  bad: false,
  ...fields,
});

const lookups: ImportLookups = {
  warehouseId: 4,
  warehouseName: 'Newark',
  accounts: new Map([
    ['Acme', [7]],
    ['Twins', [8, 9]],
  ]),
  shippers: new Map([
    ['ups', 3],
    ['united parcel service', 3],
  ]),
  products: new Map([
    [skuKey(7, 'MUG'), 11],
    [skuKey(7, 'CAP'), 12],
  ]),
};

describe('planImport', () => {
  it('groups rows by account name and Order ID into one order each, adding up lines of one product', () => {
    const { candidates, errors } = planImport(
      [
        row(2, { shipper: 'UPS', notes: 'Leave at door' }),
        row(3, { orderId: 'A-2', sku: 'cap', quantity: 2 }),
        row(4, { sku: 'CAP', quantity: 3 }),
        row(5, { sku: 'mug', quantity: 4 }),
      ],
      lookups,
    );
    expect(errors).toEqual([]);
    expect(candidates.map((c) => [c.orderId, c.rows.map((r) => r.row)])).toEqual([
      ['A-1', [2, 4, 5]],
      ['A-2', [3]],
    ]);
    expect(candidates[0]!.order).toEqual({
      accountId: 7,
      warehouseId: 4,
      shipperId: 3,
      customerName: 'Ann',
      shipDate: '2026-12-01',
      externalOrderId: 'A-1',
      notes: 'Leave at door',
      priority: 'normal',
      lines: [
        { productId: 11, quantity: 5 },
        { productId: 12, quantity: 3 },
      ],
    });
    expect(candidates[1]!.order).toMatchObject({
      shipperId: null,
      notes: null,
      lines: [{ productId: 12, quantity: 2 }],
    });
  });

  it('names every bad row, keeps the whole order out, and closes it with a note on its last row', () => {
    const { candidates, errors } = planImport(
      [
        row(2, { accountName: 'Nobody', orderId: 'N-1' }),
        row(3, { accountName: 'Twins', orderId: 'T-1' }),
        row(4, { orderId: 'S-1', shipper: 'Pony Express' }),
        row(5, { orderId: 'K-1', sku: 'NOPE' }),
        row(6, { orderId: 'K-1' }),
        row(7, { orderId: 'B-1', bad: true }),
        row(8, { orderId: 'G-1' }),
      ],
      lookups,
    );
    expect(candidates.map((c) => c.orderId)).toEqual(['G-1']);
    expect(errors).toEqual([
      { row: 2, text: "Row 2: Account 'Nobody' not found in Newark (names are case-sensitive)" },
      { row: 3, text: "Row 3: Account name 'Twins' is ambiguous: several accounts have it" },
      { row: 4, text: "Row 4: Shipper 'Pony Express' not found or inactive" },
      { row: 5, text: "Row 5: SKU 'NOPE' not found for account 'Acme'" },
      { row: 2, text: "Row 2: order 'N-1' was not created because of the errors above" },
      { row: 3, text: "Row 3: order 'T-1' was not created because of the errors above" },
      { row: 4, text: "Row 4: order 'S-1' was not created because of the errors above" },
      { row: 6, text: "Rows 5, 6: order 'K-1' was not created because of the errors above" },
      { row: 7, text: "Row 7: order 'B-1' was not created because of the errors above" },
    ]);
  });

  it('looks up products only for account names that name one account', () => {
    expect(uniquelyNamedAccounts(lookups.accounts)).toEqual([7]);
  });
});

describe('import summary', () => {
  const { candidates } = planImport(
    [row(2, { orderId: 'A-1' }), row(3, { orderId: 'A-1', sku: 'CAP' }), row(4, { orderId: 'A-2' })],
    lookups,
  );

  it('turns an existing order into a warning and any other refusal into an error, both on the order rows', () => {
    const issues: OrderIssue[] = [
      { index: 0, field: 'order_id', message: 'taken', code: 'exists' },
      { index: 1, field: 'account_id', message: 'Account is inactive', code: 'invalid' },
    ];
    expect(notesOfChecks(candidates, issues)).toEqual({
      accepted: [],
      warnings: [{ row: 2, text: "Rows 2, 3: order 'A-1' of 'Acme' already exists and was skipped" }],
      errors: [{ row: 4, text: 'Row 4: Account is inactive' }],
    });
    expect(notesOfChecks(candidates, []).accepted).toEqual(candidates);
  });

  it('puts each backorder on the sheet row of its product line', () => {
    const created = {
      data: [{ id: 50, account_id: 7 }],
      backorder_items: [
        {
          order_id: 50,
          order_number: 'ORD-000050',
          external_order_id: 'A-1',
          product_id: 12,
          sku: 'CAP',
          product_name: 'Cap',
          quantity_ordered: 1,
          quantity_reserved: 0,
          quantity_backordered: 1,
        },
      ],
    } as Parameters<typeof backorderNotes>[1];
    expect(backorderNotes(candidates, created, lookups.products)).toEqual([
      { row: 3, text: 'Row 3: CAP — 0 of 1 reserved, 1 on backorder (order ORD-000050)' },
    ]);
  });

  it('answers in row order, and fails only when nothing was created and errors were found', () => {
    const errors = [
      { row: 9, text: 'Row 9: b' },
      { row: 2, text: 'Row 2: a' },
    ];
    expect(importAnswer(0, [], errors)).toEqual({
      failed: true,
      body: {
        message: 'No orders could be imported. Fix the errors listed and import the file again.',
        summary: { success_count: 0, warning_count: 0, error_count: 2, warnings: [], errors: ['Row 2: a', 'Row 9: b'] },
        warnings: [],
      },
    });
    expect(importAnswer(1, [{ row: 3, text: 'w' }], errors).body.message).toBe(
      'Imported 1 order with 1 warning(s) and 2 error(s)',
    );
    expect(importAnswer(2, [], [])).toMatchObject({ failed: false, body: { message: 'Orders imported successfully' } });
  });
});
