import {
  type PickingMode,
  UNRELEASABLE_REASON_LABELS,
  type UnreleasableOrder,
  WAVE_MAX_ORDERS,
} from '@wms/contract/waves';
import type { Executor } from '../../../db/client';
import {
  type AllocatedPart,
  allocateFromPool,
  allocationPool,
  type DemandLine,
  type OrderAllocation,
  type OrderDemand,
} from '../../floor/allocation/allocation-api';
import { type WalkStop, walkDistance, walkOrder } from './walk-route';
import {
  blockedOrders,
  type CandidateLine,
  type CandidateOrder,
  linesOfOrders,
  lockOrders,
  type NewTask,
  ordersInLiveWaves,
  type ReleaseFilter,
  releasableOrders,
  type WarehouseFacts,
} from './waves-repository';

/**
 * What a release takes (the preview shows it, the release writes it): the orders that match the filters and can be
 * released, each allocated in release order (urgent first, then ship date, then age) from what the previous ones
 * left, until "next N", max lines or max units; and every order that cannot be released, with why.
 */

export interface ReleaseLimits {
  limit?: number;
  maxLines?: number;
  maxUnits?: number;
}

export interface AcceptedOrder {
  order: CandidateOrder;
  lines: CandidateLine[];
  allocation: OrderAllocation;
  units: number;
  allocatedUnits: number;
  partial: boolean;
}

export interface ReleasePlan {
  accepted: AcceptedOrder[];
  unreleasable: UnreleasableOrder[];
}

/** Most blocked orders a preview lists (the rest are counted in the release screen's numbers). */
const BLOCKED_LISTED = 200;

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const unreleasable = (
  order: { id: number; orderNumber: string },
  reason: UnreleasableOrder['reason'],
  extra: { message?: string; waveNumber?: string | null; shortUnits?: number } = {},
): UnreleasableOrder => ({
  order_id: order.id,
  order_number: order.orderNumber,
  reason,
  message: extra.message ?? UNRELEASABLE_REASON_LABELS[reason],
  wave_number: extra.waveNumber ?? null,
  short_units: extra.shortUnits ?? 0,
});

function demandOf(order: CandidateOrder, lines: readonly CandidateLine[], today: string): OrderDemand {
  return {
    orderId: order.id,
    // Units must still be good on the day they leave: the ship date, never a day already past.
    shipDate: order.shipDate && order.shipDate > today ? order.shipDate : today,
    minShelfLifeDays: order.minShelfLifeDays,
    allowPartial: order.allowPartial,
    lines: lines.map((line): DemandLine => {
      const open = line.quantity - line.shipped;
      const reserved = line.inventoryId === null ? 0 : Math.min(line.reserved, open);
      return {
        lineId: line.id,
        inventoryId: line.inventoryId ?? 0,
        tracking: line.trackExpiry ? 'expiry' : line.trackLots ? 'lot' : 'none',
        quantity: reserved,
        missing: open - reserved,
      };
    }),
  };
}

function shortMessage(allocation: OrderAllocation, lines: readonly CandidateLine[]): string {
  const sku = new Map(lines.map((l) => [l.id, l.sku]));
  const parts = [...allocation.short].map(([lineId, units]) => `${units} × ${sku.get(lineId) ?? '?'}`);
  return `Short: ${parts.join(', ')}`;
}

/**
 * The plan. With `lock` (a release, in its transaction): the orders are locked (a filtered release passes over
 * orders another release holds; a release of named orders waits for them), checked again against live waves after
 * the lock, and the inventory rows locked before allocating.
 */
export async function planRelease(
  db: Executor,
  filter: ReleaseFilter,
  limits: ReleaseLimits,
  options: { lock: boolean; today: string },
): Promise<ReleasePlan> {
  const named = filter.orderIds !== undefined;
  const cap = named ? filter.orderIds!.length : WAVE_MAX_ORDERS;
  let candidates = await releasableOrders(db, filter, cap);
  const blocked: UnreleasableOrder[] = (await blockedOrders(db, filter, BLOCKED_LISTED)).map((b) =>
    b.waveNumber
      ? unreleasable(b, 'in_open_wave', { waveNumber: b.waveNumber, message: `Already in ${b.waveNumber}` })
      : unreleasable(b, 'on_hold'),
  );
  if (options.lock) {
    const locked = new Set(
      await lockOrders(
        db,
        candidates.map((c) => c.id),
        !named,
      ),
    );
    const taken = await ordersInLiveWaves(db, [...locked]);
    for (const c of candidates) {
      const wave = taken.get(c.id);
      if (wave) blocked.push(unreleasable(c, 'in_open_wave', { waveNumber: wave, message: `Already in ${wave}` }));
    }
    candidates = candidates.filter((c) => locked.has(c.id) && !taken.has(c.id));
  }
  const lines = await linesOfOrders(
    db,
    candidates.map((c) => c.id),
  );
  const linesOf = groupBy(lines, (l) => l.orderId);
  const pool = await allocationPool(
    db,
    lines.flatMap((l) => (l.inventoryId === null ? [] : [l.inventoryId])),
    { lock: options.lock },
  );
  const accepted: AcceptedOrder[] = [];
  const short: UnreleasableOrder[] = [];
  let lineCount = 0;
  let unitCount = 0;
  for (const order of candidates) {
    if (limits.limit !== undefined && accepted.length >= limits.limit) break;
    const orderLines = linesOf.get(order.id) ?? [];
    const allocation = allocateFromPool(demandOf(order, orderLines, options.today), pool);
    const units = orderLines.reduce((sum, l) => sum + l.quantity - l.shipped, 0);
    if (!allocation.accepted) {
      const missing = [...allocation.short.values()].reduce((a, b) => a + b, 0);
      short.push(unreleasable(order, 'short', { message: shortMessage(allocation, orderLines), shortUnits: missing }));
      continue;
    }
    const allocatedUnits = allocation.parts.reduce((sum, p) => sum + p.quantity, 0);
    const allocatedLines = new Set(allocation.parts.map((p) => p.lineId)).size;
    if (limits.maxLines !== undefined && lineCount + allocatedLines > limits.maxLines) break;
    if (limits.maxUnits !== undefined && unitCount + allocatedUnits > limits.maxUnits) break;
    lineCount += allocatedLines;
    unitCount += allocatedUnits;
    accepted.push({ order, lines: orderLines, allocation, units, allocatedUnits, partial: allocation.short.size > 0 });
  }
  return { accepted, unreleasable: [...short, ...blocked] };
}

