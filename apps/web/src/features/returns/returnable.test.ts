import type { OrderItem } from '@wms/contract/orders';
import type { Return } from '@wms/contract/returns';
import { describe, expect, it } from 'vitest';
import { returnableByItem } from './returnable';

const item = (id: number, shipped: number) => ({ id, quantity_shipped: shipped }) as OrderItem;
const ret = (status: Return['status'], lines: [number | null, number][]) =>
  ({ status, lines: lines.map(([order_item_id, quantity]) => ({ order_item_id, quantity })) }) as Return;

describe('returnableByItem', () => {
  it('takes what earlier returns announced off what shipped, never below zero', () => {
    const map = returnableByItem([item(1, 3), item(2, 1)], [ret('announced', [[1, 2]]), ret('received', [[2, 1]])]);
    expect(map.get(1)).toBe(1);
    expect(map.get(2)).toBe(0);
  });

  it('ignores cancelled returns and lines of no order line', () => {
    const map = returnableByItem([item(1, 3)], [ret('cancelled', [[1, 3]]), ret('announced', [[null, 5]])]);
    expect(map.get(1)).toBe(3);
  });
});
