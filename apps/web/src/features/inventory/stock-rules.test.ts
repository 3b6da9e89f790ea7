import { describe, expect, it } from 'vitest';
import { editAvailableTone, editFigures, stockLevel, stockStatusView } from './stock-rules';

describe('stockStatusView (spec §4)', () => {
  it.each([
    [-3, 'Out of Stock', 'negative'],
    [0, 'Out of Stock', 'negative'],
    [1, 'Low Stock', 'warning'],
    [10, 'Low Stock', 'warning'],
    [11, 'In Stock', 'positive'],
    [5000, 'In Stock', 'positive'],
  ] as const)('%d available → %s (%s)', (available, label, tone) => {
    expect(stockStatusView(available)).toEqual({ label, tone });
  });

  it.each([undefined, null, Number.NaN])('a missing value (%s) is Unknown', (value) => {
    expect(stockStatusView(value)).toEqual({ label: 'Unknown', tone: 'neutral' });
  });
});

describe('stockLevel bar (available / on hand)', () => {
  it.each([
    [0, 100, 'negative', 0],
    [-5, 100, 'negative', 0],
    [1, 100, 'warning', 1],
    [20, 100, 'warning', 20],
    [21, 100, 'positive', 21],
    [100, 100, 'positive', 100],
  ] as const)('%d of %d → %s at %d%%', (available, onHand, tone, percent) => {
    expect(stockLevel(available, onHand)).toMatchObject({ tone, percent });
  });

  it('treats nothing on hand as empty (no division by zero)', () => {
    expect(stockLevel(0, 0)).toEqual({ ratio: 0, percent: 0, tone: 'negative' });
  });

  it('keeps the exact ratio at the 0.2 boundary', () => {
    expect(stockLevel(2, 10)).toMatchObject({ ratio: 0.2, tone: 'warning' });
    expect(stockLevel(3, 10)).toMatchObject({ ratio: 0.3, tone: 'positive' });
  });
});

describe('editAvailableTone (edit page)', () => {
  it.each([
    [-1, 'negative'],
    [0, 'warning'],
    [1, 'orange'],
    [10, 'orange'],
    [11, 'positive'],
  ] as const)('%d → %s', (available, tone) => {
    expect(editAvailableTone(available)).toBe(tone);
  });
});

describe('editFigures (quarantine counted like the server)', () => {
  const current = { onHand: 10, quarantined: 4 };
  it('keeps quarantined units out of available', () => {
    expect(editFigures(current, { onHand: 10, reserved: 2 }, 'take-order')).toEqual({
      quarantined: 4,
      available: 4,
      belowHeld: false,
    });
  });
  it('refuses on hand below reserved + quarantined when the units come from a bin outside quarantine', () => {
    expect(editFigures(current, { onHand: 5, reserved: 2 }, 'other')).toMatchObject({ available: -1, belowHeld: true });
  });
  it('a taking from quarantine lowers the quarantined units', () => {
    expect(editFigures(current, { onHand: 7, reserved: 2 }, 'quarantine')).toEqual({
      quarantined: 1,
      available: 4,
      belowHeld: false,
    });
  });
  it('the take order reaches quarantine only after the other places', () => {
    expect(editFigures(current, { onHand: 6, reserved: 0 }, 'take-order').quarantined).toBe(4);
    expect(editFigures(current, { onHand: 2, reserved: 0 }, 'take-order')).toEqual({
      quarantined: 2,
      available: 0,
      belowHeld: false,
    });
  });
});
