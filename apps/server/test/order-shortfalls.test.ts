import { describe, expect, it } from 'vitest';
import { type PlacedLine, reportShortfalls } from '../src/modules/outbound/order-creation/shortfalls';

/** The create answer's backorder items and warnings, from the lines placed and what their reservations gave. */
const order = { id: 7, orderNumber: 'ORD-000007', externalOrderId: 'EXT-7' };
const products = new Map([
  [1, { sku: 'MUG-01', name: 'Mug' }],
  [2, { sku: 'CAP-02', name: 'Cap' }],
  [3, { sku: 'BAG-03', name: 'Bag' }],
]);
const line = (productId: number, quantity: number, inventoryId: number | null, reserved: number, available: number) =>
  ({
    order,
    productId,
    quantity,
    inventoryId,
    reservation: { reserved, short: quantity - reserved, availableBefore: available },
  }) satisfies PlacedLine;

describe('reportShortfalls', () => {
  it('reports nothing for lines reserved in full', () => {
    expect(reportShortfalls([line(1, 3, 10, 3, 8)], products)).toEqual({ backorders: [], warnings: [] });
  });

  it('reports a line short of stock with what was available, and a product with no stock row', () => {
    const { backorders, warnings } = reportShortfalls(
      [line(1, 5, 10, 2, 2), line(2, 1, 11, 1, 4), line(3, 4, null, 0, 0)],
      products,
    );
    expect(backorders).toEqual([
      {
        order_id: 7,
        order_number: 'ORD-000007',
        external_order_id: 'EXT-7',
        product_id: 1,
        sku: 'MUG-01',
        product_name: 'Mug',
        quantity_ordered: 5,
        quantity_reserved: 2,
        quantity_backordered: 3,
      },
      {
        order_id: 7,
        order_number: 'ORD-000007',
        external_order_id: 'EXT-7',
        product_id: 3,
        sku: 'BAG-03',
        product_name: 'Bag',
        quantity_ordered: 4,
        quantity_reserved: 0,
        quantity_backordered: 4,
      },
    ]);
    expect(warnings).toEqual([
      {
        order_number: 'ORD-000007',
        sku: 'MUG-01',
        available: 2,
        requested: 5,
        message: 'ORD-000007: MUG-01 — only 2 available of 5 requested; 3 on backorder',
      },
      {
        order_number: 'ORD-000007',
        sku: 'BAG-03',
        available: 0,
        requested: 4,
        message: 'ORD-000007: BAG-03 — No stock of this product in this warehouse; 4 on backorder',
      },
    ]);
  });
});
