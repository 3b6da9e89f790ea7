import { PICKING_MESSAGES, type PickConfirmInput, type ShortPickInput } from '@wms/contract/picking';
import type { HospitalReason } from '@wms/contract/waves';
import { isWarehouseInScope } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction, type Transaction } from '../../../db/transaction';
import { conflict, fieldError, notFound, validationError } from '../../../http/errors';
import { moveAllocatedUnits } from '../../floor/stock/stock-api';
import { type ActivityEvent, recordEvent, recordEvents } from '../../platform/activity/activity-api';
import { sendLocationToHospital } from './hospital';
import { checkScans } from './pick-scans';
import {
  afterTaskDone,
  assignWave,
  claimNextWave,
  findPickingWave,
  finishTask,
  type LockedTask,
  type LockedWave,
  lockTask,
  markOrdersPicked,
  markWavePicked,
  moveTaskToEnd,
  type PickedOrder,
  setTotes,
  stagingLocationId,
  unitsInLocation,
  unitsPickedInWave,
  waveOrderTotes,
} from './picking-repository';
import { claimPutBackWave } from './put-back-repository';
import { reallocateShort } from './reallocate-short';
import { taskAnswer, waveAnswer } from './wave-links';

/**
 * Picking on the floor (DESIGN §11 "Tasks are rows"): every write locks the wave row first, so the writes of one
 * wave (two pickers, a cancel) run one after the other and each sees the other's result; then the task row.
 */

const waveEvent = (auth: RequestAuth, wave: LockedWave, accountIds: readonly number[] = []) => ({
  actorId: auth.user.id,
  subject: { type: 'wave', id: wave.id },
  warehouseIds: [wave.warehouseId],
  accountIds,
});

/** The wave in scope, locked; `anyStatus` leaves the status check to the caller (a repeated confirmation). */
async function lockedWave(tx: Executor, auth: RequestAuth, waveId: number, anyStatus = false): Promise<LockedWave> {
  const wave = await findPickingWave(tx, await auth.scope(), waveId, true);
  if (!wave) throw notFound(PICKING_MESSAGES.waveNotFound);
  if (!anyStatus) assertLive(wave);
  return wave;
}

function assertLive(wave: LockedWave): void {
  if (wave.status !== 'open' && wave.status !== 'picking') {
    throw conflict(PICKING_MESSAGES.waveClosed(wave.number, wave.status));
  }
}

/** The wave is this picker's: taken now when nobody has it, refused when someone else does. */
async function takeWave(tx: Executor, auth: RequestAuth, wave: LockedWave): Promise<void> {
  if (wave.assigneeId === auth.user.id) return;
  if (wave.assigneeId !== null) throw conflict(PICKING_MESSAGES.notYours(wave.number, wave.assigneeName ?? ''));
  await assignWave(tx, wave.id, auth.user.id);
  await recordEvent(tx, {
    kind: 'wave.assigned',
    payload: { wave_number: wave.number, assignee_name: auth.user.name },
    ...waveEvent(auth, wave),
  });
  wave.assigneeId = auth.user.id;
  wave.status = 'picking';
}

/**
 * "Get work": the oldest released wave nobody took in the warehouse (urgent first), assigned to the caller; when none
 * waits, the oldest cancelled or picked wave with put-backs nobody else claimed (its put-backs claimed for the caller).
 */
export async function assignNextWave(db: Database, auth: RequestAuth, warehouseId: number) {
  if (!(await isWarehouseInScope(db, await auth.scope(), warehouseId))) throw notFound(PICKING_MESSAGES.waveNotFound);
  const id = await inTransaction(db, async (tx) => {
    const claimed = await claimNextWave(tx, warehouseId, auth.user.id);
    if (claimed === undefined) {
      // No wave to pick: units waiting on a cart to go back are the next work (else they sit there for ever).
      const putBacks = await claimPutBackWave(tx, warehouseId, auth.user.id);
      if (putBacks === undefined) throw notFound(PICKING_MESSAGES.noWork);
      const wave = (await findPickingWave(tx, { kind: 'all' }, putBacks, false))!;
      return { ...wave, message: PICKING_MESSAGES.putBacksAssigned(wave.number) };
    }
    const wave = (await findPickingWave(tx, { kind: 'all' }, claimed, false))!;
    await recordEvent(tx, {
      kind: 'wave.assigned',
      payload: { wave_number: wave.number, assignee_name: auth.user.name },
      ...waveEvent(auth, wave),
    });
    return { ...wave, message: PICKING_MESSAGES.assigned(wave.number) };
  });
  return { data: await waveAnswer(db, auth, id.id), message: id.message };
}

