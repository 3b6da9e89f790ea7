import type { LocationStockRow } from '@wms/contract/location-stock';
import { describe, expect, it } from 'vitest';
import { heldKey, heldOfProduct, unitsHeld } from './held-stock';

const row = (inventoryId: number, sku: string, barcode: string | null, lot: string | null, quantity: number) =>
  ({
    inventory_id: inventoryId,
    product: { id: inventoryId, sku, barcode, name: sku },
    account: { id: 1, name: 'Acme' },
    lot: lot === null ? null : { id: inventoryId * 10, code: lot, expiry_date: '2027-01-31' },
    quantity,
  }) satisfies LocationStockRow;

const held = [
  row(1, 'TENT-2P', '0123456789012', null, 4),
  row(1, 'TENT-2P', '0123456789012', 'L1', 6),
  row(2, 'MUG', null, null, 9),
];

describe('heldOfProduct (phone move flow)', () => {
  it('finds every lot of the product by SKU or barcode, any case', () => {
    expect(heldOfProduct(held, 'tent-2p').map(heldKey)).toEqual(['1:none', '1:10']);
    expect(heldOfProduct(held, ' 0123456789012 ').map(heldKey)).toEqual(['1:none', '1:10']);
    expect(heldOfProduct(held, 'MUG').map(heldKey)).toEqual(['2:none']);
  });

  it('finds nothing for a code the location does not hold (a product without barcode never matches blank)', () => {
    expect(heldOfProduct(held, 'SOCKS')).toEqual([]);
    expect(heldOfProduct(held, '')).toEqual([]);
  });

  it('sums the units a location holds', () => {
    expect(unitsHeld(held)).toBe(19);
  });
});
