import type { StockPlace } from '@wms/contract/location-stock';
import { describe, expect, it } from 'vitest';
import { expiryState, lotsOf } from './lot-summary';

const place = (code: string, lot: [number, string, string | null] | null, quantity: number): StockPlace => ({
  location: { id: code.length, code, zone: 'A', type: 'pick' },
  lot: lot ? { id: lot[0], code: lot[1], expiry_date: lot[2] } : null,
  quantity,
});

describe('lotsOf (inventory detail: lots with expiry)', () => {
  it('sums each lot over its locations, soonest expiry first, lots without a date last, no-lot stock left out', () => {
    const lots = lotsOf([
      place('A-1', [2, 'L-LATE', '2027-06-01'], 5),
      place('A-1', null, 9),
      place('B-7', [1, 'L-EARLY', '2027-01-15'], 3),
      place('A-1', [1, 'L-EARLY', '2027-01-15'], 4),
      place('B-7', [3, 'L-NODATE', null], 2),
    ]);
    expect(lots).toEqual([
      { id: 1, code: 'L-EARLY', expiryDate: '2027-01-15', units: 7, locations: ['B-7', 'A-1'] },
      { id: 2, code: 'L-LATE', expiryDate: '2027-06-01', units: 5, locations: ['A-1'] },
      { id: 3, code: 'L-NODATE', expiryDate: null, units: 2, locations: ['B-7'] },
    ]);
  });
});

describe('expiryState', () => {
  it('says expired before today, soon within 30 days (today and day 30 included), later beyond', () => {
    expect(expiryState('2026-11-24', '2026-11-25')).toBe('expired');
    expect(expiryState('2026-11-25', '2026-11-25')).toBe('soon');
    expect(expiryState('2026-12-25', '2026-11-25')).toBe('soon');
    expect(expiryState('2026-12-26', '2026-11-25')).toBe('later');
    expect(expiryState(null, '2026-11-25')).toBe('none');
  });
});
