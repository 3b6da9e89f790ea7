import { describe, expect, it } from 'vitest';
import { orderFromInput } from '../src/modules/outbound/order-creation/order-from-input';

// The one mapper behind POST /orders/bulk and draft conversion: no database needed.
describe('orderFromInput', () => {
  const input = {
    account_id: 7,
    warehouse_id: 3,
    shipper_id: null,
    customer_name: 'Ada',
    ship_date: '2026-12-01',
    order_id: 'A-1',
    notes: null,
    priority: 'urgent' as const,
    products: [
      { product_id: 11, quantity: 2 },
      { product_id: 12, quantity: 1 },
      { product_id: 11, quantity: 3 },
    ],
  };

  it('places the order in the warehouse the caller chose and adds up the lines of one product', () => {
    expect(orderFromInput(input, 9)).toEqual({
      accountId: 7,
      warehouseId: 9,
      shipperId: null,
      customerName: 'Ada',
      shipDate: '2026-12-01',
      externalOrderId: 'A-1',
      notes: null,
      priority: 'urgent',
      lines: [
        { productId: 11, quantity: 5 },
        { productId: 12, quantity: 1 },
      ],
    });
  });
});
