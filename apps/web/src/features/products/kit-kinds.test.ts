import { describe, expect, it } from 'vitest';
import { addComponent, rowErrors, rowsFromLines, toComponentsPayload } from './kit-kinds';

describe('components editor rows', () => {
  const rows = rowsFromLines([{ product_id: 3, sku: 'CANDLE', name: 'Candle', kind: 'standard', quantity: 1 }]);

  it('adds a product once: picking it again adds a unit per kit instead of a repeated row', () => {
    const added = addComponent(rows, { id: 4, sku: 'MUG', name: 'Mug' });
    expect(added.map((row) => [row.sku, row.quantity])).toEqual([
      ['CANDLE', '1'],
      ['MUG', '1'],
    ]);
    expect(addComponent(added, { id: 3, sku: 'CANDLE', name: 'Candle' })[0]?.quantity).toBe('2');
  });

  it('sends the rows as the PUT takes them; a blank quantity goes as null for the server to name', () => {
    expect(toComponentsPayload([...rows, { product_id: 4, sku: 'MUG', name: 'Mug', quantity: ' ' }])).toEqual({
      components: [
        { product_id: 3, quantity: 1 },
        { product_id: 4, quantity: null },
      ],
    });
  });

  it('puts the server’s field errors on the rows they name, the rest in the general message', () => {
    expect(
      rowErrors({
        'components.1.product_id': ['MUG-SET is itself a kit: a kit cannot contain another kit.'],
        'components.1.quantity': ['Quantity must be a whole number of at least 1.'],
        components: ['A kit may have at most 50 components.'],
      }),
    ).toEqual({
      rows: {
        1: [
          'MUG-SET is itself a kit: a kit cannot contain another kit.',
          'Quantity must be a whole number of at least 1.',
        ],
      },
      general: ['A kit may have at most 50 components.'],
    });
  });
});
