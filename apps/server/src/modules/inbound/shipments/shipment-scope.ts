import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import { shipments } from '../../../db/schema/shipments';
import { notFound } from '../../../http/errors';

/** Which shipments a caller reaches: a manager through the warehouse, a client through an account they own. */
export const shipmentScopeCondition = (scope: Scope) =>
  warehouseAccountScope(scope, { warehouseId: shipments.warehouseId, accountId: shipments.accountId });

/** Shipments for the access gate: an id out of scope answers 404 exactly like a missing one. */
export const SHIPMENT_RESOURCE: ScopedResource = {
  table: shipments,
  id: shipments.id,
  scopeCondition: shipmentScopeCondition,
  notFoundMessage: SHIPMENT_MESSAGES.notFound,
};

/**
 * A scoped write (shipments-repository.ts) that changed no row: the shipment is out of the caller's scope even though
 * the gate let the request through. Answered like any out-of-scope id, and the transaction rolls back.
 */
export function requireShipmentChanged(rows: number): void {
  if (rows === 0) throw notFound(SHIPMENT_MESSAGES.notFound);
}
