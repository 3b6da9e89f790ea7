import { describe, expect, it } from 'vitest';
import { effectiveRate, rateCardVersionInputSchema } from './rate-cards';

const on = (rate_micros: number, enabled = true) => ({ rate_micros, enabled });

describe('effective rate', () => {
  const defaults = [
    { effective_from: '2026-01-01', rates: { fulfilment_order: on(1_500_000), label_upload: on(250_000) } },
    // A change on the 15th: from then on 1.75 per order.
    { effective_from: '2026-03-15', rates: { fulfilment_order: on(1_750_000), label_upload: on(250_000) } },
  ];
  const account = [
    { effective_from: '2026-02-01', rates: { label_upload: on(100_000) } },
    { effective_from: '2026-03-15', rates: { label_upload: on(0, false) } },
  ];

  it('a change on the 15th applies from the 15th on, never before', () => {
    expect(effectiveRate({ default: defaults }, 'fulfilment_order', '2026-03-14')?.rate_micros).toBe(1_500_000);
    expect(effectiveRate({ default: defaults }, 'fulfilment_order', '2026-03-15')?.rate_micros).toBe(1_750_000);
    expect(effectiveRate({ default: defaults }, 'fulfilment_order', '2026-04-30')?.rate_micros).toBe(1_750_000);
  });

  it('an account rate overrides the default for that charge type only', () => {
    const cards = { default: defaults, account };
    expect(effectiveRate(cards, 'label_upload', '2026-02-10')).toEqual({
      rate_micros: 100_000,
      enabled: true,
      source: 'account',
      effective_from: '2026-02-01',
    });
    // Not on the account card: the default applies, with the default's own change on the 15th.
    expect(effectiveRate(cards, 'fulfilment_order', '2026-03-15')).toMatchObject({
      rate_micros: 1_750_000,
      source: 'default',
    });
    // The account turned labels off on the 15th: off, not the default's rate.
    expect(effectiveRate(cards, 'label_upload', '2026-03-20')).toMatchObject({ enabled: false, source: 'account' });
  });

  it('before the account card starts, and before any version, the default or nothing applies', () => {
    const cards = { default: defaults, account };
    expect(effectiveRate(cards, 'label_upload', '2026-01-20')).toMatchObject({
      rate_micros: 250_000,
      source: 'default',
    });
    expect(effectiveRate(cards, 'label_upload', '2025-12-31')).toBeNull();
    expect(effectiveRate(cards, 'merge_item', '2026-05-01')).toBeNull();
  });
});

describe('rate card version input', () => {
  it('refuses negative rates and more than 4 decimals with field messages', () => {
    const result = rateCardVersionInputSchema.safeParse({
      effective_from: '2026-02-30',
      rates: { receiving_unit: on(-100), merge_item: on(1) },
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'effective_from: Enter the effective date as YYYY-MM-DD.',
      'rates.receiving_unit.rate_micros: Rates cannot be negative.',
      'rates.merge_item.rate_micros: Enter a rate with at most 4 decimals.',
    ]);
  });
});
