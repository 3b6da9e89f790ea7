import {
  CUTOFF_AT_RISK_MINUTES,
  type PickTask,
  type ReleaseSummary,
  UNRELEASABLE_REASON_LABELS,
  WAVE_MESSAGES,
  type Wave,
  type WaveCreateInput,
  type WaveDetail,
  type WaveListQuery,
  type WavePreview,
  type WavePreviewQuery,
} from '@wms/contract/waves';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, notFound, validationError } from '../../../http/errors';
import { holdAllocation, releaseAllocation } from '../../floor/allocation/allocation-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { localDay, localTime, minutesUntil } from './local-clock';
import {
  type AcceptedOrder,
  buildTasks,
  estimatedDistance,
  locationCount,
  planRelease,
  type ReleaseLimits,
} from './release-plan';
import { toPickTasks, toWave, toWaveDetail } from './wave-views';
import {
  cancelWaveRows,
  findWave,
  findWaveWithTasks,
  insertTasks,
  insertWave,
  insertWaveOrders,
  lastSequence,
  listWaves as listWaveRows,
  lockWave,
  namedOrders,
  openPickTasks,
  type PickedUnits,
  pickedUnits,
  type ReleaseFilter,
  releaseCounts,
  type TaskFilter,
  warehouseFacts,
  waveOrderRows,
  waveTaskOrderRows,
  waveTaskRows,
} from './waves-repository';

/** The warehouse, when the caller may work in it (404 otherwise: out of scope reads as unknown). */
async function warehouseInScope(db: Executor, auth: RequestAuth, warehouseId: number) {
  const scope = await auth.scope();
  const visible = scope.kind === 'all' || (scope.kind === 'warehouses' && scope.warehouseIds.includes(warehouseId));
  const warehouse = visible ? await warehouseFacts(db, warehouseId) : undefined;
  if (!warehouse) throw notFound();
  return warehouse;
}

function filterOf(input: WavePreviewQuery | WaveCreateInput): ReleaseFilter {
  return {
    warehouseId: input.warehouse_id,
    accountIds: input.account_ids,
    shipperIds: input.shipper_ids,
    statusIds: input.status_ids,
    shipDateTo: input.ship_date_to,
    itemCount: input.item_count,
    priority: input.priority,
    orderIds: 'order_ids' in input && input.order_ids ? [...new Set(input.order_ids)] : undefined,
  };
}

const limitsOf = (input: WavePreviewQuery | WaveCreateInput): ReleaseLimits => ({
  limit: input.limit,
  maxLines: input.max_lines,
  maxUnits: input.max_units,
});

function summaryOf(accepted: readonly AcceptedOrder[]) {
  return {
    orderCount: accepted.length,
    lineCount: accepted.reduce((sum, a) => sum + new Set(a.allocation.parts.map((p) => p.lineId)).size, 0),
    unitCount: accepted.reduce((sum, a) => sum + a.allocatedUnits, 0),
    locationCount: locationCount(accepted),
  };
}

/** GET /api/waves/preview: what a release with these filters would take, and what it could not. Writes nothing. */
export async function previewWave(db: Database, auth: RequestAuth, query: WavePreviewQuery): Promise<WavePreview> {
  const warehouse = await warehouseInScope(db, auth, query.warehouse_id);
  const today = localDay(warehouse.timezone, new Date());
  const plan = await planRelease(db, filterOf(query), limitsOf(query), { lock: false, today });
  const summary = summaryOf(plan.accepted);
  return {
    mode: query.mode,
    orders: plan.accepted.map((a) => ({
      order_id: a.order.id,
      order_number: a.order.orderNumber,
      account: { id: a.order.accountId, name: a.order.accountName },
      shipper: a.order.shipperId === null ? null : { id: a.order.shipperId, name: a.order.shipperName ?? '' },
      customer_name: a.order.customerName,
      ship_date: a.order.shipDate,
      priority: a.order.priority,
      lines: a.lines.length,
      units: a.units,
      allocated_units: a.allocatedUnits,
      partial: a.partial,
    })),
    order_count: summary.orderCount,
    line_count: summary.lineCount,
    unit_count: summary.unitCount,
    location_count: summary.locationCount,
    estimated_distance_m: estimatedDistance(query.mode, plan.accepted, warehouse),
    unreleasable: plan.unreleasable,
  };
}

/** Named orders must all be in the warehouse and open: else a 422 naming them (others' orders read as unknown). */
async function checkNamedOrders(db: Executor, warehouseId: number, ids: readonly number[]) {
  const found = await namedOrders(db, ids);
  const here = new Map(found.filter((o) => o.warehouseId === warehouseId).map((o) => [o.id, o]));
  if (ids.some((id) => !here.has(id))) throw validationError({ order_ids: [WAVE_MESSAGES.orderNotFound] });
  const closed = [...here.values()].filter((o) => o.lifecycle !== 'open');
  if (closed.length) {
    throw validationError({
      order_ids: closed.map((o) =>
        WAVE_MESSAGES.orderNotReleasable(o.orderNumber, UNRELEASABLE_REASON_LABELS.not_open),
      ),
    });
  }
}

