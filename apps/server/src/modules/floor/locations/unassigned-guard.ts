import { LOCATION_MESSAGES, type LocationInput, UNASSIGNED_LOCATION_CODE } from '@wms/contract/locations';
import { conflict } from '../../../http/errors';

/** The ledger finds a warehouse's UNASSIGNED location by its code, case-insensitively. */
export const isUnassignedLocation = (location: { code: string }): boolean =>
  location.code.toUpperCase() === UNASSIGNED_LOCATION_CODE;

/**
 * Stock that names no location lands in UNASSIGNED (receipts, adjustments, new rows), so it must stay findable and
 * usable: its code never changes and it never goes inactive (409).
 */
export function assertUnassignedKept(before: { code: string }, input: LocationInput): void {
  if (!isUnassignedLocation(before)) return;
  if (input.code !== before.code) throw conflict(LOCATION_MESSAGES.unassignedRename);
  if (!input.is_active) throw conflict(LOCATION_MESSAGES.unassignedDeactivate);
}

/** UNASSIGNED is never deleted, even empty: the next receipt without a location would need it again. */
export function assertUnassignedNotDeleted(location: { code: string }): void {
  if (isUnassignedLocation(location)) throw conflict(LOCATION_MESSAGES.unassignedDelete);
}
