import { naturalSortKey } from '../../floor/locations/locations-api';

/**
 * The walk order of a set of locations and an estimate of the distance a picker walks through them. Pure: the
 * callers (release preview, wave creation, re-allocation after a short pick) read the locations and pass them in.
 *
 * Order: locations with a `walk_sequence` first, by it (a supervisor who numbered the walk knows the floor best);
 * then the others zone by zone in a serpentine (S-shape) path from the code's parts: odd aisles walked up (rack 1
 * to N), even aisles walked down (rack N to 1), so a picker leaves each aisle at the end where the next one starts.
 * Within a rack the levels then the bins go in their natural order. A location whose aisle or rack is not a number
 * or letters (UNASSIGNED, free-form codes) follows its zone's aisles in code order.
 */
export interface WalkStop {
  id: number;
  code: string;
  zone: string;
  aisle: string | null;
  rack: string | null;
  level: string | null;
  bin?: string | null;
  walkSequence: number | null;
}

/**
 * The position of an aisle or rack part: its digits as a number ("07" → 7, "A3" → 3), else letters as a
 * spreadsheet column (A → 1, B → 2, AA → 27); null when it is neither (the model cannot place it).
 */
export function partNumber(part: string | null | undefined): number | null {
  if (!part) return null;
  const digits = /(\d+)\D*$/.exec(part);
  if (digits) return Number(digits[1]);
  if (!/^[A-Za-z]{1,3}$/.test(part)) return null;
  return [...part.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);
}

const naturalKey = (part: string | null | undefined) => naturalSortKey(part ?? '');
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Aisle and rack as numbers, or null when the code cannot place the location in the serpentine. */
function gridOf(stop: WalkStop): { aisle: number; rack: number } | null {
  const aisle = partNumber(stop.aisle);
  const rack = partNumber(stop.rack);
  return aisle === null || rack === null ? null : { aisle, rack };
}

function compareSerpentine(a: WalkStop, b: WalkStop): number {
  const byZone = compareText(naturalKey(a.zone), naturalKey(b.zone));
  if (byZone !== 0) return byZone;
  const ga = gridOf(a);
  const gb = gridOf(b);
  if (ga && !gb) return -1;
  if (!ga && gb) return 1;
  if (ga && gb) {
    if (ga.aisle !== gb.aisle) return ga.aisle - gb.aisle;
    // Odd aisles are walked up (rack order), even aisles down (reverse rack order).
    if (ga.rack !== gb.rack) return ga.aisle % 2 === 1 ? ga.rack - gb.rack : gb.rack - ga.rack;
    const byLevel = compareText(naturalKey(a.level), naturalKey(b.level));
    if (byLevel !== 0) return byLevel;
    const byBin = compareText(naturalKey(a.bin), naturalKey(b.bin));
    if (byBin !== 0) return byBin;
  }
  return compareText(naturalSortKey(a.code), naturalSortKey(b.code)) || a.id - b.id;
}

function compareWalk(a: WalkStop, b: WalkStop): number {
  if (a.walkSequence !== null && b.walkSequence !== null) {
    return a.walkSequence - b.walkSequence || compareSerpentine(a, b);
  }
  if (a.walkSequence !== null) return -1;
  if (b.walkSequence !== null) return 1;
  return compareSerpentine(a, b);
}

/** The stops in walk order (a new array; the input is left as it was). */
export function walkOrder<T extends WalkStop>(stops: readonly T[]): T[] {
  return [...stops].sort(compareWalk);
}

/**
 * The coordinate model, in metres. Aisles run away from the dock, side by side along a front cross-aisle (y = 0)
 * with a back cross-aisle behind the deepest rack. Aisle k of the first zone stands at x = k × aisleSpacing; each
 * further zone (in natural order) starts one aisle after the previous zone's highest aisle. Rack r sits at
 * y = (r − ½) × rackSpacing (the middle of its bay). The picker starts at `start` (the dock / staging location on
 * the front cross-aisle) and, when `returnToStart`, drops the cart back there.
 */
