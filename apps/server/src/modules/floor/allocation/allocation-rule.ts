import type { AllocationRule, LotRule } from '@wms/contract/waves';
import type { UsablePlace } from './allocation-repository';

/**
 * The allocation rule (DESIGN §11, docs/outbound-waves.md), pure: which (location, lot) places serve an order's
 * lines. In this order:
 * 1. the location tier: pick faces, then storage, then receiving (UNASSIGNED last of those); the caller's places
 *    never include quarantine, staging, packing, inactive or hospital locations;
 * 2. a lot is usable only if it expires after the ship date plus the account's minimum remaining shelf life;
 * 3. within a tier, expiry-tracked products take the earliest expiry first (FEFO), lot-tracked ones the oldest
 *    receipt first (FIFO);
 * 4. among equals, fewest locations: a place that fills what the line still needs (first in walk order), else the
 *    place with the most units (it empties, and leaves the least to take elsewhere).
 * Each chosen part records the tier and lot rule that chose it, and says why in words.
 */

export type ProductTracking = 'expiry' | 'lot' | 'none';

export interface DemandLine {
  /** The caller's key for the line (an order item id). */
  lineId: number;
  inventoryId: number;
  tracking: ProductTracking;
  /** Units to allocate (what the line holds reserved). */
  quantity: number;
  /** Units of the line known short before allocation (not reserved: a backorder). */
  missing?: number;
}

export interface OrderDemand {
  orderId: number;
  /** YYYY-MM-DD: the day the units leave (the order's ship date, never before today). */
  shipDate: string;
  minShelfLifeDays: number;
  /** Allocate what exists when a line cannot be covered (the rest stays a backorder). */
  allowPartial: boolean;
  lines: readonly DemandLine[];
}

export interface AllocatedPart {
  orderId: number;
  lineId: number;
  inventoryId: number;
  locationId: number;
  lotId: number | null;
  quantity: number;
  rule: Exclude<AllocationRule, 'put_back'>;
  lotRule: LotRule | null;
  reason: string;
  place: UsablePlace;
}

export interface OrderAllocation {
  orderId: number;
  parts: AllocatedPart[];
  /** Units that could not be allocated, per line (only lines with a shortfall). */
  short: Map<number, number>;
  /** Allocated, and so taken from the pool: complete, or partial where the account allows it. */
  accepted: boolean;
}

/** Free units per place, shared by the orders allocated one after the other (so no unit serves two). */
export type Pool = Map<number, UsablePlace[]>;

export function poolOf(places: readonly UsablePlace[]): Pool {
  const pool: Pool = new Map();
  for (const place of places) {
    const list = pool.get(place.inventoryId) ?? [];
    list.push({ ...place });
    pool.set(place.inventoryId, list);
  }
  return pool;
}

const tierOf = (p: UsablePlace) =>
  p.locationType === 'pick' ? 1 : p.locationType === 'storage' ? 2 : p.isUnassigned ? 4 : 3;
const ruleOf = (p: UsablePlace): AllocatedPart['rule'] =>
  p.locationType === 'pick' ? 'pick_face' : p.locationType === 'storage' ? 'storage' : 'receiving';
const lotRuleOf = (tracking: ProductTracking): LotRule | null =>
  tracking === 'expiry' ? 'fefo' : tracking === 'lot' ? 'fifo' : null;

/** The lot's place in FEFO/FIFO order (smaller first); equal keys are "equals" for the fewest-locations rule. */
function lotKey(p: UsablePlace, tracking: ProductTracking): string {
  if (tracking === 'expiry') return `${p.expiryDate ?? '9999-12-31'}|${p.lotReceivedAt ?? '9999'}|${p.lotId ?? 0}`;
  if (tracking === 'lot') return `${p.lotReceivedAt ?? '9999'}|${p.lotId ?? 0}`;
  return '';
}

const walkCompare = (a: UsablePlace, b: UsablePlace) =>
  (a.walkSequence ?? Number.MAX_SAFE_INTEGER) - (b.walkSequence ?? Number.MAX_SAFE_INTEGER) ||
  (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0) ||
  a.locationId - b.locationId;

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A lot is usable when it expires after the ship date plus the minimum remaining shelf life (no expiry: always). */
export const usableOn = (place: UsablePlace, lastExpiredDay: string) =>
  place.expiryDate === null || place.expiryDate > lastExpiredDay;

