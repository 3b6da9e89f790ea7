import type { StockPlaceInput } from '@wms/contract/inventory';
import type { StockPlace } from '@wms/contract/location-stock';
import { HttpError } from '../../lib/api/api-error';

/**
 * Where a manual on-hand change lands or comes from, as the inventory forms and the adjust dialog hold it:
 * units added go to a chosen location (empty: UNASSIGNED) in a lot typed by code; units taken come from one of the
 * places holding the row's stock (a location and lot), or follow the take order ('').
 */
export interface StockPlaceValues {
  location: { id: number; code: string } | null;
  /** A place key (`location:lot`) of the row's places, or '' for the take order. */
  takeFrom: string;
  lotCode: string;
  expiryDate: string;
}

export type StockPlaceErrors = Partial<Record<keyof StockPlaceValues, string>>;

/** Which way on hand moves: in (units added), out (units taken), or not at all. */
export type StockDirection = 'in' | 'out' | null;

export const EMPTY_STOCK_PLACE: StockPlaceValues = { location: null, takeFrom: '', lotCode: '', expiryDate: '' };

export const directionOf = (onHandDelta: number | null): StockDirection =>
  onHandDelta === null || !Number.isFinite(onHandDelta) || onHandDelta === 0 ? null : onHandDelta > 0 ? 'in' : 'out';

/** A place's key: the same bin may hold two lots of the row. */
export const placeKey = (place: Pick<StockPlace, 'location' | 'lot'>) => `${place.location.id}:${place.lot?.id ?? ''}`;

/** The request fields for the change (nothing when on hand does not move: a reservation holds no place). */
export function stockPlacePayload(values: StockPlaceValues, direction: StockDirection): Partial<StockPlaceInput> {
  if (direction === 'in') {
    return {
      location_id: values.location?.id ?? null,
      lot_code: values.lotCode.trim() || null,
      expiry_date: values.expiryDate || null,
    };
  }
  if (direction === 'out' && values.takeFrom !== '') {
    const [location, lot] = values.takeFrom.split(':');
    return { location_id: Number(location), lot_id: lot ? Number(lot) : null };
  }
  return {};
}

/** Does the product make units added by hand name a lot (and an expiry date)? The server's rule, for the labels. */
export const needsLot = (product: { track_lots: boolean; track_expiry: boolean }) =>
  product.track_lots || product.track_expiry;

/**
 * Splits a 422 answer: the place fields' messages (location and lot of a taking both belong to "Take from") and what
 * is left for the form's own fields. `rest` is null when the answer held nothing else.
 */
export function splitStockPlaceErrors(
  error: unknown,
  direction: StockDirection,
): { placeErrors: StockPlaceErrors; rest: unknown } {
  if (!(error instanceof HttpError) || error.status !== 422) return { placeErrors: {}, rest: error };
  const placeErrors: StockPlaceErrors = {};
  const others: Record<string, string[]> = {};
  const target: Record<string, keyof StockPlaceValues> = {
    location_id: direction === 'out' ? 'takeFrom' : 'location',
    lot_id: 'takeFrom',
    lot_code: 'lotCode',
    expiry_date: 'expiryDate',
  };
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const to = target[field];
    if (to) placeErrors[to] = [placeErrors[to], ...messages].filter(Boolean).join(', ');
    else others[field] = messages;
  }
  const placed = Object.keys(placeErrors).length > 0;
  if (!placed) return { placeErrors, rest: error };
  const data = error.data as Record<string, unknown>;
  return {
    placeErrors,
    rest: Object.keys(others).length > 0 ? new HttpError(422, { ...data, errors: others }) : null,
  };
}