/** Takes a chosen (or scanned) wave: only one nobody else is picking. Taking one's own wave again changes nothing. */
export async function assignWaveToMe(db: Database, auth: RequestAuth, waveId: number) {
  const wave = await inTransaction(db, async (tx) => {
    const locked = await lockedWave(tx, auth, waveId);
    if (locked.assigneeId !== null && locked.assigneeId !== auth.user.id) {
      throw conflict(PICKING_MESSAGES.takenByOther(locked.number, locked.assigneeName ?? ''));
    }
    await takeWave(tx, auth, locked);
    return locked;
  });
  return { data: await waveAnswer(db, auth, waveId), message: PICKING_MESSAGES.assigned(wave.number) };
}

/** Cluster mode: one tote per order of the wave on the cart, before any unit is picked. */
export async function scanTotes(
  db: Database,
  auth: RequestAuth,
  waveId: number,
  totes: readonly { order_id: number; tote: string }[],
) {
  await inTransaction(db, async (tx) => {
    const wave = await lockedWave(tx, auth, waveId);
    if (wave.mode !== 'cluster') throw fieldError('totes', PICKING_MESSAGES.totesOnlyCluster);
    if (wave.assigneeId !== null && wave.assigneeId !== auth.user.id) {
      throw conflict(PICKING_MESSAGES.notYours(wave.number, wave.assigneeName ?? ''));
    }
    if ((await unitsPickedInWave(tx, wave.id)) > 0) throw conflict(PICKING_MESSAGES.totesLocked);
    const orders = await waveOrderTotes(tx, wave.id);
    const known = new Set(orders.map((o) => o.orderId));
    const seen = new Map<string, number>();
    const errors: Record<string, string[]> = {};
    totes.forEach((entry, i) => {
      if (!known.has(entry.order_id)) errors[`totes.${i}.order_id`] = [PICKING_MESSAGES.toteOrderUnknown];
      const key = entry.tote.toLowerCase();
      if (seen.has(key) && seen.get(key) !== entry.order_id)
        errors[`totes.${i}.tote`] = [PICKING_MESSAGES.toteTwice(entry.tote)];
      seen.set(key, entry.order_id);
    });
    const named = new Set(totes.map((t) => t.order_id));
    if (orders.some((o) => !named.has(o.orderId))) errors.totes = [PICKING_MESSAGES.totesFirst];
    if (Object.keys(errors).length > 0) throw validationError(errors);
    await takeWave(tx, auth, wave);
    await setTotes(
      tx,
      wave.id,
      totes.map((t) => ({ orderId: t.order_id, tote: t.tote })),
    );
  });
  return { data: await waveAnswer(db, auth, waveId), message: PICKING_MESSAGES.totesSaved(totes.length) };
}

/**
 * The task of a wave being worked on, locked. A task already done answers `done` (a repeated confirmation by the
 * one who did it is a no-op); done by someone else, the caller is told who did it.
 */
async function lockedTask(tx: Executor, auth: RequestAuth, wave: LockedWave, taskId: number, doneAs: string) {
  const task = await lockTask(tx, wave.id, taskId);
  if (task?.kind !== 'pick') throw notFound(PICKING_MESSAGES.taskNotFound);
  if (task.status === doneAs && task.pickedBy === auth.user.id) return { task, done: true };
  if (task.status === 'picked' || task.status === 'short') {
    throw conflict(PICKING_MESSAGES.alreadyDone(task.status, task.pickedByName ?? 'someone'));
  }
  if (task.status !== 'open') throw conflict(PICKING_MESSAGES.notOpen(task.status));
  return { task, done: false };
}

/**
 * The units leave the location for the cart: the task's allocation released and the units taken in one ledger move
 * naming both places and the lot (allocation is held only on pick locations, never quarantine; staging is none).
 */
async function moveToCart(
  tx: Transaction,
  auth: RequestAuth,
  wave: LockedWave,
  task: LockedTask,
  picked: { lotId: number | null; quantity: number },
) {
  if (task.locationType === 'quarantine') throw new Error(`Task ${task.id} is allocated in quarantine`);
  const refusal = await moveAllocatedUnits(tx, {
    inventoryId: task.inventoryId,
    fromLocationId: task.locationId,
    toLocationId: picked.quantity === 0 ? task.locationId : await stagingLocationId(tx, wave),
    lotId: picked.lotId,
    allocatedLotId: task.lotId,
    allocated: task.quantity - task.quantityPicked,
    quantity: picked.quantity,
    userId: auth.user.id,
    reason: `Picked for ${wave.number}`,
    referenceType: 'pick_task',
    referenceId: task.id,
  });
  if (refusal) throw conflict(PICKING_MESSAGES.locationShort(task.locationCode));
}

