import type { RateCard } from '@wms/contract/rate-cards';
import { describe, expect, it } from 'vitest';
import { ratesOfRows, startingRows } from './rate-form';

const card: RateCard = {
  id: 1,
  account_id: null,
  account_name: null,
  earliest_effective_from: '2026-03-02',
  versions: [
    {
      id: 1,
      effective_from: '2026-01-01',
      rates: { label_upload: { rate_micros: 250_000, enabled: true } },
      editable: false,
      updated_at: '',
    },
    {
      id: 2,
      effective_from: '2026-03-15',
      rates: { label_upload: { rate_micros: 1_234_500, enabled: false } },
      editable: true,
      updated_at: '',
    },
  ],
};

describe('rate editor rows', () => {
  it('start from the latest scheduled version, else the one in force', () => {
    expect(startingRows(card, '2026-03-01').label_upload).toEqual({ text: '1.2345', enabled: false });
    expect(startingRows({ ...card, versions: card.versions.slice(0, 1) }, '2026-03-01').label_upload).toEqual({
      text: '0.25',
      enabled: true,
    });
    expect(startingRows(undefined, '2026-03-01').merge_item).toEqual({ text: '', enabled: true });
  });

  it('send exact micro-units, leave empty rows out and name the bad ones', () => {
    const rows = startingRows(undefined, '2026-03-01');
    rows.merge_item = { text: '0.1', enabled: true };
    rows.receiving_unit = { text: '-2', enabled: true };
    rows.label_upload = { text: '0.12345', enabled: true };
    expect(ratesOfRows(rows)).toEqual({
      rates: { merge_item: { rate_micros: 100_000, enabled: true } },
      errors: { receiving_unit: 'Rates cannot be negative.', label_upload: 'Enter a rate with at most 4 decimals.' },
    });
  });
});
