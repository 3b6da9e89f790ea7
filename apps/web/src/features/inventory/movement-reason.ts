import type { Movement } from '@wms/contract/inventory';

type MovementReference = Pick<Movement, 'reason' | 'reference_type' | 'reference_id'> &
  Partial<Pick<Movement, 'order_number'>>;

/**
 * The ledger's "Reason" cell: the typed reason, else what the movement refers to ('Order ORD-000019', or
 * 'Shipment #4'). A reference without an id (an adjustment with no reason, which the spec allows) says nothing
 * rather than 'adjustment #null'.
 */
export function movementReason(movement: MovementReference): string | null {
  const reason = movement.reason?.trim();
  if (reason) return reason;
  const { reference_type: type, reference_id: id } = movement;
  if (type === 'order' && movement.order_number) return `Order ${movement.order_number}`;
  if (type && id !== null && id !== undefined) return `${type.charAt(0).toUpperCase()}${type.slice(1)} #${id}`;
  return null;
}

/** Where the movement's reference can be opened: an order that still exists (it has a number). */
export function movementOrderPath(movement: Pick<Movement, 'reference_type' | 'reference_id' | 'order_number'>) {
  return movement.reference_type === 'order' && movement.order_number && movement.reference_id !== null
    ? `/orders/${movement.reference_id}`
    : null;
}
