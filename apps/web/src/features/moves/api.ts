import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { InventoryMoveInput, LocationStockRow, WarehouseLocationStockRow } from '@wms/contract/location-stock';
import type { Location } from '@wms/contract/locations';
import { api } from '../../lib/api/client';
import { floorWrite } from '../../lib/offline/floor-queue';
import { readOrRemembered, rememberSnapshot } from '../../lib/offline/snapshots';
import { allPages, readWarehouseLocations } from '../../lib/offline/warehouse-locations-snapshot';
import { useWrite } from '../../lib/query/use-write';
import { type HeldMove, type MoveSnapshot, movedInSnapshot, withWaitingMoves } from './move-snapshot';
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

async function readMoveSnapshot(warehouseId: number, signal?: AbortSignal): Promise<MoveSnapshot> {
  const [locations, stock] = await Promise.all([
    readWarehouseLocations(warehouseId, signal),
    allPages<WarehouseLocationStockRow>(`/warehouses/${warehouseId}/location-stock`, signal),
  ]);
  return { ...locations, stock: stock.rows, complete: locations.complete && stock.complete };
}

const snapshotKey = (warehouseId: number) => `move-stock:${warehouseId}`;

/**
 * The warehouse's locations and what they hold, kept on the handheld: read when the move screen opens online (and
 * again after the queue replayed, and every few minutes while open), remembered on the device; with no network the
 * remembered copy, with the moves made on this device applied, so scans and moves are checked offline as online.
 */
export const moveSnapshotQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: moveKeys.snapshot(warehouseId),
    networkMode: 'always',
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      readOrRemembered(snapshotKey(warehouseId), () => readMoveSnapshot(warehouseId, signal), withWaitingMoves),
  });

/**
 * A move applied to the snapshot the device holds (and remembers for a reload in a dead spot); `queuedKey`: the move
 * was queued, under that key.
 */
function applyToSnapshot(queryClient: QueryClient, warehouseId: number, move: HeldMove, queuedKey?: string) {
  const held = queryClient.getQueryData<MoveSnapshot>(moveKeys.snapshot(warehouseId));
  if (!held) return;
  const next = movedInSnapshot(held, move);
  queryClient.setQueryData(moveKeys.snapshot(warehouseId), next);
  rememberSnapshot(snapshotKey(warehouseId), next, queuedKey);
}

export interface MoveRequest {
  warehouseId: number;
  inventoryId: number;
  input: InventoryMoveInput;
  /** The worker's words for the queue: "Move 5 × SKU from A-01 to B-02". */
  label: string;
}

/**
 * A move is a floor action: sent at once online with its own Idempotency-Key, queued on the device offline (or when
 * its request got no answer), and applied to the held stock either way, so the next scan sees the source with fewer
 * units and the target with more. A server refusal online is thrown, shown in place as before.
 */
export const useMoveStock = () =>
  useWrite(
    async ({ inventoryId, input, label }: MoveRequest) => {
      const outcome = await floorWrite({ path: `/inventories/${inventoryId}/moves`, body: input, label });
      return {
        queued: outcome.kind === 'queued',
        queuedKey: outcome.kind === 'queued' ? outcome.action.key : undefined,
      };
    },
    moveKeys.staleAfterMove,
    {
      background: true,
      offline: true,
      update: (queryClient, answer, { warehouseId, inventoryId, input }) =>
        applyToSnapshot(
          queryClient,
          warehouseId,
          {
            inventoryId,
            fromLocationId: input.from_location_id,
            toLocationId: input.to_location_id,
            lotId: input.lot_id,
            quantity: input.quantity,
          },
          answer.queuedKey,
        ),
    },
  );
