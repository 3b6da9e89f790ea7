import { pageMeta } from '@wms/contract/pagination';
import { type PickFacesPut, REPLENISHMENT_MESSAGES } from '@wms/contract/replenishment';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, notFound, validationError } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { toPickFace } from './replenishment-report';
import {
  facesOfInventory,
  facesOfWarehouse,
  findInventory,
  pickLocationIds,
  removedFacesWithLiveTask,
  replaceFaces,
  warehouseInScope,
} from './replenishment-repository';

export async function inventoryPickFaces(db: Executor, auth: RequestAuth, inventoryId: number) {
  const row = await findInventory(db, await auth.scope(), inventoryId, false);
  if (!row) throw notFound(REPLENISHMENT_MESSAGES.inventoryNotFound);
  return (await facesOfInventory(db, inventoryId)).map(toPickFace);
}

/**
 * Replaces the row's pick faces in one transaction: every location a pick location of the row's warehouse, each
 * once (422 naming the entry); a face with a live task may not be removed (409).
 */
export async function putInventoryPickFaces(db: Database, auth: RequestAuth, inventoryId: number, input: PickFacesPut) {
  const scope = await auth.scope();
  return inTransaction(db, async (tx) => {
    const row = await findInventory(tx, scope, inventoryId, true);
    if (!row) throw notFound(REPLENISHMENT_MESSAGES.inventoryNotFound);
    const ids = input.pick_faces.map((f) => f.location_id);
    const picks = await pickLocationIds(tx, row.warehouseId, ids);
    const errors: Record<string, string[]> = {};
    input.pick_faces.forEach((face, i) => {
      if (!picks.has(face.location_id))
        errors[`pick_faces.${i}.location_id`] = [REPLENISHMENT_MESSAGES.locationInvalid];
      else if (ids.indexOf(face.location_id) !== i) {
        errors[`pick_faces.${i}.location_id`] = [REPLENISHMENT_MESSAGES.locationTwice];
      }
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const busy = await removedFacesWithLiveTask(tx, inventoryId, ids);
    if (busy.length > 0) throw conflict(REPLENISHMENT_MESSAGES.faceHasOpenTask(busy[0]!));
    await replaceFaces(
      tx,
      row,
      input.pick_faces.map((f) => ({ locationId: f.location_id, min: f.min, max: f.max, increment: f.increment })),
    );
    await recordEvent(tx, {
      kind: 'pick_faces.updated',
      payload: { sku: row.sku, pick_faces: input.pick_faces.length },
      actorId: auth.user.id,
      subject: { type: 'inventory', id: inventoryId },
      warehouseIds: [row.warehouseId],
      accountIds: [],
    });
    return (await facesOfInventory(tx, inventoryId)).map(toPickFace);
  });
}

export async function warehousePickFaces(
  db: Executor,
  auth: RequestAuth,
  warehouseId: number,
  query: { page: number; per_page: number },
) {
  if (!(await warehouseInScope(db, await auth.scope(), warehouseId))) {
    throw notFound(REPLENISHMENT_MESSAGES.warehouseNotFound);
  }
  const { total, rows } = await facesOfWarehouse(db, warehouseId, query.page, query.per_page);
  return { data: rows.map(toPickFace), meta: pageMeta(total, query.page, query.per_page) };
}
