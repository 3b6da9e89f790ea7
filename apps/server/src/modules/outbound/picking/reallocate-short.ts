import type { Executor } from '../../../db/client';
import { walkOrder } from '../waves/waves-api';
import {
  insertReplacementTask,
  type LockedTask,
  type LockedWave,
  makeRoomAfter,
  type ReplacementTask,
  type TaskShare,
} from './picking-repository';
import { allocation } from './wave-links';

const trackingOf = (task: LockedTask): 'expiry' | 'lot' | 'none' =>
  task.trackExpiry ? 'expiry' : task.trackLots ? 'lot' : 'none';

/**
 * The missing units of a short pick, allocated at once from other locations by the one allocation rule (the
 * shorted location is in hospital, so never chosen again): one new task per (location, lot), placed right after
 * the shorted task in walk order, for the same orders (and totes). Answers the units re-allocated; what could not
 * be found stays short on the order lines.
 */
export async function reallocateShort(
  tx: Executor,
  wave: LockedWave,
  task: LockedTask,
  shares: readonly { share: TaskShare; missing: number }[],
): Promise<number> {
  const missing = shares.filter((s) => s.missing > 0);
  if (missing.length === 0) return 0;
  const allocations = await allocation.allocate(
    tx,
    missing.map(({ share, missing: quantity }) => ({
      orderId: share.orderId,
      shipDate: share.shipDate,
      minShelfLifeDays: share.minShelfLifeDays,
      allowPartial: true,
      lines: [{ lineId: share.orderItemId, inventoryId: task.inventoryId, tracking: trackingOf(task), quantity }],
    })),
    { lock: true, excludeLocationIds: [task.locationId] },
  );
  const parts = allocations.flatMap((a) => a.parts);
  if (parts.length === 0) return 0;
  await allocation.hold(tx, parts);

  // One task per place, its shares per order; places in walk order.
  const byPlace = new Map<string, { place: (typeof parts)[number]['place']; parts: typeof parts }>();
  for (const part of parts) {
    const key = `${part.locationId}:${part.lotId}`;
    const entry = byPlace.get(key) ?? { place: part.place, parts: [] };
    entry.parts.push(part);
    byPlace.set(key, entry);
  }
  const ordered = walkOrder(
    [...byPlace.values()].map((entry) => ({ ...entry, id: entry.place.locationId, ...entry.place })),
  );
  await makeRoomAfter(tx, wave.id, task.sequence, ordered.length);
  const toteOf = new Map(shares.map((s) => [s.share.orderId, s.share.tote]));
  let sequence = task.sequence;
  for (const entry of ordered) {
    const first = entry.parts[0]!;
    const replacement: ReplacementTask = {
      waveId: wave.id,
      warehouseId: wave.warehouseId,
      locationId: first.locationId,
      inventoryId: task.inventoryId,
      productId: task.productId,
      lotId: first.lotId,
      quantity: entry.parts.reduce((sum, p) => sum + p.quantity, 0),
      sequence: ++sequence,
      allocationRule: first.rule,
      lotRule: first.lotRule,
      reason: `Re-allocated after a short pick at ${task.locationCode}: ${first.reason}`,
      replacesTaskId: task.id,
      assigneeId: wave.assigneeId,
      shares: entry.parts.map((p) => ({
        orderId: p.orderId,
        orderItemId: p.lineId,
        quantity: p.quantity,
        tote: toteOf.get(p.orderId) ?? null,
      })),
    };
    await insertReplacementTask(tx, replacement);
  }
  return parts.reduce((sum, p) => sum + p.quantity, 0);
}
