import type { LocationStockRow } from '@wms/contract/location-stock';
import type { MoveLocation } from './move-snapshot';

/** What the phone move flow has gathered so far. */
export interface MoveDraft {
  source: MoveLocation | null;
  /** Everything the source holds (read once when it is scanned). */
  held: LocationStockRow[];
  /** The held rows of the scanned product (one per inventory row and lot). */
  matches: LocationStockRow[];
  chosen: LocationStockRow | null;
  quantity: number;
  target: MoveLocation | null;
}

export const EMPTY_DRAFT: MoveDraft = { source: null, held: [], matches: [], chosen: null, quantity: 0, target: null };

/** "L-2207 · expires 2027-01-31", "L-2207", or "No lot". */
export const lotLabel = (row: Pick<LocationStockRow, 'lot'>): string =>
  row.lot ? `Lot ${row.lot.code}${row.lot.expiry_date ? ` · expires ${row.lot.expiry_date}` : ''}` : 'No lot';