/**
 * POST /api/waves: releases a wave in one transaction — orders locked and checked, units allocated (rows locked in
 * id order), the wave, its orders and its pick tasks written in walk order, the event recorded. Named orders must
 * all be releasable (422 naming each that is not); a filtered release takes what can be released (422 when nothing).
 */
export async function releaseWave(
  db: Database,
  auth: RequestAuth,
  input: WaveCreateInput,
  log: ReleaseLog = silentLog,
): Promise<WaveDetail> {
  const warehouse = await warehouseInScope(db, auth, input.warehouse_id);
  const filter = filterOf(input);
  const today = localDay(warehouse.timezone, new Date());
  if (filter.orderIds) await checkNamedOrders(db, warehouse.id, filter.orderIds);
  const waveId = await inTransaction(db, async (tx) => {
    const plan = await planRelease(tx, filter, limitsOf(input), { lock: true, today });
    const named = filter.orderIds !== undefined;
    if ((named && plan.unreleasable.length > 0) || plan.accepted.length === 0) {
      const messages = plan.unreleasable.map((u) => WAVE_MESSAGES.orderNotReleasable(u.order_number, u.message));
      throw validationError({
        order_ids: messages.length ? messages : [WAVE_MESSAGES.nothingToRelease],
      });
    }
    const summary = summaryOf(plan.accepted);
    const wave = await insertWave(tx, {
      warehouseId: warehouse.id,
      mode: input.mode,
      priority: plan.accepted.some((a) => a.order.priority === 'urgent') ? 'urgent' : 'normal',
      filters: filtersRecord(input),
      ...summary,
      estimatedDistanceM: estimatedDistance(input.mode, plan.accepted, warehouse),
      createdBy: auth.user.id,
    });
    const ids = plan.accepted.map((a) => a.order.id);
    const written = await insertWaveOrders(tx, wave.id, ids);
    // The orders are locked and were checked after the lock: another release cannot hold one. Never silently.
    if (written.size !== ids.length) throw conflict(WAVE_MESSAGES.ordersNotReleasable);
    const parts = plan.accepted.flatMap((a) => a.allocation.parts);
    await holdAllocation(tx, parts);
    const productOf = new Map(plan.accepted.flatMap((a) => a.lines.map((l) => [l.id, l.productId] as const)));
    await insertTasks(tx, buildTasks(input.mode, plan.accepted, { id: wave.id, warehouseId: warehouse.id }, productOf));
    await recordEvent(tx, {
      kind: 'wave.released',
      payload: {
        wave_number: wave.number,
        mode: input.mode,
        orders: summary.orderCount,
        lines: summary.lineCount,
        units: summary.unitCount,
        wave_id: wave.id,
        order_refs: plan.accepted.map((a) => ({
          order_id: a.order.id,
          order_number: a.order.orderNumber,
          account_id: a.order.accountId,
        })),
      },
      actorId: auth.user.id,
      subject: { type: 'wave', id: wave.id },
      warehouseIds: [warehouse.id],
      accountIds: [...new Set(plan.accepted.map((a) => a.order.accountId))],
    });
    return wave.id;
  });
  await afterRelease(db, { actorId: auth.user.id, warehouseId: warehouse.id, waveId }, log);
  return getWave(db, auth, waveId);
}

type ReleaseListener = (db: Database, actorId: number, warehouseId: number) => Promise<unknown>;
const releaseListeners = new Set<ReleaseListener>();

/** Where a release says that work after it failed (the request's logger). */
export type ReleaseLog = Pick<FastifyBaseLogger, 'warn'>;
const silentLog: ReleaseLog = { warn: () => undefined };

/**
 * Work that follows a release in its own transaction (replenishment: the release's pick tasks that reach into
 * storage are demand the pick faces should meet). Registered by the module that does it, so waves need not know
 * it; a listener that fails never undoes the release (the scheduled worker tries again), and is logged. Returns
 * how to remove the listener (a Set: registering the same one again is harmless).
 */
export function onWaveReleased(listener: ReleaseListener): () => void {
  releaseListeners.add(listener);
  return () => releaseListeners.delete(listener);
}

async function afterRelease(
  db: Database,
  release: { actorId: number; warehouseId: number; waveId: number },
  log: ReleaseLog,
) {
  for (const listener of releaseListeners) {
    await listener(db, release.actorId, release.warehouseId).catch((error: unknown) =>
      log.warn({ err: error, waveId: release.waveId }, 'work after a wave release failed; the wave stays released'),
    );
  }
}

/** The filters a wave was released with, kept for its description (named orders: their count). */
function filtersRecord(input: WaveCreateInput): Record<string, unknown> {
  const { warehouse_id: _w, mode: _m, order_ids, ...rest } = input;
  const kept = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return order_ids ? { ...kept, order_ids } : kept;
}

export async function listWaves(db: Database, auth: RequestAuth, query: WaveListQuery) {
  const page = await listWaveRows(db, await auth.scope(), query);
  return { ...page, data: page.data.map(toWave) };
}

/**
 * A picking write's answer: the wave with its progress counts and only the tasks the write changed (`filter`), so
 * a confirmation does not rebuild a wave of hundreds of tasks; the handheld merges them into the wave it holds.
 */
