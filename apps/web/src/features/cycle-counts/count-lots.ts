import type { CycleCount } from '@wms/contract/cycle-counts';

/** The lot a counter names: a code, or the units that carry none. */
export type CountedLot = { code: string } | { none: true };

export interface ExpectedLots {
  /** Lot codes the count expects for this product in this location (codes only: the count is blind). */
  codes: string[];
  /** A line of the product without a lot is expected there too. */
  loose: boolean;
  /** Whether to ask which lot before the quantity: lots lie there, or several lines of the product do. */
  ask: boolean;
}

const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * What the count expects of a scanned product (SKU or barcode, as the server matches it) in one location, from the
 * count's own lines. A product the count does not expect there asks nothing here; if it tracks lots the server
 * says so (422 on `lot_code`) and the flow asks then.
 */
export function expectedLots(count: Pick<CycleCount, 'lines'>, locationCode: string, code: string): ExpectedLots {
  const lines = count.lines.filter(
    (line) =>
      same(line.location.code, locationCode) && (same(line.product.sku, code) || same(line.product.barcode, code)),
  );
  const codes = [...new Set(lines.flatMap((line) => (line.lot ? [line.lot.code] : [])))];
  const loose = lines.some((line) => line.lot === null);
  return { codes, loose, ask: codes.length > 0 || lines.length > 1 };
}

/** The lot part of a count entry. */
export const lotFields = (lot: CountedLot | null) =>
  lot === null ? {} : 'code' in lot ? { lot_code: lot.code } : { without_lot: true };

/** "lot L-A", "no lot", or nothing. */
export const lotLabel = (lot: CountedLot | null) => (lot === null ? '' : 'code' in lot ? `lot ${lot.code}` : 'no lot');
