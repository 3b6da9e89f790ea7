import { queryOptions } from '@tanstack/react-query';
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
