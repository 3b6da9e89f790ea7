import { describe, expect, it } from 'vitest';
import { EMPTY_BUILDER, invalidNumbers, positiveWhole, toPreviewQuery, toReleaseInput } from './builder-values';

describe('wave builder values', () => {
  it('reads positive whole numbers only', () => {
    expect(positiveWhole(' 12 ')).toBe(12);
    expect(positiveWhole('')).toBeUndefined();
    expect(positiveWhole('0')).toBeUndefined();
    expect(positiveWhole('2.5')).toBeUndefined();
  });

  it('names the number fields that hold something else', () => {
    expect(invalidNumbers({ ...EMPTY_BUILDER, limit: 'ten', max_units: '5' })).toEqual(['limit']);
  });

  it('sends only the filters that are set, the same to the preview and the release', () => {
    const values = {
      ...EMPTY_BUILDER,
      account_ids: [3, 4],
      item_count: 'multi' as const,
      limit: '5',
      mode: 'cluster' as const,
    };
    const input = toReleaseInput(9, values);
    expect(input).toEqual({
      warehouse_id: 9,
      mode: 'cluster',
      account_ids: [3, 4],
      shipper_ids: undefined,
      status_ids: undefined,
      ship_date_to: undefined,
      item_count: 'multi',
      priority: undefined,
      limit: 5,
      max_lines: undefined,
      max_units: undefined,
    });
    expect(toPreviewQuery(input)).toMatchObject({ warehouse_id: 9, account_ids: '3,4', limit: 5, mode: 'cluster' });
  });
});