export async function getWaveTasks(
  db: Executor,
  auth: RequestAuth,
  id: number,
  filter: TaskFilter,
): Promise<{ wave: Wave; tasks: PickTask[] }> {
  const found = await findWaveWithTasks(db, await auth.scope(), id, filter);
  if (!found) throw notFound(WAVE_MESSAGES.notFound);
  return { wave: toWave(found.wave), tasks: toPickTasks(found.tasks, found.taskOrders) };
}

export async function getWave(db: Executor, auth: RequestAuth, id: number): Promise<WaveDetail> {
  const row = await findWave(db, await auth.scope(), id);
  if (!row) throw notFound(WAVE_MESSAGES.notFound);
  const [orders, tasks, taskOrders] = await Promise.all([
    waveOrderRows(db, id),
    waveTaskRows(db, id),
    waveTaskOrderRows(db, id),
  ]);
  return toWaveDetail(row, orders, tasks, taskOrders);
}

/**
 * POST /api/waves/{id}/cancel: the open tasks' allocations are released, the orders go back to the pool, and units
 * already picked (on a cart in the staging location) get put-back tasks to their location; the ledger is untouched
 * until a put-back is done (the units are in the staging location, where the ledger already has them).
 */
export async function cancelWave(db: Database, auth: RequestAuth, id: number): Promise<WaveDetail> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const wave = await lockWave(tx, scope, id);
    if (!wave) throw notFound(WAVE_MESSAGES.notFound);
    if (wave.status !== 'open' && wave.status !== 'picking') throw conflict(WAVE_MESSAGES.notCancellable);
    const open = await openPickTasks(tx, id);
    await releaseAllocation(tx, open);
    const picked = await pickedUnits(tx, id);
    await writePutBacks(tx, wave, picked, `Wave ${wave.number} cancelled: put these units back where they were picked`);
    const orders = (await waveOrderRows(tx, id)).filter((o) => o.state === 'in_wave' || o.state === 'picked');
    await cancelWaveRows(tx, id, auth.user.id);
    await recordEvent(tx, {
      kind: 'wave.cancelled',
      payload: { wave_number: wave.number, orders: orders.length, put_backs: picked.length },
      actorId: auth.user.id,
      subject: { type: 'wave', id },
      warehouseIds: [wave.warehouseId],
      accountIds: [...new Set(orders.map((o) => o.accountId))],
    });
  });
  return getWave(db, auth, id);
}

/**
 * Units already on a cart go back where they were picked from: one put-back task per place, after the wave's last
 * task. The ledger is untouched until a put-back is done (the units lie in the staging location, where the ledger
 * already has them).
 */
export async function writePutBacks(
  tx: Executor,
  wave: { id: number; warehouseId: number },
  picked: readonly PickedUnits[],
  reason: string,
): Promise<void> {
  const first = await lastSequence(tx, wave.id);
  await insertTasks(
    tx,
    picked.map((p, index) => ({
      waveId: wave.id,
      warehouseId: wave.warehouseId,
      kind: 'put_back',
      locationId: p.locationId,
      inventoryId: p.inventoryId,
      productId: p.productId,
      lotId: p.lotId,
      quantity: p.quantity,
      sequence: first + index + 1,
      allocationRule: 'put_back',
      lotRule: null,
      reason,
      orders: [],
    })),
  );
}

/** GET /api/waves/summary: the release screen's counts per shipper, against each shipper's cut-off today. */
export async function releaseSummary(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  now: Date = new Date(),
): Promise<ReleaseSummary> {
  const warehouse = await warehouseInScope(db, auth, warehouseId);
  const today = localDay(warehouse.timezone, now);
  const time = localTime(warehouse.timezone, now);
  const rows = await releaseCounts(db, warehouse.id, today);
  const shippers = rows.map((r) => {
    const left = r.cutoffTime === null ? null : minutesUntil(time, r.cutoffTime);
    const state = left === null ? 'none' : left < 0 ? 'passed' : left <= CUTOFF_AT_RISK_MINUTES ? 'at_risk' : 'ok';
    return {
      shipper: r.shipperId === null ? null : { id: r.shipperId, name: r.shipperName ?? '' },
      cutoff_time: r.cutoffTime,
      cutoff_state: state as 'none' | 'ok' | 'at_risk' | 'passed',
      to_release: r.toRelease,
      released: r.released,
      picked: r.picked,
      late: r.overdue + (state === 'passed' ? r.dueTodayUnpicked : 0),
      at_risk: state === 'at_risk' ? r.dueTodayUnpicked : 0,
    };
  });
  const total = (key: 'to_release' | 'released' | 'picked' | 'late' | 'at_risk') =>
    shippers.reduce((sum, s) => sum + s[key], 0);
  return {
    warehouse_id: warehouse.id,
    timezone: warehouse.timezone,
    today,
    now_local: time,
    totals: {
      to_release: total('to_release'),
      released: total('released'),
      picked: total('picked'),
      late: total('late'),
      at_risk: total('at_risk'),
    },
    shippers,
  };
}
