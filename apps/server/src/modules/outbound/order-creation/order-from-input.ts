import type { CreateOrderInput } from '@wms/contract/order-creation';
import { mergeLines, type NewOrder } from './create-orders';

/**
 * The one mapper from an order as the screens send it (a POST /orders/bulk order, a draft's section checked with
 * the same schema) to the `NewOrder` that createOrders takes. The warehouse is the caller's to decide (the order's
 * own, the request's, the draft's); lines of one product are added up.
 */
export function orderFromInput(order: CreateOrderInput, warehouseId: number): NewOrder {
  return {
    accountId: order.account_id,
    warehouseId,
    shipperId: order.shipper_id,
    customerName: order.customer_name,
    shipDate: order.ship_date,
    externalOrderId: order.order_id,
    notes: order.notes,
    priority: order.priority,
    lines: mergeLines(order.products.map((p) => ({ productId: p.product_id, quantity: p.quantity }))),
  };
}
