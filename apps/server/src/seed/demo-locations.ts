import { generatedLocations, type LocationGenerateInput, type LocationInput } from '@wms/contract/locations';
import type { Database } from '../db/client';
import { insertLocations, UNASSIGNED_LOCATION } from '../modules/floor/locations/locations-api';

/**
 * Demo layout: a pick zone A (4 aisles × 10 racks × 3 levels = 120 bins) and a storage zone B
 * (3 aisles × 8 racks × 4 levels × 2 bins = 192) in each active demo warehouse, built by the same pattern code as
 * "Generate", plus an UNASSIGNED receiving location in every warehouse. No activity events: the demo feed other
 * specs count stays as it was.
 */
const ZONES: (Pick<LocationGenerateInput, 'zone' | 'aisles' | 'racks' | 'levels' | 'bins'> & {
  type: LocationInput['type'];
  max_units: number;
})[] = [
  {
    zone: 'A',
    type: 'pick',
    max_units: 200,
    aisles: { from: '01', to: '04' },
    racks: { from: '01', to: '10' },
    levels: { from: 'A', to: 'C' },
    bins: null,
  },
  {
    zone: 'B',
    type: 'storage',
    max_units: 1000,
    aisles: { from: '01', to: '03' },
    racks: { from: '01', to: '08' },
    levels: { from: 'A', to: 'D' },
    bins: { from: '1', to: '2' },
  },
];

export async function seedDemoLocations(
  db: Database,
  warehouses: { withLayout: readonly number[]; all: readonly number[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const warehouseId of warehouses.all) {
      const rows: LocationInput[] = [UNASSIGNED_LOCATION];
      if (warehouses.withLayout.includes(warehouseId)) {
        for (const { type, max_units, ...pattern } of ZONES) {
          for (const location of generatedLocations(pattern)) {
            rows.push({ ...location, type, max_units, walk_sequence: null, is_active: true, notes: null });
          }
        }
      }
      await insertLocations(tx, warehouseId, rows);
    }
  });
}