/**
 * After a task is done: its orders whose tasks are all done are picked (webhook, activity) — only the task's orders
 * can have become done by it; then, when no open task is left, the wave (with any order still unmarked). Answers
 * whether the wave is picked and the units left in the task's location.
 */
async function completeWhatIsDone(
  tx: Executor,
  auth: RequestAuth,
  wave: LockedWave,
  task: LockedTask,
): Promise<{ wavePicked: boolean; unitsInLocation: number }> {
  const orderIds = [...new Set(task.shares.map((s) => s.orderId))];
  const after = await afterTaskDone(tx, wave.id, orderIds, task.locationId);
  if (after.openLeft) {
    await recordOrdersPicked(tx, auth, wave, after.pickedOrders);
    return { wavePicked: false, unitsInLocation: after.unitsInLocation };
  }
  await markWavePicked(tx, wave.id);
  await recordOrdersPicked(
    tx,
    auth,
    wave,
    [...after.pickedOrders, ...(await markOrdersPicked(tx, wave.id))],
    [{ kind: 'wave.picked', payload: { wave_number: wave.number }, ...waveEvent(auth, wave) }],
  );
  return { wavePicked: true, unitsInLocation: after.unitsInLocation };
}

/** The events of orders picked (and of the wave, when it is), recorded together: a few statements for any number. */
async function recordOrdersPicked(
  tx: Executor,
  auth: RequestAuth,
  wave: LockedWave,
  orders: readonly PickedOrder[],
  waveEvents: ActivityEvent<'wave.picked'>[] = [],
) {
  if (orders.length === 0 && waveEvents.length === 0) return;
  const orderEvents: ActivityEvent<'order.picked'>[] = orders.map((order) => ({
    kind: 'order.picked',
    payload: {
      order_number: order.orderNumber,
      wave_id: wave.id,
      wave_number: wave.number,
      units: order.unitsPicked,
      short: order.unitsShort,
    },
    actorId: auth.user.id,
    subject: { type: 'order', id: order.orderId },
    warehouseIds: [order.warehouseId],
    accountIds: [order.accountId],
  }));
  await recordEvents(tx, [...orderEvents, ...waveEvents]);
}

/** Sends a task's location to hospital with a count of it (hospital.ts). */
async function sendToHospital(
  tx: Executor,
  auth: RequestAuth,
  wave: LockedWave,
  task: LockedTask,
  reason: HospitalReason,
) {
  await sendLocationToHospital(tx, {
    warehouseId: wave.warehouseId,
    locationId: task.locationId,
    code: task.locationCode,
    userId: auth.user.id,
    reason,
    notes: `Hospital (${reason}) after picking ${wave.number}`,
  });
}

/**
 * Confirms a task: every scan checked against what the task expects (refused at once, saying what was expected),
 * then its units move from the location onto the cart. Answers `ask_empty` when the location now holds nothing.
 */
export async function confirmPick(
  db: Database,
  auth: RequestAuth,
  waveId: number,
  taskId: number,
  input: PickConfirmInput,
) {
  const outcome = await inTransaction(db, async (tx) => {
    const wave = await lockedWave(tx, auth, waveId, true);
    const { task, done } = await lockedTask(tx, auth, wave, taskId, 'picked');
    if (done) return { task, askEmpty: false, wavePicked: false };
    assertLive(wave);
    const { shares } = task;
    if (wave.mode === 'cluster' && shares.some((s) => s.tote === null)) throw conflict(PICKING_MESSAGES.totesFirst);
    const lotId = await checkScans(tx, wave, task, shares, input);
    await takeWave(tx, auth, wave);
    await moveToCart(tx, auth, wave, task, { lotId, quantity: task.quantity });
    await finishTask(
      tx,
      { id: task.id, status: 'picked', quantityPicked: task.quantity, lotId, userId: auth.user.id },
      shares.map((s) => ({ id: s.id, picked: s.quantity })),
      null,
    );
    const after = await completeWhatIsDone(tx, auth, wave, task);
    return { task, askEmpty: after.unitsInLocation === 0, wavePicked: after.wavePicked };
  });
  const { task } = outcome;
  return {
    data: await taskAnswer(db, auth, waveId, { ids: [task.id] }),
    message: PICKING_MESSAGES.picked(task.quantity, task.sku, task.locationCode),
    ask_empty: outcome.askEmpty,
  };
}

