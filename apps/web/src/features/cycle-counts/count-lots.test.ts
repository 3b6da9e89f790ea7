import type { CycleCount } from '@wms/contract/cycle-counts';
import { describe, expect, it } from 'vitest';
import { expectedLots, lotFields, lotLabel } from './count-lots';

const line = (location: string, sku: string, lot: string | null, barcode: string | null = null) =>
  ({
    location: { id: 1, code: location },
    product: { id: 1, sku, name: sku, barcode },
    lot: lot === null ? null : { id: 1, code: lot },
  }) as CycleCount['lines'][number];

describe('expectedLots', () => {
  const count = {
    lines: [
      line('A-01', 'SERUM', 'L-A', '0123'),
      line('A-01', 'SERUM', 'L-B', '0123'),
      line('A-02', 'SERUM', 'L-C', '0123'),
      line('A-01', 'TENT', null),
    ],
  };

  it('lists the lots expected of the scanned product in that location, by SKU or barcode, any case', () => {
    expect(expectedLots(count, 'a-01', 'serum')).toEqual({ codes: ['L-A', 'L-B'], loose: false, ask: true });
    expect(expectedLots(count, 'A-01', '0123').codes).toEqual(['L-A', 'L-B']);
  });

  it('asks nothing for a product held without lots, or not expected there', () => {
    expect(expectedLots(count, 'A-01', 'TENT')).toEqual({ codes: [], loose: true, ask: false });
    expect(expectedLots(count, 'A-02', 'TENT')).toEqual({ codes: [], loose: false, ask: false });
  });
});

describe('lotFields', () => {
  it('sends a lot code, the no-lot flag, or nothing', () => {
    expect(lotFields({ code: 'L-A' })).toEqual({ lot_code: 'L-A' });
    expect(lotFields({ none: true })).toEqual({ without_lot: true });
    expect(lotFields(null)).toEqual({});
    expect(lotLabel({ code: 'L-A' })).toBe('lot L-A');
  });
});
