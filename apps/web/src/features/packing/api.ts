import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ShipmentLabel } from '@wms/contract/orders';
import type {
  CartonType,
  PackingSlipLayout,
  PackingStation,
  PackLookupResult,
  PackScanAnswer,
  PackScanInput,
  PackSortResult,
  PackView,
  PrintDocument,
  PrinterNetwork,
} from '@wms/contract/packing';
import { NetworkError } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { openFile } from '../../lib/api/download';
import { floorWrite, SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import type { QueuedAction } from '../../lib/offline/queued-action';
import { readOrRemembered, readRemembered, rememberSnapshot } from '../../lib/offline/snapshots';
import { useWrite } from '../../lib/query/use-write';
import { orderRootKeys, stockKeys, waveRootKeys } from '../../lib/query-keys/shared-keys';
import { isHeldOnly, packedOffline, packScanLabel, packScanPath, withWaitingScans } from './offline-pack';
import { packingKeys } from './query-keys';

/** The station shows every answer in place (scan feedback, panels), so no toast; ids are always explicit. */
const quiet = { bypass_default: true, notifyOnError: false } as const;
const explicit = { bypass_default: true } as const;

/**
 * Reads the pack screen makes when it opens: offline (a reload in a dead spot) the screen says so itself and works
 * from what the device holds, so no "network error" toast; other failures are told as usual.
 */
const quietOffline = { bypass_default: true, notifyOnError: (error: unknown) => !(error instanceof NetworkError) };

export const stationsQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: packingKeys.stations(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PackingStation[] }>(`/warehouses/${warehouseId}/packing-stations`, { ...quietOffline, signal })
        .then((answer) => answer.data),
  });

const cartonTypesCopyKey = (warehouseId: number) => `carton-types:${warehouseId}`;

/** The warehouse's carton types, remembered on the device: the pack screen offline still names them. */
export const cartonTypesQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: packingKeys.cartonTypes(warehouseId),
    networkMode: 'always',
    queryFn: ({ signal }) =>
      readOrRemembered(cartonTypesCopyKey(warehouseId), () =>
        api
          .get<{ data: CartonType[] }>(`/warehouses/${warehouseId}/carton-types`, { ...quietOffline, signal })
          .then((answer) => answer.data),
      ),
  });

export const printerNetworksQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: packingKeys.printerNetworks(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PrinterNetwork[] }>(`/warehouses/${warehouseId}/printer-networks`, { ...explicit, signal })
        .then((answer) => answer.data),
  });

const packSnapshotKey = (orderId: number) => `pack:${orderId}`;

/**
 * The order's PackView as this device holds it now (after a read, or a scan applied here): read after a reload.
 * `queuedKey`: the view shows that queued scan (applied here, not sent), so a read offline does not apply it again.
 */
const showPack = (queryClient: QueryClient, view: PackView, queuedKey?: string) => {
  queryClient.setQueryData(packingKeys.pack(view.order.id), view);
  rememberSnapshot(packSnapshotKey(view.order.id), view, queuedKey);
};

/** The remembered view with the scans still queued that it missed; a new carton's type from the remembered types. */
async function withWaitingScansOf(held: PackView, missing: readonly QueuedAction[]): Promise<PackView> {
  if (!missing.some((action) => action.path === packScanPath(held.order.id))) return held;
  const types = (await readRemembered<CartonType[]>(cartonTypesCopyKey(held.order.warehouse_id))) ?? [];
  return withWaitingScans(held, missing, types);
}

/**
 * An order at the bench. Read online, it is remembered on the device (items, SKUs, barcodes, picked lots,
 * quantities, cartons); with no network the remembered copy, with the scans made offline applied, so packing goes
 * on in a dead spot, even after a reload.
 */
