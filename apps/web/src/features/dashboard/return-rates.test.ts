import { describe, expect, it } from 'vitest';
import { returnRateLabel, topReturnRates } from './return-rates';

const rate = (id: number, returned: number, shipped: number) => ({
  account: { id, name: `Account ${id}` },
  returned_units: returned,
  shipped_units: shipped,
  rate: shipped === 0 ? null : returned / shipped,
});

describe('return rates on the dashboard', () => {
  it('words a rate as a percentage, or says nothing shipped', () => {
    expect(returnRateLabel(0.125)).toBe('12.5 %');
    expect(returnRateLabel(null)).toBe('none shipped');
  });

  it('lists accounts with units back, highest rate first, five at most', () => {
    const rates = [
      rate(1, 1, 10),
      rate(2, 0, 5),
      rate(3, 3, 10),
      rate(4, 2, 0),
      ...[5, 6, 7, 8].map((id) => rate(id, 1, 50)),
    ];
    expect(topReturnRates(rates).map((r) => r.account.id)).toEqual([3, 1, 5, 6, 7]);
  });
});
