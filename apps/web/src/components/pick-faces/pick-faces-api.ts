import { queryOptions } from '@tanstack/react-query';
import type { LocationStockRow } from '@wms/contract/location-stock';
import type { PickFace, PickFaceInput } from '@wms/contract/replenishment';
import { api } from '../../lib/api/client';
import { useWrite } from '../../lib/query/use-write';
import { replenishmentRootKeys, stockKeys } from '../../lib/query-keys/shared-keys';

/** Refusals (422 per field, 409 for a face with a live task) show in the dialog, so no toast. */
const quiet = { bypass_default: true, notifyOnError: false } as const;

/** One inventory row's pick faces with the units at each (on hand and free of pick tasks). */
export const inventoryPickFacesQuery = (inventoryId: number) =>
  queryOptions({
    queryKey: replenishmentRootKeys.inventoryFaces(inventoryId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PickFace[] }>(`/inventories/${inventoryId}/pick-faces`, { ...quiet, signal })
        .then((answer) => answer.data),
  });

/** Replaces the row's list of pick faces (a face left out is removed). */
export const useSavePickFaces = (inventoryId: number) =>
  useWrite(
    (pickFaces: PickFaceInput[]) =>
      api.put<{ message: string; data: PickFace[] }>(
        `/inventories/${inventoryId}/pick-faces`,
        { pick_faces: pickFaces },
        quiet,
      ),
    [replenishmentRootKeys.all, stockKeys.all],
  );

/** What a location holds, one row per inventory row (its lots summed): the rows a pick location may keep full. */
export const locationRowsQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...replenishmentRootKeys.all, 'location-rows', locationId] as const,
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ data: LocationStockRow[] }>(`/locations/${locationId}/stock`, {
        ...quiet,
        signal,
      });
      const rows = new Map<number, LocationStockRow>();
      for (const row of answer.data) {
        const held = rows.get(row.inventory_id);
        rows.set(row.inventory_id, held ? { ...held, quantity: held.quantity + row.quantity, lot: null } : row);
      }
      return [...rows.values()];
    },
  });