export const packViewQuery = (orderId: number) =>
  queryOptions({
    queryKey: packingKeys.pack(orderId),
    networkMode: 'always',
    queryFn: ({ signal }) =>
      readOrRemembered(
        packSnapshotKey(orderId),
        () =>
          api.get<{ data: PackView }>(`/orders/${orderId}/pack`, { ...quiet, signal }).then((answer) => answer.data),
        withWaitingScansOf,
      ),
  });

/** What a scan at the station names: an order (number, external id, tote) or a batch wave. */
export const lookUp = (warehouseId: number, code: string) =>
  api
    .post<{ data: PackLookupResult }>('/packing/lookup', { warehouse_id: warehouseId, code }, quiet)
    .then((a) => a.data);

/** Batch waves: one scanned unit goes to the first order of the wave still missing it. */
export const sortUnit = (waveId: number, code: string) =>
  api.post<PackSortResult>(`/waves/${waveId}/pack-sort`, { code }, quiet);

/**
 * Every packing write answers the order's PackView, written into its cache at once; the order screens and the
 * waves refresh in the background (a scanning bench must not wait for them).
 */
const usePackWrite = <Input>(_orderId: number, write: (input: Input) => Promise<PackView>) =>
  useWrite(write, [orderRootKeys.all, waveRootKeys.all], {
    background: true,
    update: (queryClient, view) => showPack(queryClient, view),
  });

const packView = (answer: { data: PackView }) => answer.data;

export const useStartPack = (orderId: number) =>
  usePackWrite(orderId, (stationId: number | null) =>
    api
      .post<{ data: PackView }>(`/orders/${orderId}/pack`, stationId ? { station_id: stationId } : {}, quiet)
      .then(packView),
  );

/** A scan into a carton: `carton_id` may name a carton opened on this device (negative until the server has it). */
export type PackScanRequest = { code: string; carton_id?: number | null };

/**
 * One unit verified and packed; the answer's message is said at the scan field. It is a floor action: sent at once
 * online with its own Idempotency-Key (the server judges it), queued on the device offline (or when its request got
 * no answer), then judged against the held PackView with the server's messages — a refused scan is said at once and
 * never queued — and applied to it, so the counts and the carton show the unit. A scan into a carton opened on this
 * device is sent without `carton_id`: the server puts it into the newest open carton, which that one is by then.
 */
export const usePackScan = (orderId: number) => {
  const queryClient = useQueryClient();
  /** The answer, the server's or worked out here; `queuedKey` when the scan was queued, not sent. */
  const scanUnit = async (input: PackScanRequest): Promise<PackScanAnswer & { queuedKey?: string }> => {
    const held = queryClient.getQueryData<PackView>(packingKeys.pack(orderId));
    const types = held
      ? (queryClient.getQueryData<CartonType[]>(packingKeys.cartonTypes(held.order.warehouse_id)) ?? [])
      : [];
    const cartonId = input.carton_id ?? null;
    const body: PackScanInput = {
      code: input.code,
      ...(cartonId !== null && !isHeldOnly({ id: cartonId }) && { carton_id: cartonId }),
    };
    // With no network the held view is the judge: its refusal throws here, before anything is queued.
    const judged = held && !navigator.onLine ? packedOffline(held, input, types) : null;
    const outcome = await floorWrite<PackScanAnswer>({
      path: packScanPath(orderId),
      body,
      label: held ? packScanLabel(held, input, types) : `Pack 1 × ${input.code.trim()} into order ${orderId}`,
      warehouseId: held?.order.warehouse_id ?? null,
    });
    if (outcome.kind === 'sent') return outcome.answer;
    if (!held) throw new Error('The order is not held on this device');
    const queuedKey = outcome.action.key;
    if (judged) return { ...judged, queuedKey };
    try {
      return { ...packedOffline(held, input, types), queuedKey };
    } catch {
      // Queued behind older actions though the held view refuses it: the server judges it when it syncs.
      return { message: SAVED_OFFLINE, item_id: 0, carton_id: cartonId ?? 0, pack: held, queuedKey };
    }
  };
  return useWrite(scanUnit, [orderRootKeys.all], {
    background: true,
    offline: true,
    update: (client, answer) => showPack(client, answer.pack, answer.queuedKey),
  });
};

