import { PACKING_MESSAGES, type PackView } from '@wms/contract/packing';
import type { Executor } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { type PickedUnits, pickedUnits } from '../waves/waves-api';
import { type CartonContent, type CartonRow, type PackLine, type PackOrderFacts, packRows } from './packing-repository';

/**
 * Everything the bench knows of one order, read in the caller's transaction: header, lines with what was picked,
 * verified and packed (units already shipped left out), its cartons and their units, and why it cannot ship yet.
 */
export interface PackState {
  order: PackOrderFacts;
  lines: PackLine[];
  /** Picked units per line and lot, of the live wave (none for an order packed without one). */
  picked: PickedUnits[];
  cartons: CartonRow[];
  contents: CartonContent[];
}

export async function loadPackState(db: Executor, orderId: number): Promise<PackState> {
  const rows = await packRows(db, orderId);
  if (!rows) throw notFound(PACKING_MESSAGES.orderNotFound);
  // One after the other: inside a transaction they share one connection.
  const picked = await pickedUnits(db, orderId);
  return { ...rows, picked };
}

/**
 * The state after one scanned unit went into a carton, worked out rather than read again: the order's lock is held,
 * so nothing else changed it. The carton joins the list when the scan opened it; its contents keep the order the
 * read gives them (carton number, line, lot with none first).
 */
export function withScannedUnit(
  state: PackState,
  scan: { line: PackLine; carton: CartonRow; lotId: number | null; lotCode: string | null },
): PackState {
  const { line, carton, lotId } = scan;
  const cartons = state.cartons.some((c) => c.id === carton.id) ? state.cartons : [...state.cartons, carton];
  const same = (c: CartonContent) => c.cartonId === carton.id && c.orderItemId === line.id && c.lotId === lotId;
  const contents = state.contents.some(same)
    ? state.contents.map((c) => (same(c) ? { ...c, quantity: c.quantity + 1 } : c))
    : [
        ...state.contents,
        { cartonId: carton.id, orderItemId: line.id, sku: line.sku, lotId, lotCode: scan.lotCode, quantity: 1 },
      ];
  const numberOf = new Map(cartons.map((c) => [c.id, c.number]));
  contents.sort(
    (a, b) =>
      numberOf.get(a.cartonId)! - numberOf.get(b.cartonId)! ||
      a.orderItemId - b.orderItemId ||
      (a.lotId ?? -1) - (b.lotId ?? -1),
  );
  return {
    ...state,
    lines: state.lines.map((l) => (l.id === line.id ? { ...l, verified: l.verified + 1 } : l)),
    cartons,
    contents,
  };
}

/** Whether the order's units come from a wave (picked to the staging location) rather than straight off the shelf. */
export const inLiveWave = (state: PackState): boolean =>
  state.order.wave !== null && state.order.wave.state !== 'shipped';

/** Units of the line this packing may still verify: what was picked in the live wave, else what is left to ship. */
export function pickedOf(state: PackState, line: PackLine): number {
  if (!inLiveWave(state)) return line.quantity - line.quantityShipped;
  return state.picked.filter((p) => p.orderItemId === line.id).reduce((sum, p) => sum + p.quantity, 0);
}

/** Verified units of the line not shipped yet. */
export const verifiedOf = (line: PackLine): number => line.verified - line.quantityShipped;

const unshippedCartonIds = (state: PackState) =>
  new Set(state.cartons.filter((c) => c.status !== 'shipped').map((c) => c.id));

/** Units of the line in cartons not shipped yet (optionally of one lot). */
export function packedOf(state: PackState, lineId: number, lotId?: number | null): number {
  const live = unshippedCartonIds(state);
  return state.contents
    .filter((c) => live.has(c.cartonId) && c.orderItemId === lineId && (lotId === undefined || c.lotId === lotId))
    .reduce((sum, c) => sum + c.quantity, 0);
}

/** Why Ship is refused now, in words; empty when it may ship. */
export function blockersOf(state: PackState): string[] {
  const { order } = state;
  if (order.lifecycle !== 'open') return [PACKING_MESSAGES.orderNotOpen(order.status)];
  const blockers: string[] = [];
  if (order.wave && order.wave.state === 'in_wave') blockers.push(PACKING_MESSAGES.notPickedYet(order.wave.number));
  const live = state.cartons.filter((c) => c.status !== 'shipped');
  const short = state.lines.some((l) => pickedOf(state, l) < l.quantity - l.quantityShipped);
  if (short && !order.allowPartialShipment) blockers.push(PACKING_MESSAGES.shortNotAllowed);
  if (state.lines.some((l) => verifiedOf(l) < pickedOf(state, l))) blockers.push(PACKING_MESSAGES.notAllVerified);
  const unpacked = state.lines.reduce((sum, l) => sum + Math.max(0, verifiedOf(l) - packedOf(state, l.id)), 0);
  if (unpacked > 0) blockers.push(PACKING_MESSAGES.notAllPacked(unpacked));
  const open = live.filter((c) => c.status === 'open').length;
  if (open > 0) blockers.push(PACKING_MESSAGES.openCartons(open));
  if (!live.some((c) => c.status === 'closed')) blockers.push(PACKING_MESSAGES.noCartons);
  if (order.requireLabel && !order.hasLabel) blockers.push(PACKING_MESSAGES.labelRequired);
  return blockers;
}

export function toPackView(state: PackState): PackView {
  const { order } = state;
  const blockers = blockersOf(state);
  return {
    order: {
      id: order.id,
      order_number: order.orderNumber,
      external_id: order.externalId,
      status: order.status,
      account_id: order.accountId,
      warehouse_id: order.warehouseId,
      require_label: order.requireLabel,
      has_label: order.hasLabel,
      carrier: order.carrier,
      tracking_number: order.trackingNumber,
      wave: order.wave
        ? { id: order.wave.id, number: order.wave.number, slot: order.wave.slot, tote: order.wave.tote }
        : null,
    },
    items: state.lines.map((line) => ({
      id: line.id,
      sku: line.sku,
      name: line.name,
      barcode: line.barcode,
      lot_tracked: line.lotTracked,
      quantity: line.quantity,
      picked: pickedOf(state, line),
      verified: verifiedOf(line),
      packed: packedOf(state, line.id),
      lots: state.picked
        .filter((p) => p.orderItemId === line.id && p.lotId !== null)
        .map((p) => ({ lot_id: p.lotId!, lot_number: p.lotCode ?? '', picked: p.quantity })),
    })),
    cartons: state.cartons.map((c) => ({
      id: c.id,
      number: c.number,
      carton_type_id: c.cartonTypeId,
      type_name: c.typeName,
      length_mm: c.lengthMm,
      width_mm: c.widthMm,
      height_mm: c.heightMm,
      weight_g: c.weightG,
      status: c.status,
      sscc: c.sscc,
      carrier: c.carrier,
      tracking_number: c.trackingNumber,
      items: state.contents
        .filter((item) => item.cartonId === c.id)
        .map((item) => ({
          order_item_id: item.orderItemId,
          sku: item.sku,
          lot_id: item.lotId,
          lot_number: item.lotCode,
          quantity: item.quantity,
        })),
    })),
    ready_to_ship: blockers.length === 0,
    blockers,
  };
}