/**
 * A short pick: what was there goes onto the cart, the location goes to hospital with a count, and the missing
 * units are re-allocated at once from other locations (new tasks right after this one in the route); what cannot
 * be found stays short on its order line for the supervisor.
 */
export async function shortPick(
  db: Database,
  auth: RequestAuth,
  waveId: number,
  taskId: number,
  input: ShortPickInput,
) {
  const reallocated = await inTransaction(db, async (tx) => {
    const wave = await lockedWave(tx, auth, waveId, true);
    const { task, done } = await lockedTask(tx, auth, wave, taskId, 'short');
    if (done) return { units: 0, missing: task.quantity - task.quantityPicked, task };
    assertLive(wave);
    if (input.quantity_found >= task.quantity) {
      throw fieldError('quantity_found', PICKING_MESSAGES.foundTooMany(task.quantity));
    }
    await takeWave(tx, auth, wave);
    const { shares } = task;
    // What was found goes to the orders in cart order; the rest of each share is missing.
    let left = input.quantity_found;
    const picked = shares.map((s) => {
      const take = Math.min(s.quantity, left);
      left -= take;
      return { share: s, picked: take, missing: s.quantity - take };
    });
    await moveToCart(tx, auth, wave, task, { lotId: task.lotId, quantity: input.quantity_found });
    await finishTask(
      tx,
      { id: task.id, status: 'short', quantityPicked: input.quantity_found, lotId: task.lotId, userId: auth.user.id },
      picked.map((p) => ({ id: p.share.id, picked: p.picked })),
      input.reason,
    );
    await sendToHospital(tx, auth, wave, task, input.reason);
    const units = await reallocateShort(tx, wave, task, picked);
    const missing = task.quantity - input.quantity_found;
    await recordEvent(tx, {
      kind: 'pick_task.shorted',
      payload: {
        wave_number: wave.number,
        location_code: task.locationCode,
        sku: task.sku,
        expected: task.quantity,
        found: input.quantity_found,
        reason: input.reason,
        reallocated: units,
      },
      ...waveEvent(auth, wave),
    });
    await completeWhatIsDone(tx, auth, wave, task);
    return { units, missing, task };
  });
  const message =
    reallocated.units >= reallocated.missing
      ? PICKING_MESSAGES.shortReallocated(reallocated.units)
      : PICKING_MESSAGES.shortNotReallocated(reallocated.missing - reallocated.units);
  // The re-allocated tasks were placed right after the shorted one: it and every task from it on changed.
  const { task } = reallocated;
  return { data: await taskAnswer(db, auth, waveId, { ids: [task.id], fromSequence: task.sequence }), message };
}

/** "Skip": the task goes to the end of the route, still allocated. */
export async function skipTask(db: Database, auth: RequestAuth, waveId: number, taskId: number) {
  await inTransaction(db, async (tx) => {
    const wave = await lockedWave(tx, auth, waveId);
    const task = await lockTask(tx, wave.id, taskId);
    if (task?.kind !== 'pick') throw notFound(PICKING_MESSAGES.taskNotFound);
    if (task.status !== 'open') throw conflict(PICKING_MESSAGES.notOpen(task.status));
    await takeWave(tx, auth, wave);
    await moveTaskToEnd(tx, wave.id, task.id);
  });
  return { data: await taskAnswer(db, auth, waveId, { ids: [taskId] }), message: PICKING_MESSAGES.skipped };
}

/**
 * The answer to "is it empty now?", asked after a pick took what the system holds as the location's last units:
 * a "no" means the records are wrong, so the location goes to hospital with a count.
 */
export async function answerEmptyCheck(
  db: Database,
  auth: RequestAuth,
  waveId: number,
  taskId: number,
  empty: boolean,
) {
  const message = await inTransaction(db, async (tx) => {
    const wave = await findPickingWave(tx, await auth.scope(), waveId, true);
    if (!wave) throw notFound(PICKING_MESSAGES.waveNotFound);
    const task = await lockTask(tx, wave.id, taskId);
    if (task?.kind !== 'pick') throw notFound(PICKING_MESSAGES.taskNotFound);
    if (task.status !== 'picked' || (await unitsInLocation(tx, task.locationId)) > 0) {
      throw conflict(PICKING_MESSAGES.emptyCheckNotAsked);
    }
    if (empty) return PICKING_MESSAGES.emptyConfirmed;
    await sendToHospital(tx, auth, wave, task, 'not_empty');
    return PICKING_MESSAGES.notEmpty(task.locationCode);
  });
  return { data: await waveAnswer(db, auth, waveId), message };
}
