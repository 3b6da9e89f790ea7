import type { ReturnLine } from '@wms/contract/returns';
import { describe, expect, it } from 'vitest';
import { newPart, partsTotal, receiptRows } from './receipt-rows';

const line = { id: 7, quantity: 2 } as ReturnLine;

describe('receiptRows', () => {
  it('sends one row per part with units, the location resolved, lot only for stock', () => {
    const restock = { ...newPart(1), locationCode: 'a-01', lot: 'L1' };
    const quarantine = { ...newPart(1, 'processing_required'), locationCode: 'Q-1' };
    const gone = { ...newPart(0, 'not_restocked'), lot: 'ignored' };
    const rows = receiptRows(
      [{ line, parts: [restock, quarantine, gone] }],
      new Map([
        ['A-01', 11],
        ['Q-1', 12],
      ]),
    );
    expect(rows.map((r) => r.row)).toEqual([
      { line_id: 7, quantity: 1, disposition: 'restocked', location_id: 11, lot: 'L1' },
      { line_id: 7, quantity: 1, disposition: 'processing_required', location_id: 12 },
    ]);
    expect(partsTotal([restock, quarantine, gone])).toBe(2);
  });

  it('leaves lot, expiry and location off units entering no stock', () => {
    const part = { ...newPart(1, 'not_restocked'), locationCode: 'A-01', lot: 'L', expiry: '2030-01-01', note: 'torn' };
    expect(receiptRows([{ line, parts: [part] }], new Map([['A-01', 11]]))[0]?.row).toEqual({
      line_id: 7,
      quantity: 1,
      disposition: 'not_restocked',
      note: 'torn',
    });
  });
});
