import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('CURRENCY', () => {
  it('defaults to USD and takes any 2-decimal ISO code, in any case', () => {
    expect(loadConfig({}).CURRENCY).toBe('USD');
    expect(loadConfig({ CURRENCY: 'eur' }).CURRENCY).toBe('EUR');
  });

  it('refuses codes Intl does not know and currencies without cents', () => {
    expect(() => loadConfig({ CURRENCY: 'JPY' })).toThrow(
      /CURRENCY: must be an ISO 4217 currency code with 2 decimals/,
    );
    expect(() => loadConfig({ CURRENCY: 'DOLLARS' })).toThrow(/CURRENCY/);
  });
});
