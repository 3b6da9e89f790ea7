import { pageMeta } from '@wms/contract/pagination';
import {
  REPLENISHMENT_MESSAGES,
  type ReplenishmentComplete,
  type ReplenishmentTask,
  type ReplenishmentTaskListQuery,
  type ReplenishmentTaskStatus,
  type ReplenishmentTasksCreate,
} from '@wms/contract/replenishment';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { sendLocationToHospital } from '../../outbound/picking/picking-api';
import { recordEvent, recordEvents } from '../../platform/activity/activity-api';
import { holdAllocation, releaseAllocation } from '../allocation/allocation-api';
import { moveAllocatedUnits } from '../stock/stock-api';
import { planReplenishment, toReportLine } from './replenishment-report';
import {
  claimTask,
  findTask,
  finishTask,
  insertTask,
  listTasks,
  lotIdOfProduct,
  summaryCounts,
  type TaskRow,
  tasksByIds,
  warehouseInScope,
} from './replenishment-repository';

export const toTask = (t: TaskRow): ReplenishmentTask => ({
  id: t.id,
  warehouse_id: t.warehouseId,
  pick_face_id: t.pickFaceId,
  inventory_id: t.inventoryId,
  product: { id: t.productId, sku: t.sku, name: t.productName, barcode: t.barcode },
  lot: t.lotId === null ? null : { id: t.lotId, code: t.lotCode ?? '', expiry_date: t.expiryDate },
  source: { id: t.sourceLocationId, code: t.sourceCode },
  target: { id: t.targetLocationId, code: t.targetCode },
  quantity: t.quantity,
  quantity_moved: t.quantityMoved,
  status: t.status as ReplenishmentTaskStatus,
  urgent: t.urgent,
  short: t.short,
  reason: t.reason,
  assignee: t.assigneeId === null ? null : { id: t.assigneeId, name: t.assigneeName ?? '' },
  created_at: t.createdAt,
  started_at: t.startedAt,
  finished_at: t.finishedAt,
});

async function requireWarehouse(db: Executor, auth: RequestAuth, warehouseId: number) {
  if (!(await warehouseInScope(db, await auth.scope(), warehouseId))) {
    throw notFound(REPLENISHMENT_MESSAGES.warehouseNotFound);
  }
}

/** The dashboard card's counts: the caller's warehouses, or one of them (404 outside the scope). */
export async function replenishmentSummary(db: Executor, auth: RequestAuth, warehouseId: number | undefined) {
  if (warehouseId) await requireWarehouse(db, auth, warehouseId);
  return summaryCounts(db, await auth.scope(), warehouseId);
}

/** The live report (nothing held): what each pick face needs and where it would come from. */
export async function replenishmentReport(db: Executor, auth: RequestAuth, warehouseId: number) {
  await requireWarehouse(db, auth, warehouseId);
  return (await planReplenishment(db, warehouseId, { lock: false })).map(toReportLine);
}

/**
 * Creates tasks from the report (every line, or the chosen pick faces) in one transaction under the rows' locks:
 * one task per face, from its first source (the allocation's first choice: FEFO, then the fewest sources), its
 * units allocated at the source. A face that already has a live task gets none (the partial unique index decides,
 * even against a concurrent creation). Answers the tasks created.
 */
