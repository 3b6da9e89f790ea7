import { PRODUCT_MAPPING_FIELDS } from '@wms/contract/import-mappings';
import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import { describe, expect, it } from 'vitest';
import { choiceOf, productSpecialChoices, sourceOf, unmappedRequired } from './import-mapping-form';

describe('import mapping form', () => {
  it('round-trips every kind of source through the select value', () => {
    expect(choiceOf({ source: 'column', column: 'Lineitem sku' })).toBe('column:Lineitem sku');
    expect(sourceOf('column:Lineitem sku', undefined)).toEqual({ source: 'column', column: 'Lineitem sku' });
    expect(sourceOf('constant', { source: 'constant', value: 'UPS' })).toEqual({ source: 'constant', value: 'UPS' });
    expect(sourceOf('days_from_today', undefined)).toEqual({ source: 'days_from_today', days: 2 });
    expect(sourceOf('none', { source: 'column', column: 'Notes' })).toBeUndefined();
  });

  it('keeps a weight column’s unit when another column is chosen', () => {
    expect(sourceOf('column:Weight', { source: 'column', column: 'Variant Grams', unit: 'g' })).toEqual({
      source: 'column',
      column: 'Weight',
      unit: 'g',
    });
  });

  it('requires every required field, a typed constant, and an account to work in for "current account"', () => {
    const full = {
      account_name: { source: 'current_account' as const },
      order_id: { source: 'column' as const, column: 'Name' },
      customer_name: { source: 'constant' as const, value: ' ' },
      ship_date: { source: 'days_from_today' as const, days: 2 },
      sku: { source: 'column' as const, column: 'SKU' },
    };
    expect(unmappedRequired(ORDER_IMPORT_COLUMNS, full, true)).toEqual(['customer_name', 'quantity']);
    expect(unmappedRequired(ORDER_IMPORT_COLUMNS, full, false)).toEqual(['account_name', 'customer_name', 'quantity']);
  });

  it('requires a product’s SKU and name from the file; other product fields may be constants', () => {
    expect(
      unmappedRequired(PRODUCT_MAPPING_FIELDS, { sku: { source: 'column', column: 'Variant SKU' } }, false),
    ).toEqual(['name']);
    expect(productSpecialChoices('name')).toEqual([]);
    expect(productSpecialChoices('dimension')).toEqual(['constant']);
  });
});
