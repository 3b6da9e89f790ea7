import type { Permission } from '@wms/contract/access';
import { type FloorHandOff, HAND_OFF_MESSAGES } from '@wms/contract/floor-hand-offs';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { forbidden } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { assertWarehouseInScope } from '../locations/locations-api';

/**
 * The permissions of the actions the handheld queues offline: picks, count entries, moves, replenishment tasks,
 * packing scans.
 */
export const FLOOR_QUEUE_PERMISSIONS: readonly Permission[] = [
  'pick',
  'create cycle counts',
  'edit locations',
  'replenish',
  'pack',
];

/**
 * Putaway (verifying a shipment into its locations) is queued too: its permission counts only with the staff rule
 * the verify route itself needs, since clients hold `edit shipments` for their own announcements.
 */
const mayPutAway = (auth: RequestAuth) => auth.can('edit shipments') && auth.allows('reviewShipments');

/**
 * Hand a refused offline action to the warehouse's supervisors: only the event is recorded (its notification goes
 * to the warehouse's managers and the administrators, notify.ts); the action itself is not redone.
 */
export async function handOffFloorAction(db: Database, auth: RequestAuth, input: FloorHandOff): Promise<void> {
  if (!FLOOR_QUEUE_PERMISSIONS.some((permission) => auth.can(permission)) && !mayPutAway(auth)) {
    throw forbidden(HAND_OFF_MESSAGES.floorPermissionRequired);
  }
  await assertWarehouseInScope(db, auth, input.warehouse_id);
  await inTransaction(db, (tx) =>
    recordEvent(tx, {
      kind: 'floor.action_handed_off',
      payload: {
        worker_name: auth.user.name,
        action: input.action,
        refusal: input.refusal,
        made_at: new Date(input.made_at).toISOString(),
      },
      actorId: auth.user.id,
      subject: { type: 'warehouse', id: input.warehouse_id },
      warehouseIds: [input.warehouse_id],
      accountIds: [],
    }),
  );
}
