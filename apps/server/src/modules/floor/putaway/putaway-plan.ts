import { SHIPMENT_MESSAGES, type ShipmentVerifyInput } from '@wms/contract/shipments';

/**
 * The rules of receiving a shipment's lines, without I/O: which lines, how many units, where
 * and in which lot. Every broken rule is reported at once as a field message (`lines.0.putaway.1.location_id`).
 */

export interface PlannedLine {
  id: number;
  productId: number;
  quantity: number;
  trackLots: boolean;
  trackExpiry: boolean;
}

export interface LocationCheck {
  warehouseId: number;
  isActive: boolean;
}

export interface PlannedPart {
  /** Null: the warehouse's UNASSIGNED location. */
  locationId: number | null;
  quantity: number;
  lotCode: string | null;
  expiryDate: string | null;
  /** Where a lot problem found later (another expiry) is reported. */
  field: string;
}

export interface LinePlan {
  lineId: number;
  productId: number;
  received: number;
  discrepancyReason: string | null;
  parts: PlannedPart[];
}

export type PutawayPlan = { lines: LinePlan[] } | { errors: Record<string, string[]> };

export interface PlanRequest {
  warehouseId: number;
  lines: readonly PlannedLine[];
  input: ShipmentVerifyInput;
  /** The suggested location per line id (used when the input names no lines). */
  suggested: ReadonlyMap<number, number | null>;
  /** The locations the input names. */
  locations: ReadonlyMap<number, LocationCheck>;
}

const needsLot = (line: PlannedLine) => line.trackLots || line.trackExpiry;

export function planPutaway(request: PlanRequest): PutawayPlan {
  const { lines, input } = request;
  if (!input.lines) {
    // Everything announced goes into each line's suggested location: only possible without lots to name.
    if (lines.some(needsLot)) return { errors: { lines: [SHIPMENT_MESSAGES.lotsNeedPutaway] } };
    return {
      lines: lines.map((line) => ({
        lineId: line.id,
        productId: line.productId,
        received: line.quantity,
        discrepancyReason: null,
        parts: [
          {
            locationId: request.suggested.get(line.id) ?? null,
            quantity: line.quantity,
            lotCode: null,
            expiryDate: null,
            field: 'lines',
          },
        ],
      })),
    };
  }

  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<number>();
  const planned: LinePlan[] = [];
  input.lines.forEach((given, i) => {
    const at = `lines.${i}`;
    const line = byId.get(given.line_id);
    if (!line) {
      add(`${at}.line_id`, SHIPMENT_MESSAGES.lineUnknown);
      return;
    }
    if (seen.has(line.id)) {
      add(`${at}.line_id`, SHIPMENT_MESSAGES.lineListedTwice);
      return;
    }
    seen.add(line.id);
    if (given.received_quantity !== line.quantity && !given.discrepancy_reason) {
      add(`${at}.discrepancy_reason`, SHIPMENT_MESSAGES.discrepancyReasonRequired);
    }
    const putAway = given.putaway.reduce((sum, row) => sum + row.quantity, 0);
    if (putAway !== given.received_quantity) add(`${at}.putaway`, SHIPMENT_MESSAGES.putawaySumMismatch);
    given.putaway.forEach((row, j) => {
      const rowAt = `${at}.putaway.${j}`;
      const location = request.locations.get(row.location_id);
      if (!location || location.warehouseId !== request.warehouseId || !location.isActive) {
        add(`${rowAt}.location_id`, SHIPMENT_MESSAGES.locationInvalid);
      }
      if (needsLot(line) && !row.lot_code) add(`${rowAt}.lot_code`, SHIPMENT_MESSAGES.lotCodeRequired);
      if (line.trackExpiry && !row.expiry_date) add(`${rowAt}.expiry_date`, SHIPMENT_MESSAGES.expiryRequired);
    });
    planned.push({
      lineId: line.id,
      productId: line.productId,
      received: given.received_quantity,
      discrepancyReason: given.received_quantity === line.quantity ? null : given.discrepancy_reason,
      parts: given.putaway.map((row, j) => ({
        locationId: row.location_id,
        quantity: row.quantity,
        lotCode: row.lot_code,
        expiryDate: row.lot_code ? row.expiry_date : null,
        field: `${at}.putaway.${j}.expiry_date`,
      })),
    });
  });
  if (lines.some((line) => !seen.has(line.id))) add('lines', SHIPMENT_MESSAGES.everyLineReceived);
  return Object.keys(errors).length > 0 ? { errors } : { lines: planned };
}