export interface OpenCartonInput {
  carton_type_id: number;
  length_mm?: number;
  width_mm?: number;
  height_mm?: number;
}

export const useOpenCarton = (orderId: number) =>
  usePackWrite(orderId, (input: OpenCartonInput) =>
    api.post<{ data: PackView }>(`/orders/${orderId}/cartons`, input, quiet).then(packView),
  );

export interface MoveUnitsInput {
  cartonId: number;
  order_item_id: number;
  lot_id: number | null;
  quantity: number;
  from_carton_id?: number;
}

export const useMoveUnits = (orderId: number) =>
  usePackWrite(orderId, ({ cartonId, ...body }: MoveUnitsInput) =>
    api.post<{ data: PackView }>(`/orders/${orderId}/cartons/${cartonId}/items`, body, quiet).then(packView),
  );

export interface CloseCartonInput {
  cartonId: number;
  weight_g: number;
  length_mm?: number;
  width_mm?: number;
  height_mm?: number;
}

export const useCloseCarton = (orderId: number) =>
  usePackWrite(orderId, ({ cartonId, ...body }: CloseCartonInput) =>
    api.post<{ data: PackView }>(`/orders/${orderId}/cartons/${cartonId}/close`, body, quiet).then(packView),
  );

export const useReopenCarton = (orderId: number) =>
  usePackWrite(orderId, (cartonId: number) =>
    api.post<{ data: PackView }>(`/orders/${orderId}/cartons/${cartonId}/reopen`, {}, quiet).then(packView),
  );

export const useRemoveCarton = (orderId: number) =>
  usePackWrite(orderId, (cartonId: number) =>
    api.delete<{ data: PackView }>(`/orders/${orderId}/cartons/${cartonId}`, quiet).then(packView),
  );

export interface ShipInput {
  cartons: { carton_id: number; carrier?: string; tracking_number?: string }[];
}

/** Ship moves stock out of the building: the inventory screens refresh too. */
export const useShip = (orderId: number) =>
  useWrite(
    (input: ShipInput) => api.post<{ data: PackView; message?: string }>(`/orders/${orderId}/ship`, input, quiet),
    [orderRootKeys.all, waveRootKeys.all, stockKeys.all],
    {
      background: true,
      update: (queryClient, answer) => showPack(queryClient, answer.data),
    },
  );

// ---- Documents: opened in the browser, or sent by the server to the station's label printer --------------------

export const slipPath = (orderId: number) => `/orders/${orderId}/packing-slip`;
export const cartonLabelPath = (cartonId: number) => `/cartons/${cartonId}/label`;

export const openPackingSlip = (orderId: number, orderNumber: string, layout: PackingSlipLayout) =>
  openFile(slipPath(orderId), `${orderNumber}-packing-slip.pdf`, { ...quiet, query: { layout } });

export const openCartonLabel = (cartonId: number, sscc: string) =>
  openFile(cartonLabelPath(cartonId), `${sscc}.pdf`, { ...quiet, query: { format: 'pdf' } });

/** The order's uploaded shipping labels (newest first): the station opens the newest with the other documents. */
export const shippingLabelsQuery = (orderId: number) =>
  queryOptions({
    queryKey: packingKeys.labels(orderId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ShipmentLabel[] }>(`/orders/${orderId}/labels`, { ...quiet, signal })
        .then((answer) => answer.data),
  });

export const openShippingLabel = (label: ShipmentLabel) =>
  openFile(`/labels/${label.id}/download`, label.file.name || `${label.label_name}.pdf`, quiet);

export interface PrintInput {
  document: PrintDocument;
  order_id: number;
  carton_id?: number;
  layout?: PackingSlipLayout;
}

export const printOnStation = (stationId: number, input: PrintInput) =>
  api.post<{ message: string }>(`/packing-stations/${stationId}/print`, input, quiet);
