import { describe, expect, it } from 'vitest';
import { creationAnswer, type InsertedOrder } from '../src/modules/outbound/order-creation/creation-answer';
import type { PlacedLine } from '../src/modules/outbound/order-creation/shortfalls';

/** The create answer's per-order figures and shortfalls, from the lines as placed (no database). */
const order = (id: number): InsertedOrder => ({
  id,
  orderNumber: `ORD-${String(id).padStart(6, '0')}`,
  externalOrderId: `EXT-${id}`,
  customerName: 'Ann',
  accountId: 7,
  warehouseId: 4,
  shipperId: null,
  shipDate: '2026-12-01',
});
const products = new Map([
  [1, { sku: 'MUG', name: 'Mug' }],
  [2, { sku: 'CAP', name: 'Cap' }],
]);
const line = (o: InsertedOrder, productId: number, quantity: number, reserved: number): PlacedLine => ({
  order: o,
  productId,
  quantity,
  inventoryId: 30 + productId,
  reservation: { reserved, short: quantity - reserved, availableBefore: reserved },
});

describe('creationAnswer', () => {
  it('counts each order its own lines, units and reserved units, and reports the short lines', () => {
    const [a, b] = [order(5), order(6)];
    const answer = creationAnswer([a, b], [line(a, 1, 3, 3), line(b, 1, 2, 0), line(a, 2, 4, 1)], products, 'Pending');
    expect(answer.message).toBe('Successfully created 2 orders');
    expect(answer.data).toEqual([
      {
        id: 5,
        order_number: 'ORD-000005',
        order_id: 'EXT-5',
        customer_name: 'Ann',
        account_id: 7,
        warehouse_id: 4,
        shipper_id: null,
        ship_date: '2026-12-01',
        status: 'Pending',
        items_count: 2,
        total_quantity: 7,
        total_reserved: 4,
      },
      expect.objectContaining({ id: 6, items_count: 1, total_quantity: 2, total_reserved: 0 }),
    ]);
    expect(answer.backorder_items.map((i) => [i.order_number, i.sku, i.quantity_backordered])).toEqual([
      ['ORD-000006', 'MUG', 2],
      ['ORD-000005', 'CAP', 3],
    ]);
    expect(answer.inventory_warnings).toHaveLength(2);
  });
});
