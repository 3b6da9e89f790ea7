import { describe, expect, it } from 'vitest';
import { buildSscc, gs1CheckDigit, hasValidCheckDigit, ssccSerialCapacity, ssccText } from './gs1';

describe('GS1 numbers', () => {
  it('computes the mod-10 check digit of published examples', () => {
    // GS1's SSCC example: (00) 1 0614141 123456789 with check digit 7.
    expect(gs1CheckDigit('10614141123456789')).toBe(7);
    // GTIN-13 4006381333931 (a common EAN example) and GTIN-12 036000291452.
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('0000000000000000')).toBe(0);
  });

  it('builds an SSCC-18 from extension digit, prefix and serial, padded and checked', () => {
    expect(buildSscc(1, '0614141', 123456789)).toBe('106141411234567897');
    const sscc = buildSscc(0, '5012345678', 42);
    expect(sscc).toHaveLength(18);
    expect(sscc.slice(0, 17)).toBe('05012345678000042');
    expect(hasValidCheckDigit(sscc)).toBe(true);
    expect(hasValidCheckDigit(`${sscc.slice(0, 17)}${(Number(sscc[17]) + 1) % 10}`)).toBe(false);
    expect(ssccText(sscc)).toBe(`(00) ${sscc}`);
  });

  it('refuses what cannot be an SSCC', () => {
    expect(ssccSerialCapacity('0614141')).toBe(1_000_000_000);
    expect(() => buildSscc(1, '0614141', 1_000_000_000)).toThrow();
    expect(() => buildSscc(10, '0614141', 1)).toThrow();
    expect(() => buildSscc(1, '06141', 1)).toThrow();
    expect(() => buildSscc(1, '0614141', -1)).toThrow();
    expect(() => gs1CheckDigit('12a')).toThrow();
  });
});