export interface WalkLayout {
  aisleSpacing: number;
  rackSpacing: number;
  start: { x: number; y: number };
  returnToStart: boolean;
  /**
   * Every aisle of the warehouse (zone and aisle part), when the caller knows them: zones are then laid out by
   * the warehouse's real aisles, so two waves of the same warehouse are measured on the same floor plan. Without
   * it the plan is built from the stops themselves.
   */
  aisles?: readonly { zone: string; aisle: string | null }[];
  /** The deepest rack number of the warehouse, when known; else the deepest rack among the stops. */
  racks?: number;
}

export const DEFAULT_WALK_LAYOUT: WalkLayout = {
  aisleSpacing: 3,
  rackSpacing: 1.5,
  start: { x: 0, y: 0 },
  returnToStart: true,
};

interface Point {
  x: number;
  y: number;
  /** The aisle the point is in (its x), or null on a cross-aisle (the start). */
  aisleX: number | null;
}

/** Where each zone's aisle 1 stands (in aisle widths): zones one after the other in natural order. */
function zoneOffsets(aisles: readonly { zone: string; aisle: string | null }[]): Map<string, number> {
  const highest = new Map<string, number>();
  for (const { zone, aisle } of aisles) {
    const n = partNumber(aisle);
    if (n !== null) highest.set(zone, Math.max(highest.get(zone) ?? 0, n));
  }
  const offsets = new Map<string, number>();
  let next = 0;
  for (const zone of [...highest.keys()].sort((a, b) => compareText(naturalKey(a), naturalKey(b)))) {
    offsets.set(zone, next);
    next += highest.get(zone)! + 1; // one aisle width of gap between zones
  }
  return offsets;
}

/**
 * Metres between two points: along an aisle when both are in the same one, else out of the first aisle by the
 * nearer cross-aisle (front or back, whichever makes the shorter walk), across, and into the second.
 */
function legLength(a: Point, b: Point, depth: number): number {
  if (a.aisleX !== null && a.aisleX === b.aisleX) return Math.abs(a.y - b.y);
  const viaFront = a.y + b.y;
  const viaBack = 2 * depth - a.y - b.y;
  return Math.abs(a.x - b.x) + Math.min(viaFront, viaBack);
}

/**
 * The estimated walking distance in metres (one decimal) through the stops in the order given (pass them through
 * `walkOrder` first). A stop the model cannot place (no aisle/rack in its code) adds nothing: it is taken as lying
 * on the way.
 */
export function walkDistance(stops: readonly WalkStop[], layout: Partial<WalkLayout> = {}): number {
  const plan = { ...DEFAULT_WALK_LAYOUT, ...layout };
  const offsets = zoneOffsets(plan.aisles ?? stops);
  const placed: Point[] = [];
  let deepestRack = plan.racks ?? 0;
  for (const stop of stops) {
    const grid = gridOf(stop);
    const offset = offsets.get(stop.zone);
    if (!grid || offset === undefined) continue;
    const x = (offset + grid.aisle) * plan.aisleSpacing;
    placed.push({ x, y: (grid.rack - 0.5) * plan.rackSpacing, aisleX: x });
    if (plan.racks === undefined) deepestRack = Math.max(deepestRack, grid.rack);
  }
  if (placed.length === 0) return 0;
  const depth = deepestRack * plan.rackSpacing;
  const start: Point = { ...plan.start, aisleX: null };
  const path = plan.returnToStart ? [start, ...placed, start] : [start, ...placed];
  let metres = 0;
  for (let i = 1; i < path.length; i++) metres += legLength(path[i - 1]!, path[i]!, depth);
  return Math.round(metres * 10) / 10;
}

/** The walk order and its estimated distance in one call (what a preview or a new wave shows). */
export function walkRoute<T extends WalkStop>(
  stops: readonly T[],
  layout: Partial<WalkLayout> = {},
): { stops: T[]; distance: number } {
  const ordered = walkOrder(stops);
  return { stops: ordered, distance: walkDistance(ordered, layout) };
}
