import type { Inventory } from '@wms/contract/inventory';
import type { InventoryMoveInput, LocationStockRow } from '@wms/contract/location-stock';
import type { Location } from '@wms/contract/locations';
import { api } from '../../lib/api/client';
import { useWrite } from '../../lib/query/use-write';
import { moveKeys } from './query-keys';

/** Every answer here is shown in place by the scan screen, so no toast (notifyOnError: false). */
const quiet = { bypass_default: true, notifyOnError: false } as const;

/** The location of a warehouse with exactly this code (any case), or null. */
export async function findLocationByCode(warehouseId: number, code: string): Promise<Location | null> {
  const answer = await api.get<{ data: Location[] }>(`/warehouses/${warehouseId}/locations`, {
    ...quiet,
    query: { code, per_page: 1 },
  });
  return answer.data[0] ?? null;
}

/** What a location holds: one row per (inventory row, lot). */
export async function locationStock(locationId: number): Promise<LocationStockRow[]> {
  return (await api.get<{ data: LocationStockRow[] }>(`/locations/${locationId}/stock`, quiet)).data;
}

const moveStock = (inventoryId: number, input: InventoryMoveInput) =>
  api.post<{ message: string; data: Inventory }>(`/inventories/${inventoryId}/moves`, input, quiet);

export const useMoveStock = () =>
  useWrite(
    ({ inventoryId, input }: { inventoryId: number; input: InventoryMoveInput }) => moveStock(inventoryId, input),
    moveKeys.staleAfterMove,
  );