const layoutOf = (warehouse: Pick<WarehouseFacts, 'aisleSpacingCm' | 'rackSpacingCm'>) => ({
  aisleSpacing: warehouse.aisleSpacingCm / 100,
  rackSpacing: warehouse.rackSpacingCm / 100,
});

const stopOf = (part: AllocatedPart) => ({
  id: part.locationId,
  code: part.place.code,
  zone: part.place.zone,
  aisle: part.place.aisle,
  rack: part.place.rack,
  level: part.place.level,
  bin: part.place.bin,
  walkSequence: part.place.walkSequence,
});

function distinctStops(parts: readonly AllocatedPart[]) {
  return [...new Map(parts.map((p) => [p.locationId, stopOf(p)])).values()];
}

/**
 * The estimated walk in metres: discrete mode walks each order's locations on its own (one trip per order); batch
 * and cluster walk every location of the wave once.
 */
export function estimatedDistance(mode: PickingMode, accepted: readonly AcceptedOrder[], warehouse: WarehouseFacts) {
  return distanceOfStops(
    mode,
    accepted.map((a) => distinctStops(a.allocation.parts)),
    warehouse,
  );
}

/** The same estimate from each order's pick locations (how a wave is measured again after an order leaves it). */
export function distanceOfStops(
  mode: PickingMode,
  stopsByOrder: readonly (readonly WalkStop[])[],
  warehouse: Pick<WarehouseFacts, 'aisleSpacingCm' | 'rackSpacingCm'>,
) {
  const layout = layoutOf(warehouse);
  const walk = (stops: readonly WalkStop[]) => walkDistance(walkOrder(distinctById(stops)), layout);
  if (mode === 'discrete') return Math.round(stopsByOrder.reduce((sum, stops) => sum + walk(stops), 0));
  return Math.round(walk(stopsByOrder.flat()));
}

const distinctById = (stops: readonly WalkStop[]) => [...new Map(stops.map((s) => [s.id, s])).values()];

export const locationCount = (accepted: readonly AcceptedOrder[]) =>
  new Set(accepted.flatMap((a) => a.allocation.parts.map((p) => p.locationId))).size;

/**
 * The pick tasks in walk order. Discrete: one task per order and place, order after order (each order walked in
 * walk order). Batch and cluster: one task per place with the units of every order, the breakdown saying which
 * order (and later which tote) gets how many.
 */
export function buildTasks(
  mode: PickingMode,
  accepted: readonly AcceptedOrder[],
  wave: { id: number; warehouseId: number },
  productOf: ReadonlyMap<number, number>,
): NewTask[] {
  const placeKey = (p: AllocatedPart) => `${p.inventoryId}:${p.locationId}:${p.lotId}`;
  const groups: AllocatedPart[][] =
    mode === 'discrete'
      ? accepted.flatMap((a) => orderedGroups(a.allocation.parts, placeKey))
      : orderedGroups(
          accepted.flatMap((a) => a.allocation.parts),
          placeKey,
        );
  return groups.map((parts, index) => {
    const first = parts[0]!;
    return {
      waveId: wave.id,
      warehouseId: wave.warehouseId,
      kind: 'pick',
      locationId: first.locationId,
      inventoryId: first.inventoryId,
      productId: productOf.get(first.lineId)!,
      lotId: first.lotId,
      quantity: parts.reduce((sum, p) => sum + p.quantity, 0),
      sequence: index + 1,
      allocationRule: first.rule,
      lotRule: first.lotRule,
      reason: first.reason,
      orders: parts.map((p) => ({ orderId: p.orderId, orderItemId: p.lineId, quantity: p.quantity })),
    };
  });
}

/** Parts grouped by place, the groups in walk order of their locations (same location: by inventory row, lot). */
function orderedGroups(parts: readonly AllocatedPart[], key: (p: AllocatedPart) => string): AllocatedPart[][] {
  const groups = [...groupBy(parts, key).values()];
  const stops = walkOrder(distinctStops(parts));
  const rank = new Map(stops.map((s, i) => [s.id, i]));
  return groups.sort(
    (a, b) =>
      rank.get(a[0]!.locationId)! - rank.get(b[0]!.locationId)! ||
      a[0]!.inventoryId - b[0]!.inventoryId ||
      (a[0]!.lotId ?? 0) - (b[0]!.lotId ?? 0),
  );
}
