import type { LocationStockRow } from '@wms/contract/location-stock';

/** Units a location holds in total. */
export const unitsHeld = (rows: readonly LocationStockRow[]): number =>
  rows.reduce((sum, row) => sum + row.quantity, 0);

/**
 * The rows of a location's stock whose product has this SKU or barcode (case-insensitively, as every scan field
 * matches): one per inventory row and lot, so the mover picks the lot (and, rarely, the account) to move.
 */
export function heldOfProduct(rows: readonly LocationStockRow[], scanned: string): LocationStockRow[] {
  const code = scanned.trim().toLowerCase();
  if (!code) return [];
  return rows.filter((row) => row.product.sku.toLowerCase() === code || row.product.barcode?.toLowerCase() === code);
}

/** A stable key for one held row (inventory row + lot). */
export const heldKey = (row: Pick<LocationStockRow, 'inventory_id' | 'lot'>): string =>
  `${row.inventory_id}:${row.lot?.id ?? 'none'}`;