export async function createTasks(
  db: Database,
  actorId: number | null,
  warehouseId: number,
  faceIds?: readonly number[],
) {
  const ids = await inTransaction(db, async (tx) => {
    const lines = await planReplenishment(tx, warehouseId, { lock: true, faceIds });
    const created: number[] = [];
    const events = [];
    for (const line of lines) {
      const part = line.parts[0];
      if (!part) continue;
      const id = await insertTask(tx, {
        warehouseId,
        pickFaceId: line.face.id,
        inventoryId: line.face.inventoryId,
        lotId: part.lotId,
        sourceLocationId: part.locationId,
        targetLocationId: line.face.locationId,
        quantity: part.quantity,
        urgent: line.face.waveDemand > 0,
        reason: part.reason,
        createdBy: actorId,
      });
      if (id === null) continue;
      await holdAllocation(tx, [
        { inventoryId: part.inventoryId, locationId: part.locationId, lotId: part.lotId, quantity: part.quantity },
      ]);
      created.push(id);
      events.push({
        kind: 'replenishment_task.created' as const,
        payload: {
          task_id: id,
          sku: line.face.sku,
          quantity: part.quantity,
          source_code: part.place.code,
          target_code: line.face.locationCode,
          urgent: line.face.waveDemand > 0,
        },
        actorId,
        subject: { type: 'replenishment_task', id },
        warehouseIds: [warehouseId],
        accountIds: [],
      });
    }
    await recordEvents(tx, events);
    return created;
  });
  return (await tasksByIds(db, ids)).map(toTask);
}

export async function createTasksFromReport(db: Database, auth: RequestAuth, input: ReplenishmentTasksCreate) {
  await requireWarehouse(db, auth, input.warehouse_id);
  return createTasks(db, auth.user.id, input.warehouse_id, input.pick_face_ids);
}