function reasonOf(part: Omit<AllocatedPart, 'reason'>, fills: boolean, tracking: ProductTracking): string {
  const where =
    part.rule === 'pick_face'
      ? `Pick face ${part.place.code} (walk order)`
      : part.rule === 'storage'
        ? `Storage ${part.place.code}: no pick face had enough`
        : `Receiving ${part.place.code}: not put away yet, nothing in pick faces or storage`;
  const lot =
    tracking === 'expiry'
      ? `; FEFO: lot ${part.place.lotCode ?? '—'} expires ${part.place.expiryDate ?? 'never'}`
      : tracking === 'lot'
        ? `; FIFO: lot ${part.place.lotCode ?? '—'} is the oldest received`
        : '';
  return `${where}${lot}; ${fills ? 'fills the line' : 'takes all it holds'}`;
}

/** The parts of one line from the pool (the pool is not changed). */
function allocateLine(order: OrderDemand, line: DemandLine, pool: Pool, taken: Map<UsablePlace, number>) {
  const lastExpiredDay = addDays(order.shipDate, order.minShelfLifeDays);
  const free = (p: UsablePlace) => p.free - (taken.get(p) ?? 0);
  const candidates = (pool.get(line.inventoryId) ?? []).filter((p) => free(p) > 0 && usableOn(p, lastExpiredDay));
  // Groups of equals: same tier and same lot key, in rule order.
  const groups = new Map<string, UsablePlace[]>();
  for (const place of candidates.sort(
    (a, b) =>
      tierOf(a) - tierOf(b) ||
      (lotKey(a, line.tracking) < lotKey(b, line.tracking)
        ? -1
        : lotKey(a, line.tracking) > lotKey(b, line.tracking)
          ? 1
          : 0) ||
      walkCompare(a, b),
  )) {
    const key = `${tierOf(place)}|${lotKey(place, line.tracking)}`;
    const group = groups.get(key);
    if (group) group.push(place);
    else groups.set(key, [place]);
  }
  const parts: AllocatedPart[] = [];
  let needed = line.quantity;
  for (const group of groups.values()) {
    while (needed > 0) {
      const left = group.filter((p) => free(p) > 0);
      if (left.length === 0) break;
      const filling = left.find((p) => free(p) >= needed);
      const place = filling ?? left.reduce((best, p) => (free(p) > free(best) ? p : best));
      const quantity = Math.min(needed, free(place));
      taken.set(place, (taken.get(place) ?? 0) + quantity);
      needed -= quantity;
      const part = {
        orderId: order.orderId,
        lineId: line.lineId,
        inventoryId: line.inventoryId,
        locationId: place.locationId,
        lotId: place.lotId,
        quantity,
        rule: ruleOf(place),
        lotRule: lotRuleOf(line.tracking),
        place,
      };
      parts.push({ ...part, reason: reasonOf(part, filling !== undefined, line.tracking) });
    }
    if (needed === 0) break;
  }
  return { parts, short: needed };
}

/**
 * Allocates one order from the pool: every line, or nothing unless the account allows a partial shipment (then
 * what exists, when that is anything). An accepted allocation takes its units out of the pool.
 */
export function allocateOrder(order: OrderDemand, pool: Pool): OrderAllocation {
  const taken = new Map<UsablePlace, number>();
  const parts: AllocatedPart[] = [];
  const short = new Map<number, number>();
  for (const line of order.lines) {
    const result = line.quantity > 0 ? allocateLine(order, line, pool, taken) : { parts: [], short: 0 };
    parts.push(...result.parts);
    const missing = result.short + (line.missing ?? 0);
    if (missing > 0) short.set(line.lineId, (short.get(line.lineId) ?? 0) + missing);
  }
  const accepted = short.size === 0 || (order.allowPartial && parts.length > 0);
  if (accepted) for (const [place, quantity] of taken) place.free -= quantity;
  return { orderId: order.orderId, parts: accepted ? parts : [], short, accepted };
}
