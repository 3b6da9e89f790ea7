/*
 * The locations module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { assertWarehouseInScope, getLocation } from './locations-service';
export { naturalSortKey } from './natural-sort-key';
export { addUnassignedLocation, UNASSIGNED_LOCATION } from './unassigned-location';
