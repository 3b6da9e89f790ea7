import type { CycleCount } from '@wms/contract/cycle-counts';
import { describe, expect, it } from 'vitest';
import { SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import { countedOffline, withWaitingEntries } from './offline-count';

const line = (id: number, location: string, sku: string, lot: string | null, barcode: string | null = null) => ({
  id,
  location: { id: id * 10, code: location },
  product: { id: id * 100, sku, name: sku, barcode },
  account: { id: 1, name: 'Northwind' },
  lot: lot ? { id: id * 1000, code: lot } : null,
  counted_quantity: null,
  recount: id === 3,
  added: false,
  expected_quantity: null,
  variance: null,
});

const count = {
  id: 9,
  lines_counted: 0,
  lines: [
    line(1, 'A-01', 'SKU-1', null, '4006381333931'),
    line(2, 'A-02', 'SKU-2', 'L-1'),
    line(3, 'A-02', 'SKU-2', null),
  ],
} as unknown as CycleCount;

describe('a count entry made offline', () => {
  it('counts the line of that location and product, found by SKU or barcode in any case', () => {
    const answer = countedOffline(count, { location_code: 'a-01', code: '4006381333931', quantity: 4 });
    expect(answer.message).toBe(SAVED_OFFLINE);
    expect(answer.data.lines.map((l) => l.counted_quantity)).toEqual([4, null, null]);
    expect(answer.data.lines_counted).toBe(1);
  });

  it('tells lots apart: a lot code counts its line, "no lot" the line without one (a recount is then done)', () => {
    const lot = countedOffline(count, { location_code: 'A-02', code: 'sku-2', lot_code: 'l-1', quantity: 2 });
    expect(lot.data.lines.map((l) => l.counted_quantity)).toEqual([null, 2, null]);
    const loose = countedOffline(count, { location_code: 'A-02', code: 'SKU-2', without_lot: true, quantity: 0 });
    expect(loose.data.lines.map((l) => [l.counted_quantity, l.recount])).toEqual([
      [null, false],
      [null, false],
      [0, false],
    ]);
  });

  it('changes no line for a product the count does not expect there (the server adds it when it syncs)', () => {
    const answer = countedOffline(count, { location_code: 'A-01', code: 'SKU-2', quantity: 1 });
    expect(answer.data).toBe(count);
  });
});

describe('a held count that missed entries still queued (its copy lost the race with a reload)', () => {
  it("applies this count's missing entries in the order they were made, and nothing else", () => {
    const entry = (quantity: number) => ({ location_code: 'A-01', code: 'SKU-1', quantity });
    const after = withWaitingEntries(count, [
      { path: '/cycle-counts/9/lines', body: entry(4) },
      { path: '/cycle-counts/8/lines', body: entry(99) },
      { path: '/waves/9/tasks/1/pick', body: entry(98) },
      { path: '/cycle-counts/9/lines', body: { location_code: 'a-02', code: 'sku-2', quantity: 2, lot_code: 'L-1' } },
      { path: '/cycle-counts/9/lines', body: entry(5) },
    ]);
    expect(after.lines.map((l) => l.counted_quantity)).toEqual([5, 2, null]);
    expect(after.lines_counted).toBe(2);
    expect(withWaitingEntries(count, [])).toBe(count);
  });
});
