import { type LocationInput, UNASSIGNED_LOCATION_CODE } from '@wms/contract/locations';
import type { Executor } from '../../../db/client';
import { insertLocations } from './locations-repository';

/** The receiving location every warehouse has: stock that names no location lies there. */
export const UNASSIGNED_LOCATION: LocationInput = {
  code: UNASSIGNED_LOCATION_CODE,
  zone: 'RECV',
  aisle: null,
  rack: null,
  level: null,
  bin: null,
  type: 'receiving',
  walk_sequence: 0,
  max_units: null,
  is_active: true,
  notes: 'Stock received but not yet put away',
};

/** Gives a new warehouse its UNASSIGNED location (warehouses call this in the transaction that creates one). */
export async function addUnassignedLocation(tx: Executor, warehouseId: number): Promise<void> {
  await insertLocations(tx, warehouseId, [UNASSIGNED_LOCATION]);
}
