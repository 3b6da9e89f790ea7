import { EXPIRING_SOON_DAYS } from '@wms/contract/inventory';
import type { StockPlace } from '@wms/contract/location-stock';

export interface LotSummary {
  id: number;
  code: string;
  expiryDate: string | null;
  units: number;
  /** Location codes holding it, in take order. */
  locations: string[];
}

/** An inventory row's lots from its places (per location and lot), soonest expiry first (first expired, first out). */
export function lotsOf(places: readonly StockPlace[]): LotSummary[] {
  const byLot = new Map<number, LotSummary>();
  for (const place of places) {
    if (!place.lot) continue;
    const lot = byLot.get(place.lot.id) ?? {
      id: place.lot.id,
      code: place.lot.code,
      expiryDate: place.lot.expiry_date,
      units: 0,
      locations: [],
    };
    lot.units += place.quantity;
    if (!lot.locations.includes(place.location.code)) lot.locations.push(place.location.code);
    byLot.set(lot.id, lot);
  }
  return [...byLot.values()].sort(
    (a, b) =>
      (a.expiryDate ?? '9999-12-31').localeCompare(b.expiryDate ?? '9999-12-31') || a.code.localeCompare(b.code),
  );
}

export type ExpiryState = 'expired' | 'soon' | 'later' | 'none';

/** Whole days from `today` (YYYY-MM-DD) to the expiry date, as calendar dates (no time zone drift). */
export const daysUntil = (expiryDate: string, today: string): number =>
  Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** Expired before today; soon within the dashboard's 30 days (the same window as its card and the list filter). */
export function expiryState(expiryDate: string | null, today: string): ExpiryState {
  if (!expiryDate) return 'none';
  const days = daysUntil(expiryDate, today);
  if (days < 0) return 'expired';
  return days <= EXPIRING_SOON_DAYS ? 'soon' : 'later';
}
