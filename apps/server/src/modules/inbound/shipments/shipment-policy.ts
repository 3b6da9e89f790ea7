import type { ShipmentStatus } from '@wms/contract/shipments';
import type { RequestAuth } from '../../../auth/request-auth';

/**
 * Who may do what with a shipment in scope (spec 2 §4, §6), in one place for the rules and the `can_*` flags:
 * - edit: only while pending, by the client who created it — and by staff, who may correct a pending
 *   announcement (a wrong quantity or tracking number) before verifying it;
 * - delete: staff always; the creator while pending (deleting never touches stock already received);
 * - verify / reject: staff, only while pending.
 */
export interface ShipmentFacts {
  status: ShipmentStatus;
  userId: number | null;
}

const isStaff = (auth: RequestAuth) => auth.allows('reviewShipments');
const isCreator = (auth: RequestAuth, shipment: ShipmentFacts) =>
  shipment.userId !== null && shipment.userId === auth.user.id;

export type ShipmentRefusal =
  | 'forbidden'
  | 'onlyPendingEdited'
  | 'onlyCreatorEdits'
  | 'onlyPendingDeleted'
  | 'onlyCreatorDeletes'
  | 'onlyPendingVerified'
  | 'onlyPendingRejected';

/** Why the caller may not edit it now, or null when they may. */
export function editRefusal(auth: RequestAuth, shipment: ShipmentFacts): ShipmentRefusal | null {
  if (!auth.can('edit shipments')) return 'forbidden';
  if (!isStaff(auth) && !isCreator(auth, shipment)) return 'onlyCreatorEdits';
  if (shipment.status !== 'pending') return 'onlyPendingEdited';
  return null;
}

export function deleteRefusal(auth: RequestAuth, shipment: ShipmentFacts): ShipmentRefusal | null {
  if (!auth.can('edit shipments')) return 'forbidden';
  if (isStaff(auth)) return null;
  if (!isCreator(auth, shipment)) return 'onlyCreatorDeletes';
  if (shipment.status !== 'pending') return 'onlyPendingDeleted';
  return null;
}

export function reviewRefusal(
  auth: RequestAuth,
  shipment: ShipmentFacts,
  action: 'verify' | 'reject',
): ShipmentRefusal | null {
  if (!auth.can('edit shipments') || !isStaff(auth)) return 'forbidden';
  if (shipment.status !== 'pending') return action === 'verify' ? 'onlyPendingVerified' : 'onlyPendingRejected';
  return null;
}
