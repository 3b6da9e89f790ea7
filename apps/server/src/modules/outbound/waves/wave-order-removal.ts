import {
  LIVE_WAVE_STATUSES,
  WAVE_MESSAGES,
  type WaveDetail,
  type WaveOrderRemovalReason,
  type WaveStatus,
} from '@wms/contract/waves';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction, type Transaction } from '../../../db/transaction';
import { notFound } from '../../../http/errors';
import { releaseAllocation } from '../../floor/allocation/allocation-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { distanceOfStops } from './release-plan';
import {
  cancelEmptyWave,
  cancelTasks,
  dropShares,
  type LiveWaveOfOrder,
  liveWaveOf,
  lockOrderForWave,
  markOrderRemoved,
  markWaveDone,
  type OrderTaskShare,
  orderTaskShares,
  resummariseWave,
  setWaveDistance,
  waveWalkFacts,
} from './wave-removal-repository';
import { lockWave, type PickedUnits } from './waves-repository';
import { getWave, writePutBacks } from './waves-service';

export interface RemovedFromWave {
  waveId: number;
  waveNumber: string;
  /** Units that were allocated for the order and are free again. */
  released: number;
  /** Put-back tasks written for units already on a cart. */
  putBacks: number;
  /** The wave's status afterwards (cancelled when it has no order left, picked when the rest is all picked). */
  waveStatus: string;
}

const PUT_BACK_REASON: Record<WaveOrderRemovalReason, (order: string, wave: string) => string> = {
  cancelled: (order, wave) => `Order ${order} cancelled in ${wave}: put these units back where they were picked`,
  deleted: (order, wave) => `Order ${order} deleted in ${wave}: put these units back where they were picked`,
  removed: (order, wave) => `Order ${order} removed from ${wave}: put these units back where they were picked`,
};

/** The live wave an order is in (its state there: in_wave or picked), or undefined. */
export const liveWaveOfOrder = (db: Executor, orderId: number): Promise<LiveWaveOfOrder | undefined> =>
  liveWaveOf(db, orderId);

/** The units the order had picked on each place (its shares' picked units), what its put-back tasks return. */
function pickedPerPlace(shares: readonly OrderTaskShare[]): PickedUnits[] {
  const places = new Map<string, PickedUnits>();
  for (const s of shares.filter((share) => share.sharePicked > 0)) {
    const key = `${s.inventoryId}:${s.locationId}:${s.lotId}`;
    const place = places.get(key) ?? { ...s, quantity: 0 };
    place.quantity += s.sharePicked;
    places.set(key, place);
  }
  return [...places.values()];
}

/**
 * Takes an order out of its live wave, in the caller's transaction, the order row already locked by the caller (the
 * lock order is order → wave → tasks → inventory rows; picking takes wave → tasks → inventory rows, so a pick and a
 * removal of the same order run one after the other). Its un-picked allocations are released; a task that held only
 * its units is cancelled, a shared (batch, cluster) task loses its share; units already on a cart get put-back tasks
 * as a wave cancel writes them; the wave is counted and its walk measured again, and ends cancelled when no order is left, picked when
 * every remaining order is picked. Answers undefined when the order is in no live wave (or not in `onlyWaveId`).
 */
