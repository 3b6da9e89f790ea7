import { type BulkCreateResult, type CreatedOrder, ORDER_CREATION_MESSAGES as M } from '@wms/contract/order-creation';
import { type PlacedLine, reportShortfalls } from './shortfalls';

/** An order as inserted (order-creation-repository's row). */
export interface InsertedOrder {
  id: number;
  orderNumber: string;
  externalOrderId: string;
  customerName: string;
  accountId: number;
  warehouseId: number;
  shipperId: number | null;
  shipDate: string | null;
}

/**
 * The create answer (POST /orders/bulk, draft conversion, import) from the orders inserted and their lines as
 * placed: each order's line count and totals, and one backorder item and inventory warning per line placed short.
 * Pure, so the figures are unit-tested (test/order-creation-answer.test.ts).
 */
export function creationAnswer(
  orders: readonly InsertedOrder[],
  lines: readonly PlacedLine[],
  products: ReadonlyMap<number, { sku: string; name: string }>,
  statusName: string,
): BulkCreateResult {
  const totals = new Map(orders.map((o) => [o.id, { items: 0, quantity: 0, reserved: 0 }]));
  for (const line of lines) {
    const total = totals.get(line.order.id)!;
    total.items += 1;
    total.quantity += line.quantity;
    total.reserved += line.reservation.reserved;
  }
  const data: CreatedOrder[] = orders.map((order) => {
    const total = totals.get(order.id)!;
    return {
      id: order.id,
      order_number: order.orderNumber,
      order_id: order.externalOrderId,
      customer_name: order.customerName,
      account_id: order.accountId,
      warehouse_id: order.warehouseId,
      shipper_id: order.shipperId,
      ship_date: order.shipDate,
      status: statusName,
      items_count: total.items,
      total_quantity: total.quantity,
      total_reserved: total.reserved,
    };
  });
  const { backorders, warnings } = reportShortfalls(lines, products);
  return { message: M.created(data.length), data, inventory_warnings: warnings, backorder_items: backorders };
}
