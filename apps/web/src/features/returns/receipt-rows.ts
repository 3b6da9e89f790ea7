import type { ReturnDisposition, ReturnLine } from '@wms/contract/returns';
import { dispositionNeedsLocation } from './dispositions';

/** One part of a line's receipt as the phone holds it: units of one disposition, and where they go. */
export interface ReceiptPart {
  key: number;
  quantity: string;
  disposition: ReturnDisposition;
  locationCode: string;
  lot: string;
  expiry: string;
  note: string;
}

let nextKey = 1;
export const newPart = (quantity: number, disposition: ReturnDisposition = 'restocked'): ReceiptPart => ({
  key: nextKey++,
  quantity: String(quantity),
  disposition,
  locationCode: '',
  lot: '',
  expiry: '',
  note: '',
});

/** Units the parts of a line name (what is left of the announced ones comes back `missing`). */
export const partsTotal = (parts: readonly ReceiptPart[]) =>
  parts.reduce((sum, part) => sum + (Number(part.quantity) || 0), 0);

/**
 * The receive body's rows for the parts, with each location code resolved to its id (`locations`, by upper-cased
 * code). Parts of 0 units are left out; lot and expiry are sent only for units entering stock.
 */
export function receiptRows(
  lines: readonly { line: ReturnLine; parts: readonly ReceiptPart[] }[],
  locations: ReadonlyMap<string, number>,
) {
  const rows: {
    row: {
      line_id: number;
      quantity: number;
      disposition: ReturnDisposition;
      location_id?: number;
      lot?: string;
      expiry?: string;
      note?: string;
    };
    partKey: number;
  }[] = [];
  for (const { line, parts } of lines) {
    for (const part of parts) {
      const quantity = Number(part.quantity);
      if (!Number.isInteger(quantity) || quantity <= 0) continue;
      const entersStock = dispositionNeedsLocation(part.disposition);
      const locationId = locations.get(part.locationCode.trim().toUpperCase());
      rows.push({
        partKey: part.key,
        row: {
          line_id: line.id,
          quantity,
          disposition: part.disposition,
          ...(entersStock && locationId ? { location_id: locationId } : {}),
          ...(entersStock && part.lot.trim() ? { lot: part.lot.trim() } : {}),
          ...(entersStock && part.expiry ? { expiry: part.expiry } : {}),
          ...(part.note.trim() ? { note: part.note.trim() } : {}),
        },
      });
    }
  }
  return rows;
}
