import { SHIPMENT_MESSAGES } from '@wms/contract/shipments';
import type { ScopedResource } from '../../auth/access-gate';
import { warehouseAccountScope } from '../../auth/access-gate';
import type { Scope } from '../../auth/scope';
import { shipments } from '../../db/schema/shipments';

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
