import { SHIPPER_MESSAGES, type Shipper, type ShipperInput, type ShipperListQuery } from '@wms/contract/shippers';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { refuseDuplicate } from '../../../http/database-errors';
import { fieldError, notFound } from '../../../http/errors';
import { deleteRecorded, recordEvent } from '../../platform/activity/activity-api';
import {
  deleteShipperRow,
  findShipper,
  insertShipper,
  isShipperCodeTaken,
  listShippers as listShipperRows,
  toShipperView,
  updateShipperRow,
} from './shippers-repository';

/** Shippers are global: their events concern no warehouse or account, so only readers who see everything get them. */
const shipperEvent = (auth: RequestAuth, id: number) => ({
  actorId: auth.user.id,
  subject: { type: 'shipper', id },
  warehouseIds: [],
  accountIds: [],
});

/** Shippers are global master data: every caller who may view them sees them all. */
export const listShippers = (db: Database, filter: ShipperListQuery) => listShipperRows(db, filter);

export async function getShipper(db: Database, id: number): Promise<Shipper> {
  const row = await findShipper(db, id);
  if (!row) throw notFound();
  return toShipperView(row);
}

async function assertCodeFree(db: Database, code: string, exceptId?: number): Promise<void> {
  if (await isShipperCodeTaken(db, code, exceptId)) throw fieldError('code', SHIPPER_MESSAGES.codeTaken);
}

export async function createShipper(db: Database, auth: RequestAuth, input: ShipperInput): Promise<Shipper> {
  await assertCodeFree(db, input.code);
  const row = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const created = await insertShipper(tx, input);
        await recordEvent(tx, {
          kind: 'shipper.created',
          payload: { name: created.name },
          ...shipperEvent(auth, created.id),
        });
        return created;
      }),
    'code',
    SHIPPER_MESSAGES.codeTaken,
  );
  return toShipperView(row);
}

export async function updateShipper(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: ShipperInput,
): Promise<Shipper> {
  const before = await findShipper(db, id);
  if (!before) throw notFound();
  await assertCodeFree(db, input.code, id);
  const row = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const updated = await updateShipperRow(tx, id, input);
        const statusChanged = before.isActive !== updated.isActive;
        if (statusChanged) {
          await recordEvent(tx, {
            kind: 'shipper.status_changed',
            payload: { name: updated.name, active: updated.isActive },
            ...shipperEvent(auth, id),
          });
        } else {
          await recordEvent(tx, {
            kind: 'shipper.updated',
            payload: { name: updated.name },
            ...shipperEvent(auth, id),
          });
        }
        return updated;
      }),
    'code',
    SHIPPER_MESSAGES.codeTaken,
  );
  return toShipperView(row);
}

/** Orders and shipments will reference shippers with RESTRICT keys: a shipper in use is refused with 409. */
export async function deleteShipper(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const shipper = await findShipper(db, id);
  if (!shipper) throw notFound();
  await deleteRecorded(
    db,
    (tx) => deleteShipperRow(tx, id),
    () => ({
      kind: 'shipper.deleted' as const,
      payload: { name: shipper.name, code: shipper.code },
      ...shipperEvent(auth, id),
    }),
    SHIPPER_MESSAGES.inUse,
  );
}
