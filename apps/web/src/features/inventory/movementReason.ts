import type { Movement } from '@wms/contract/inventory';

/**
 * The ledger's "Reason" cell: the typed reason, else what the movement refers to ('order #12'). A reference
 * without an id (an adjustment with no reason, which the spec allows) says nothing rather than 'adjustment #null'.
 */
export function movementReason(movement: Pick<Movement, 'reason' | 'reference_type' | 'reference_id'>): string | null {
  const reason = movement.reason?.trim();
  if (reason) return reason;
  const { reference_type: type, reference_id: id } = movement;
  if (type && id !== null && id !== undefined) return `${type.charAt(0).toUpperCase()}${type.slice(1)} #${id}`;
  return null;
}
