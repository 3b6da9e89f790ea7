import {
  type Carton,
  type CartonType,
  PACKING_MESSAGES,
  type PackItem,
  type PackScanAnswer,
  type PackView,
} from '@wms/contract/packing';
import { HttpError } from '../../lib/api/api-error';
import { SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import type { QueuedAction } from '../../lib/offline/queued-action';

/**
 * A unit scanned at the bench with no network (DESIGN §11: the floor keeps working offline) is judged against the
 * order's PackView held on the device, as the server judges it (pack-session.ts `resolveScan`), with the server's
 * own messages, and applied to that view at once: the line verified and packed, the unit in the carton. The server
 * judges the scan again when it is replayed; its answer then replaces this one.
 *
 * What the held view cannot know: a lot of the product that exists but was not picked for the order reads as "not
 * in this order" (the server says "Lot … was not picked"); units shipped earlier on a backorder are not told apart.
 */

/** What the pack screen says offline of what needs the network (disabled, never failing). */
export const PACK_OFFLINE_MESSAGES = {
  cartons:
    'Offline: opening, closing and moving cartons needs the network. Scanned units go into the open carton and are kept on this device.',
  documents: 'Offline: the packing slip and labels need the network. Open or print them once it is back.',
  ship: 'Offline: shipping needs the network. Ship once it is back and the scans have synced.',
  notHeld: 'This order was not opened on this device while online: packing it needs the network.',
  lookup:
    'Offline: finding an order by its tote or number needs the network. An order opened on this device before still opens (from its link or the back button) and packs offline.',
} as const;

/** A refusal as the server words it: a 422 on `code`, so the scan field shows it as it shows the server's. */
const refused = (message: string) => new HttpError(422, { message, errors: { code: [message] } });

/** Cartons opened on this device (by a scan with none open) have a negative id until the server gives theirs. */
export const isHeldOnly = (carton: Pick<Carton, 'id'>): boolean => carton.id < 0;

const live = (view: PackView) => view.cartons.filter((carton) => carton.status !== 'shipped');

/** Units of the line in the order's cartons not shipped yet (optionally of one lot). */
function packedOf(view: PackView, itemId: number, lotId?: number | null): number {
  return live(view)
    .flatMap((carton) => carton.items)
    .filter((item) => item.order_item_id === itemId && (lotId === undefined || item.lot_id === lotId))
    .reduce((sum, item) => sum + item.quantity, 0);
}

export interface JudgedScan {
  item: PackItem;
  lotId: number | null;
  lotNumber: string | null;
}

/** The line (and lot) one scanned unit is for, or the server's refusal (an HttpError 422 on `code`). */
export function judgePackScan(view: PackView, rawCode: string): JudgedScan {
  const code = rawCode.trim();
  const wanted = code.toLowerCase();
  let matching = view.items.filter((item) => item.sku.toLowerCase() === wanted);
  if (matching.length === 0) matching = view.items.filter((item) => item.barcode?.toLowerCase() === wanted);
  let scannedLot: { id: number; number: string } | null = null;
  if (matching.length === 0) {
    matching = view.items.filter((item) => item.lots.some((lot) => lot.lot_number.toLowerCase() === wanted));
    const lot = matching[0]?.lots.find((candidate) => candidate.lot_number.toLowerCase() === wanted);
    if (lot) scannedLot = { id: lot.lot_id, number: lot.lot_number };
  }
  if (matching.length === 0) throw refused(PACKING_MESSAGES.notInOrder(code));
  const open = matching.filter((item) => item.verified < item.picked);
  if (open.length === 0) {
    const item = matching[0]!;
    throw refused(
      view.order.wave !== null && item.picked < item.quantity
        ? PACKING_MESSAGES.notPicked(item.sku, item.picked)
        : PACKING_MESSAGES.tooMany(item.sku, item.quantity),
    );
  }
  if (view.order.wave === null)
    return { item: open[0]!, lotId: scannedLot?.id ?? null, lotNumber: scannedLot?.number ?? null };
  return pickedLot(view, open, scannedLot);
}

/** In a wave, the unit is of a lot picked for the line: the scanned one, or the only one still to pack. */
function pickedLot(view: PackView, items: PackItem[], scannedLot: { id: number; number: string } | null): JudgedScan {
  for (const item of items) {
    const lots = item.lots.filter((lot) => lot.picked > packedOf(view, item.id, lot.lot_id));
    if (scannedLot) {
      if (lots.some((lot) => lot.lot_id === scannedLot.id)) {
        return { item, lotId: scannedLot.id, lotNumber: scannedLot.number };
      }
      continue;
    }
    if (lots.length === 1) return { item, lotId: lots[0]!.lot_id, lotNumber: lots[0]!.lot_number };
    if (lots.length > 1) throw refused(PACKING_MESSAGES.lotRequired(item.sku));
    const first = item.lots[0];
    return { item, lotId: first?.lot_id ?? null, lotNumber: first?.lot_number ?? null };
  }
  throw refused(PACKING_MESSAGES.lotNotPicked(scannedLot!.number));
}

/**
 * The carton a scan goes into, as the server chooses it: the one named (it must be open), else the newest open
 * one, else a new one — of the type last used for the order, else the warehouse's Custom type — numbered next.
 */
export function cartonForScan(view: PackView, cartonId: number | null, types: readonly CartonType[]): Carton {
  if (cartonId !== null) {
    const named = view.cartons.find((carton) => carton.id === cartonId);
    if (!named) throw refused(PACKING_MESSAGES.cartonNotFound);
    if (named.status !== 'open') throw refused(PACKING_MESSAGES.cartonNotOpen);
    return named;
  }
  const newest = view.cartons.filter((carton) => carton.status === 'open').at(-1);
  if (newest) return newest;
  const last = view.cartons.at(-1);
  const custom = types.find((type) => type.is_custom);
  const heldIds = view.cartons.filter(isHeldOnly).map((carton) => carton.id);
  return {
    id: Math.min(0, ...heldIds) - 1,
    number: Math.max(0, ...view.cartons.map((carton) => carton.number)) + 1,
    carton_type_id: last?.carton_type_id ?? custom?.id ?? 0,
    type_name: last?.type_name ?? custom?.name ?? 'Custom',
    length_mm: last ? last.length_mm : (custom?.length_mm ?? null),
    width_mm: last ? last.width_mm : (custom?.width_mm ?? null),
    height_mm: last ? last.height_mm : (custom?.height_mm ?? null),
    weight_g: null,
    status: 'open',
    sscc: null,
    carrier: null,
    tracking_number: null,
    items: [],
  };
}

/** The blockers that packing units changes (pack-state.ts `blockersOf`), as they stand for this view. */
function packingBlockers(view: PackView): string[] {
  const unpacked = view.items.reduce((sum, item) => sum + Math.max(0, item.verified - item.packed), 0);
  const cartons = live(view);
  const open = cartons.filter((carton) => carton.status === 'open').length;
  return [
    view.items.some((item) => item.verified < item.picked) && PACKING_MESSAGES.notAllVerified,
    unpacked > 0 && PACKING_MESSAGES.notAllPacked(unpacked),
    open > 0 && PACKING_MESSAGES.openCartons(open),
    !cartons.some((carton) => carton.status === 'closed') && PACKING_MESSAGES.noCartons,
  ].filter((blocker): blocker is string => typeof blocker === 'string');
}

/** The held view's blockers with the packing ones worked out again; the others (a label, a short pick) kept. */
function blockersAfter(before: PackView, after: PackView): string[] {
  const stale = new Set(packingBlockers(before));
  return [...before.blockers.filter((blocker) => !stale.has(blocker)), ...packingBlockers(after)];
}

/**
 * A scan the device could not send, applied to the held view as the server would: the line one more verified and
 * packed, the unit (of its lot) in the carton — opened here when none was open. The answer has the server's shape,
 * its message the server's with "saved on this device" after it.
 */
export function packedOffline(
  view: PackView,
  input: { code: string; carton_id?: number | null },
  types: readonly CartonType[] = [],
): PackScanAnswer {
  const { item, lotId, lotNumber } = judgePackScan(view, input.code);
  const carton = cartonForScan(view, input.carton_id ?? null, types);
  const same = (line: Carton['items'][number]) => line.order_item_id === item.id && line.lot_id === lotId;
  const items = carton.items.some(same)
    ? carton.items.map((line) => (same(line) ? { ...line, quantity: line.quantity + 1 } : line))
    : [...carton.items, { order_item_id: item.id, sku: item.sku, lot_id: lotId, lot_number: lotNumber, quantity: 1 }];
  const filled = { ...carton, items };
  const cartons = view.cartons.some((held) => held.id === carton.id)
    ? view.cartons.map((held) => (held.id === carton.id ? filled : held))
    : [...view.cartons, filled];
  const changed: PackView = {
    ...view,
    items: view.items.map((line) =>
      line.id === item.id ? { ...line, verified: line.verified + 1, packed: line.packed + 1 } : line,
    ),
    cartons,
  };
  const blockers = blockersAfter(view, changed);
  return {
    message: `${PACKING_MESSAGES.verified(item.sku, item.verified + 1, item.picked, carton.number)} ${SAVED_OFFLINE}`,
    item_id: item.id,
    carton_id: carton.id,
    pack: { ...changed, blockers, ready_to_ship: blockers.length === 0 },
  };
}

/** The packer's words for the queue: "Pack 1 × SKU-1 into carton 2 of order ORD-000123". */
export function packScanLabel(
  view: PackView,
  input: { code: string; carton_id?: number | null },
  types: readonly CartonType[] = [],
): string {
  try {
    const { item } = judgePackScan(view, input.code);
    const carton = cartonForScan(view, input.carton_id ?? null, types);
    return `Pack 1 × ${item.sku} into carton ${carton.number} of order ${view.order.order_number}`;
  } catch {
    return `Pack 1 × ${input.code.trim()} into order ${view.order.order_number}`;
  }
}

/** The queued request of a scan at the bench. */
export const packScanPath = (orderId: number) => `/orders/${orderId}/pack/scan`;

/**
 * The held view with the scans still queued on the device that it does not show (its remembered copy missed them: a
 * reload right after a scan), applied in the order they were made, as `packedOffline` applied them. A queued scan
 * carries what decided its carton: a carton the server knows by its id, else none — the newest open carton, or one
 * opened for it, as the first time (a carton opened on the device is the newest: it cannot be closed offline). One
 * the held view refuses (queued behind older actions, for the server to judge) changes nothing.
 */
export function withWaitingScans(
  view: PackView,
  missing: readonly Pick<QueuedAction, 'path' | 'body'>[],
  types: readonly CartonType[] = [],
): PackView {
  const path = packScanPath(view.order.id);
  return missing
    .filter((action) => action.path === path)
    .reduce((held, action) => {
      try {
        return packedOffline(held, action.body as { code: string; carton_id?: number | null }, types).pack;
      } catch {
        return held;
      }
    }, view);
}
