import { ORDER_MESSAGES, type Order, type OrderStatusOption } from '@wms/contract/orders';

export type ShipCandidate = Pick<Order, 'lifecycle' | 'items_count' | 'verified_items_count'>;

/**
 * Why the server would refuse shipping this order (docs/outbound.md, "Statuses do what their lifecycle says"), known before
 * asking "cannot be undone": a cancelled order must be re-opened first, and every unit must be
 * verified. Null when the change may go ahead (or is not a shipment).
 */
export function shipRefusal(order: ShipCandidate, option: Pick<OrderStatusOption, 'lifecycle'>): string | null {
  if (option.lifecycle !== 'shipped' || order.lifecycle === 'shipped') return null;
  if (order.lifecycle === 'cancelled') return ORDER_MESSAGES.cancelledCannotShip;
  if (order.verified_items_count < order.items_count) return ORDER_MESSAGES.shipNeedsVerification;
  return null;
}
