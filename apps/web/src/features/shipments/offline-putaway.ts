import { SHIPMENT_STATUS_LABELS, type Shipment } from '@wms/contract/shipments';
import type { QueuedAction } from '../../lib/offline/queued-action';
import type { VerifyPayload } from './api';

/** The hand-off's limit on the worker's words for an action (`POST /api/floor/hand-offs`, `action`). */
const LABEL_MAX = 300;

/** The code of each location the putaway names, as the dialog chose it (for the worker's words and the screen). */
export type PlaceCodes = ReadonlyMap<number, string>;

const codeOf = (codes: PlaceCodes, id: number) => codes.get(id) ?? `location #${id}`;

/**
 * The worker's words for a putaway in the offline queue: "Put away 10 × SKU to A-01-02 (shipment #12)", every
 * place of every line, cut to what a hand-off carries.
 */
export function putawayLabel(shipment: Shipment, payload: VerifyPayload, codes: PlaceCodes): string {
  const skuOf = new Map(shipment.lines.map((line) => [line.id, line.product.sku]));
  const places = (payload.lines ?? []).flatMap((line) =>
    line.putaway.map(
      (row) =>
        `${row.quantity.toLocaleString('en-US')} × ${skuOf.get(line.line_id) ?? '?'}` +
        `${row.lot_code ? ` (lot ${row.lot_code})` : ''} to ${codeOf(codes, row.location_id)}`,
    ),
  );
  const suffix = ` (shipment #${shipment.id})`;
  const words = `Put away ${places.join(', ') || 'as suggested'}`;
  const room = LABEL_MAX - suffix.length;
  return `${words.length > room ? `${words.slice(0, room - 1)}…` : words}${suffix}`;
}

/**
 * A putaway applied to the shipment the device holds as the server applies it, so the screen shows it at once
 * while the request waits to sync: verified, each line's received units, its reason and where they went.
 */
export function putAwayOnDevice(
  shipment: Shipment,
  payload: VerifyPayload,
  codes: PlaceCodes,
  verifier: Shipment['verifier'],
  now: string,
): Shipment {
  const given = new Map((payload.lines ?? []).map((line) => [line.line_id, line]));
  const lines = shipment.lines.map((line) => {
    const input = given.get(line.id);
    if (!input) return line;
    return {
      ...line,
      quantity_received: input.received_quantity,
      discrepancy_reason: input.received_quantity === line.quantity ? null : input.discrepancy_reason,
      putaway: input.putaway.map((row) => ({
        location: { id: row.location_id, code: codeOf(codes, row.location_id) },
        lot_code: row.lot_code,
        expiry_date: row.lot_code ? row.expiry_date : null,
        quantity: row.quantity,
      })),
    };
  });
  const received = lines.reduce((sum, line) => sum + (line.quantity_received ?? 0), 0);
  return {
    ...shipment,
    lines,
    status: 'verified',
    formatted_status: SHIPMENT_STATUS_LABELS.verified,
    quantity_received: received,
    has_discrepancy: lines.some((line) => line.quantity_received !== line.quantity),
    verification_notes: payload.notes,
    verified_at: now,
    verifier,
    can_edit: false,
    can_review: false,
  };
}

/**
 * The shipment with the putaways still queued on the device that its copy does not show (the copy missed them: a
 * reload right after Verify), applied as `putAwayOnDevice` applied them, at the time each was made. `codes`: the
 * device's remembered locations (a location it does not know reads "location #id").
 */
export function withWaitingPutaway(
  shipment: Shipment,
  missing: readonly Pick<QueuedAction, 'path' | 'body' | 'createdAt'>[],
  codes: PlaceCodes,
  verifier: Shipment['verifier'],
): Shipment {
  const path = verifyPath(shipment.id);
  return missing
    .filter((action) => action.path === path)
    .reduce(
      (held, action) => putAwayOnDevice(held, action.body as VerifyPayload, codes, verifier, action.createdAt),
      shipment,
    );
}

/** The queued request of a shipment's verify with putaway. */
export const verifyPath = (shipmentId: number) => `/shipments/${shipmentId}/verify`;