export async function removeOrderFromWave(
  tx: Transaction,
  order: { id: number; orderNumber: string; accountId: number },
  options: { reason: WaveOrderRemovalReason; actorId: number | null; onlyWaveId?: number },
): Promise<RemovedFromWave | undefined> {
  const live = await liveWaveOf(tx, order.id);
  if (!live || (options.onlyWaveId !== undefined && live.waveId !== options.onlyWaveId)) return undefined;
  const wave = (await lockWave(tx, { kind: 'all' }, live.waveId))!;
  const shares = await orderTaskShares(tx, wave.id, order.id);
  const open = shares.filter((s) => s.status === 'open' || s.status === 'skipped');
  const unpicked = open.map((s) => ({ ...s, quantity: s.shareQuantity - s.sharePicked }));
  await releaseAllocation(tx, unpicked);
  // A task whose every unit was the order's has nothing left to pick; a shared one keeps the other orders' units.
  const ordersUnits = new Map<number, number>();
  for (const s of unpicked) ordersUnits.set(s.taskId, (ordersUnits.get(s.taskId) ?? 0) + s.quantity);
  const onlyTheOrders = (s: (typeof unpicked)[number]) => (ordersUnits.get(s.taskId) ?? 0) >= s.taskQuantity;
  await cancelTasks(tx, [...new Set(unpicked.filter(onlyTheOrders).map((s) => s.taskId))]);
  await dropShares(
    tx,
    unpicked.filter((s) => !onlyTheOrders(s)),
  );
  const picked = pickedPerPlace(shares);
  await writePutBacks(tx, wave, picked, PUT_BACK_REASON[options.reason](order.orderNumber, wave.number));
  await markOrderRemoved(tx, wave.id, order.id);
  const left = await resummariseWave(tx, wave.id);
  if (left.liveOrders > 0) {
    const facts = await waveWalkFacts(tx, wave.id);
    await setWaveDistance(tx, wave.id, distanceOfStops(facts.mode, facts.stopsByOrder, facts.warehouse));
  }
  const waveStatus =
    left.liveOrders === 0
      ? 'cancelled'
      : LIVE_WAVE_STATUSES.includes(wave.status as WaveStatus) && left.openTasks === 0
        ? 'picked'
        : wave.status;
  const released = unpicked.reduce((sum, s) => sum + s.quantity, 0);
  const event = { actorId: options.actorId, subject: { type: 'wave', id: wave.id }, warehouseIds: [wave.warehouseId] };
  await recordEvent(tx, {
    kind: 'wave.order_removed',
    payload: {
      wave_number: wave.number,
      order_number: order.orderNumber,
      reason: options.reason,
      released,
      put_backs: picked.length,
      wave_status: waveStatus,
    },
    ...event,
    accountIds: [order.accountId],
  });
  if (waveStatus === 'cancelled' && wave.status !== 'cancelled') {
    await cancelEmptyWave(tx, wave.id, options.actorId);
    const payload = { wave_number: wave.number, orders: 0, put_backs: 0 };
    await recordEvent(tx, { kind: 'wave.cancelled', payload, ...event, accountIds: [order.accountId] });
  } else if (waveStatus === 'picked' && wave.status !== 'picked') {
    await markWaveDone(tx, wave.id);
    await recordEvent(tx, { kind: 'wave.picked', payload: { wave_number: wave.number }, ...event, accountIds: [] });
  }
  return { waveId: wave.id, waveNumber: wave.number, released, putBacks: picked.length, waveStatus };
}

/**
 * POST /api/waves/{id}/orders/{orderId}/remove: a supervisor takes an order out of a wave (a short line to wait for,
 * a customer change) by the same path as a cancel, the order staying open and back in the pool. The order is locked
 * before the wave, as every change of an order does. 404 for a wave out of scope or an order not live in it.
 */
export async function removeOrderBySupervisor(
  db: Database,
  auth: RequestAuth,
  waveId: number,
  orderId: number,
): Promise<{ wave: WaveDetail; orderNumber: string }> {
  const scope = await auth.scope();
  const orderNumber = await inTransaction(db, async (tx) => {
    const order = await lockOrderForWave(tx, orderId);
    if (!(await lockWave(tx, scope, waveId))) throw notFound(WAVE_MESSAGES.notFound);
    const removed = order
      ? await removeOrderFromWave(tx, order, { reason: 'removed', actorId: auth.user.id, onlyWaveId: waveId })
      : undefined;
    if (!removed) throw notFound(WAVE_MESSAGES.orderNotInWave);
    return order!.orderNumber;
  });
  return { wave: await getWave(db, auth, waveId), orderNumber };
}
