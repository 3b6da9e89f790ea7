import type { LocationInput, LocationType } from '@wms/contract/locations';
import type { Executor } from '../../../db/client';
import { activeLocationIdsOfType as activeIds, insertLocations as insertRows } from './locations-repository';

/*
 * What other modules (warehouses, stock, counts) and the demo seed use of locations. They never import the locations
 * repository.
 */

/** Creates locations in a warehouse (the demo layout; inside the caller's transaction). */
export const insertLocations = (tx: Executor, warehouseId: number, inputs: readonly LocationInput[]) =>
  insertRows(tx, warehouseId, inputs);

/** The active locations of one type in a warehouse, in walk order (the demo seed spreads its stock over them). */
export const activeLocationIdsOfType = (db: Executor, warehouseId: number, type: LocationType): Promise<number[]> =>
  activeIds(db, warehouseId, type);

export { drawCode128 } from './location-labels-pdf';
export { assertWarehouseInScope, getLocation } from './locations-service';
export { naturalSortKey } from './natural-sort-key';
export { addUnassignedLocation, UNASSIGNED_LOCATION } from './unassigned-location';
