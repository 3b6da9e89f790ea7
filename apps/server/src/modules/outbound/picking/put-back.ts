import { PICKING_MESSAGES, type PutBackInput } from '@wms/contract/picking';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { moveUnitsBetweenLocations } from '../../floor/stock/stock-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { findPickingWave, type LockedTask, type LockedWave, lockTask, stagingLocationId } from './picking-repository';
import { finishPutBack, locationByCode } from './put-back-repository';
import { waveAnswer } from './wave-links';

/**
 * Put-back tasks (DESIGN §11 "Tasks are rows"): units already on a cart when their wave was cancelled or their order
 * left the wave go back to a bin by one ledger move from the staging location (CARTS), same inventory row and lot.
 * They are worked whatever the wave's status (a cancelled wave is exactly where they come from) and by any picker of
 * the warehouse: like every picking write, the wave row is locked first, then the task row, so two pickers putting
 * back the same task run one after the other and the second is told who did it.
 */

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** Location types that never take put-back units: carts themselves, packing benches and quarantine. */
const NOT_FOR_PUT_BACK = new Set(['staging', 'packing', 'quarantine']);

/**
 * The bin the units go into: the task's own, or — when the picker says so (`other_location`, "scan another bin") —
 * another active bin of the same warehouse that allocation could use (not staging, packing, quarantine or hospital).
 * A different bin scanned without saying so is a wrong scan, refused naming the task's bin.
 */
async function targetBin(tx: Executor, wave: LockedWave, task: LockedTask, input: PutBackInput) {
  if (same(input.location_code, task.locationCode)) return { id: task.locationId, code: task.locationCode };
  if (!input.other_location) {
    throw fieldError('location_code', PICKING_MESSAGES.wrongPutBackLocation(task.locationCode));
  }
  const other = await locationByCode(tx, wave.warehouseId, input.location_code);
  if (!other?.active) throw fieldError('location_code', PICKING_MESSAGES.otherLocationUnknown(input.location_code));
  if (NOT_FOR_PUT_BACK.has(other.type) || other.inHospital) {
    throw fieldError('location_code', PICKING_MESSAGES.otherLocationNotAllowed(other.code));
  }
  return { id: other.id, code: other.code };
}

/** The open put-back task, locked; done already by the caller answers `done` (a repeated confirmation). */
async function lockedPutBack(tx: Executor, auth: RequestAuth, wave: LockedWave, taskId: number) {
  const task = await lockTask(tx, wave.id, taskId);
  if (!task) throw notFound(PICKING_MESSAGES.taskNotFound);
  if (task.kind !== 'put_back') throw fieldError('task', PICKING_MESSAGES.notPutBack);
  if (task.status === 'done' && task.pickedBy === auth.user.id) return { task, done: true };
  if (task.status === 'done') throw conflict(PICKING_MESSAGES.alreadyPutBack(task.pickedByName ?? 'someone'));
  if (task.status !== 'open') throw conflict(PICKING_MESSAGES.putBackNotOpen(task.status));
  return { task, done: false };
}

/**
 * POST /api/waves/{id}/tasks/{taskId}/put-back: every scan checked against the task (refused at once, saying what
 * was expected), then ONE ledger move CARTS → bin of the task's row and lot; the task done; a typed event.
 */
export async function putBack(db: Database, auth: RequestAuth, waveId: number, taskId: number, input: PutBackInput) {
  const outcome = await inTransaction(db, async (tx) => {
    const wave = await findPickingWave(tx, await auth.scope(), waveId, true);
    if (!wave) throw notFound(PICKING_MESSAGES.waveNotFound);
    const { task, done } = await lockedPutBack(tx, auth, wave, taskId);
    if (done) return { task, binCode: task.locationCode };
    const bin = await targetBin(tx, wave, task, input);
    const productMatches =
      same(input.product_code, task.sku) || (task.barcode !== null && same(input.product_code, task.barcode));
    if (!productMatches) {
      throw fieldError('product_code', PICKING_MESSAGES.wrongPutBackProduct(task.sku, task.barcode));
    }
    if (input.quantity !== task.quantity) {
      throw fieldError('quantity', PICKING_MESSAGES.wrongPutBackQuantity(task.quantity));
    }
    const refusal = await moveUnitsBetweenLocations(tx, {
      inventoryId: task.inventoryId,
      fromLocationId: await stagingLocationId(tx, wave),
      toLocationId: bin.id,
      lotId: task.lotId,
      quantity: task.quantity,
      userId: auth.user.id,
      reason: `Put back from ${wave.number}`,
      referenceType: 'pick_task',
      referenceId: task.id,
    });
    if (refusal) throw conflict(PICKING_MESSAGES.cartShort(task.sku));
    await finishPutBack(tx, { id: task.id, quantity: task.quantity, locationId: bin.id, userId: auth.user.id });
    await recordEvent(tx, {
      kind: 'pick_task.put_back',
      payload: {
        wave_number: wave.number,
        sku: task.sku,
        quantity: task.quantity,
        location_code: bin.code,
        expected_location_code: task.locationCode,
        lot_code: task.lotCode,
      },
      actorId: auth.user.id,
      subject: { type: 'wave', id: wave.id },
      warehouseIds: [wave.warehouseId],
      accountIds: [task.accountId],
    });
    return { task, binCode: bin.code };
  });
  return {
    data: await waveAnswer(db, auth, waveId),
    message: PICKING_MESSAGES.putBack(outcome.task.quantity, outcome.task.sku, outcome.binCode),
  };
}
