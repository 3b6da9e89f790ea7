import type { OrderItem } from '@wms/contract/orders';
import { describe, expect, it } from 'vitest';
import { bundleSummary, groupOrderItems } from './order-item-groups';

const line = (id: number, name: string, quantity: number, kit: OrderItem['kit'] = null) =>
  ({ id, quantity, product: { id: id * 10, name, sku: name.toUpperCase(), photo_url: null }, kit }) as OrderItem;

const giftSet = { product_id: 7, sku: 'GIFT-SET', name: 'Gift set', quantity: 2 };

describe('groupOrderItems', () => {
  it('gathers a bundle’s component lines under the bundle, at its first line’s place', () => {
    const groups = groupOrderItems([
      line(1, 'Tape', 1),
      line(2, 'Candle', 2, giftSet),
      line(3, 'Pen', 5),
      line(4, 'Mug', 4, giftSet),
    ]);
    expect(groups.map((g) => (g.type === 'line' ? g.item.id : g.items.map((i) => i.id)))).toEqual([1, [2, 4], 3]);
    const bundle = groups[1];
    if (bundle?.type !== 'bundle') throw new Error('expected a bundle group');
    expect(bundleSummary(bundle)).toBe('Gift set ×2: Candle ×2, Mug ×4');
  });

  it('keeps the same bundle ordered in two quantities as two groups, and an order without bundles as it is', () => {
    const groups = groupOrderItems([line(1, 'Candle', 2, giftSet), line(2, 'Candle', 3, { ...giftSet, quantity: 3 })]);
    expect(groups).toHaveLength(2);
    expect(groupOrderItems([line(1, 'Tape', 1)])).toEqual([{ type: 'line', item: expect.objectContaining({ id: 1 }) }]);
  });
});
