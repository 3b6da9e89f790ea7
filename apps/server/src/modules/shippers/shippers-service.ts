import { SHIPPER_MESSAGES, type Shipper, type ShipperInput, type ShipperListQuery } from '@wms/contract/shippers';
import type { RequestAuth } from '../../auth/request-auth';
import type { Database } from '../../db/client';
import { refuseDuplicate } from '../../http/database-errors';
import { fieldError, notFound } from '../../http/errors';
import { deleteRecorded } from '../activity/delete-recorded';
import { recordActivity } from '../activity/record-activity';
import {
  deleteShipperRow,
  findShipper,
  insertShipper,
  isShipperCodeTaken,
  listShippers as listShipperRows,
  toShipperView,
  updateShipperRow,
} from './shippers-repository';

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
        await recordActivity(tx, {
          userId: auth.user.id,
          action: 'created',
          subjectType: 'shipper',
          subjectId: created.id,
          description: `Shipper ${created.name} created`,
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
        await recordActivity(tx, {
          userId: auth.user.id,
          action: statusChanged ? 'status_changed' : 'updated',
          subjectType: 'shipper',
          subjectId: id,
          description: statusChanged
            ? `Shipper ${updated.name} ${updated.isActive ? 'activated' : 'deactivated'}`
            : `Shipper ${updated.name} updated`,
        });
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
    {
      userId: auth.user.id,
      subjectType: 'shipper',
      subjectId: id,
      description: `Shipper ${shipper.name} deleted`,
      properties: { code: shipper.code },
    },
    SHIPPER_MESSAGES.inUse,
  );
}