export async function listReplenishmentTasks(db: Executor, auth: RequestAuth, query: ReplenishmentTaskListQuery) {
  const { total, rows } = await listTasks(db, await auth.scope(), {
    warehouseId: query.warehouse_id,
    status: query.status,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(toTask), meta: pageMeta(total, query.page, query.per_page) };
}

async function taskOrNotFound(db: Executor, auth: RequestAuth, id: number, lock: boolean) {
  const task = await findTask(db, await auth.scope(), id, lock);
  if (!task) throw notFound(REPLENISHMENT_MESSAGES.taskNotFound);
  return task;
}

/** The atomic claim (`UPDATE … WHERE status = 'open'`): of two workers starting one task, one gets it. */
export async function startTask(db: Database, auth: RequestAuth, id: number) {
  const scope = await auth.scope();
  return inTransaction(db, async (tx) => {
    if (!(await claimTask(tx, scope, id, auth.user.id))) {
      const task = await taskOrNotFound(tx, auth, id, false);
      // Starting a task one already holds answers it again (a repeated tap on the handheld).
      if (task.status === 'in_progress' && task.assigneeId === auth.user.id) return toTask(task);
      if (task.status === 'in_progress') throw conflict(REPLENISHMENT_MESSAGES.takenByOther(task.assigneeName ?? ''));
      throw conflict(REPLENISHMENT_MESSAGES.notOpen(task.status));
    }
    const task = await taskOrNotFound(tx, auth, id, false);
    await recordEvent(tx, {
      kind: 'replenishment_task.started',
      payload: { task_id: id, sku: task.sku, assignee_name: task.assigneeName ?? '' },
      actorId: auth.user.id,
      subject: { type: 'replenishment_task', id },
      warehouseIds: [task.warehouseId],
      accountIds: [],
    });
    return toTask(task);
  });
}

/** A task still to do, by the caller: open (taken now) or in progress by them. */
function requireWorkable(task: TaskRow, userId: number) {
  if (task.status !== 'open' && task.status !== 'in_progress') {
    throw conflict(REPLENISHMENT_MESSAGES.notOpen(task.status));
  }
  if (task.status === 'in_progress' && task.assigneeId !== userId) {
    throw conflict(REPLENISHMENT_MESSAGES.takenByOther(task.assigneeName ?? ''));
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Completes a task with what the worker scanned: the source, the lot, the target, the units (at most the task's).
 * One ledger `move` referencing the task, the source's allocation released in the same statement; units not
 * brought stay free at the source. Completing a done task answers it unchanged.
 */
export async function completeTask(db: Database, auth: RequestAuth, id: number, input: ReplenishmentComplete) {
  return inTransaction(db, async (tx) => {
    const task = await taskOrNotFound(tx, auth, id, true);
    if (task.status === 'done') return { task: toTask(task), message: null };
    requireWorkable(task, auth.user.id);
    if (!same(input.source_code, task.sourceCode)) {
      throw fieldError('source_code', REPLENISHMENT_MESSAGES.wrongSource(task.sourceCode));
    }
    if (task.lotId !== null) {
      const lotId = input.lot ? await lotIdOfProduct(tx, task.productId, input.lot) : null;
      if (lotId !== task.lotId) throw fieldError('lot', REPLENISHMENT_MESSAGES.wrongLot(task.lotCode ?? ''));
    }
    if (!same(input.target_code, task.targetCode)) {
      throw fieldError('target_code', REPLENISHMENT_MESSAGES.wrongTarget(task.targetCode));
    }
    if (input.quantity > task.quantity) {
      throw fieldError('quantity', REPLENISHMENT_MESSAGES.quantityTooMany(task.quantity));
    }
    const refusal = await moveAllocatedUnits(tx, {
      inventoryId: task.inventoryId,
      fromLocationId: task.sourceLocationId,
      toLocationId: task.targetLocationId,
      lotId: task.lotId,
      allocatedLotId: task.lotId,
      allocated: task.quantity,
      quantity: input.quantity,
      userId: auth.user.id,
      reason: `Replenishment of ${task.targetCode}`,
      referenceType: 'replenishment_task',
      referenceId: task.id,
    });
    if (refusal) throw conflict(REPLENISHMENT_MESSAGES.sourceShort(task.sourceCode));
    await finishTask(tx, id, { status: 'done', quantityMoved: input.quantity, short: false, userId: auth.user.id });
    await recordEvent(tx, {
      kind: 'replenishment_task.completed',
      payload: {
        task_id: id,
        sku: task.sku,
        quantity: input.quantity,
        source_code: task.sourceCode,
        target_code: task.targetCode,
      },
      actorId: auth.user.id,
      subject: { type: 'replenishment_task', id },
      warehouseIds: [task.warehouseId],
      accountIds: [task.accountId],
    });
    const done = await taskOrNotFound(tx, auth, id, false);
    return { task: toTask(done), message: REPLENISHMENT_MESSAGES.completed(input.quantity, task.sku, task.targetCode) };
  });
}

/** Ends a live task without moving anything: its allocation released; `short` also sends the source to hospital. */
async function endTask(db: Database, auth: RequestAuth, id: number, short: boolean) {
  return inTransaction(db, async (tx) => {
    const task = await taskOrNotFound(tx, auth, id, true);
    if (short) requireWorkable(task, auth.user.id);
    else if (task.status !== 'open' && task.status !== 'in_progress') {
      throw conflict(REPLENISHMENT_MESSAGES.notOpen(task.status));
    }
    await releaseAllocation(tx, [
      { inventoryId: task.inventoryId, locationId: task.sourceLocationId, lotId: task.lotId, quantity: task.quantity },
    ]);
    await finishTask(tx, id, { status: 'cancelled', quantityMoved: 0, short, userId: auth.user.id });
    if (short) {
      await sendLocationToHospital(tx, {
        warehouseId: task.warehouseId,
        locationId: task.sourceLocationId,
        code: task.sourceCode,
        userId: auth.user.id,
        reason: 'not_found',
        notes: `Hospital (source short) after replenishment task ${task.id}`,
      });
    }
    await recordEvent(tx, {
      ...(short
        ? {
            kind: 'replenishment_task.shorted' as const,
            payload: { task_id: id, sku: task.sku, source_code: task.sourceCode },
          }
        : { kind: 'replenishment_task.cancelled' as const, payload: { task_id: id, sku: task.sku } }),
      actorId: auth.user.id,
      subject: { type: 'replenishment_task', id },
      warehouseIds: [task.warehouseId],
      accountIds: [],
    } as Parameters<typeof recordEvent>[1]);
    return toTask(await taskOrNotFound(tx, auth, id, false));
  });
}

export const shortTask = (db: Database, auth: RequestAuth, id: number) => endTask(db, auth, id, true);
export const cancelTask = (db: Database, auth: RequestAuth, id: number) => endTask(db, auth, id, false);
