import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatRate,
  isTwoDecimalCurrency,
  lineAmountCents,
  parseAmount,
  parseRate,
  rateText,
} from './money';

describe('money', () => {
  it('parses rates to exact micro-units, up to 4 decimals, never negative', () => {
    expect(parseRate('0.25')).toBe(250_000);
    expect(parseRate('1.2345')).toBe(1_234_500);
    expect(parseRate('12')).toBe(12_000_000);
    expect(parseRate(' 0.1 ')).toBe(100_000);
    // 0.1 + 0.2 style float traps do not exist here: 0.3 is exactly 300 000 micro-units.
    expect(parseRate('0.3')).toBe(300_000);
    expect(parseRate('1.23456')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(parseRate('1e3')).toBeNull();
    expect(parseRate('')).toBeNull();
    expect(parseAmount('12.50')).toBe(1250);
    expect(parseAmount('12.505')).toBeNull();
  });

  it('shows rates with 2 to 4 decimals', () => {
    expect(rateText(250_000)).toBe('0.25');
    expect(rateText(1_234_500)).toBe('1.2345');
    expect(rateText(1_230_000)).toBe('1.23');
    expect(rateText(1_000_000)).toBe('1.00');
    expect(rateText(2_500)).toBe('0.0025');
    expect(rateText(0)).toBe('0.00');
  });

  it('formats with Intl in the installation currency', () => {
    expect(formatMoney(123_456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$0.05');
    expect(formatMoney(-250, 'USD', 'en-US')).toBe('-$2.50');
    expect(formatMoney(100, 'EUR', 'en-US')).toBe('€1.00');
    expect(formatRate(2_500, 'USD', 'en-US')).toBe('$0.0025');
    expect(formatRate(250_000, 'USD', 'en-US')).toBe('$0.25');
    // 9 007 199 254 740 991 cents would lose digits through a double; the string path keeps them all.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD', 'en-US')).toBe('$90,071,992,547,409.91');
  });

  it('rounds line amounts half up to the cent', () => {
    expect(lineAmountCents(3, 1_234_500)).toBe(370); // 3.7035 → 3.70
    expect(lineAmountCents(1, 5_000)).toBe(1); // 0.005 → 0.01 (half up)
    expect(lineAmountCents(1, 4_900)).toBe(0); // 0.0049 → 0.00
    expect(lineAmountCents(7, 15_000)).toBe(11); // 0.105 → 0.11
    expect(lineAmountCents(0, 9_999_900)).toBe(0);
    expect(lineAmountCents(10_000_000, 2_500)).toBe(2_500_000); // 10M unit-days at $0.0025 = $25 000.00
    expect(() => lineAmountCents(1.5, 100)).toThrow(RangeError);
  });

  it('accepts only 2-decimal currencies', () => {
    expect(isTwoDecimalCurrency('USD')).toBe(true);
    expect(isTwoDecimalCurrency('EUR')).toBe(true);
    expect(isTwoDecimalCurrency('JPY')).toBe(false);
    expect(isTwoDecimalCurrency('usd')).toBe(false);
    expect(isTwoDecimalCurrency('XYZ1')).toBe(false);
  });
});
