import { queryOptions } from '@tanstack/react-query';
import type { ShipmentLabel } from '@wms/contract/orders';
import type {
  CartonType,
  PackingSlipLayout,
  PackingStation,
  PackLookupResult,
  PackScanAnswer,
  PackSortResult,
  PackView,
  PrintDocument,
  PrinterNetwork,
} from '@wms/contract/packing';
import { api } from '../../lib/api/client';
import { openFile } from '../../lib/api/download';
import { useWrite } from '../../lib/query/use-write';
import { orderRootKeys, stockKeys, waveRootKeys } from '../../lib/query-keys/shared-keys';
import { packingKeys } from './query-keys';

/** The station shows every answer in place (scan feedback, panels), so no toast; ids are always explicit. */
const quiet = { bypass_default: true, notifyOnError: false } as const;
const explicit = { bypass_default: true } as const;

export const stationsQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: packingKeys.stations(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PackingStation[] }>(`/warehouses/${warehouseId}/packing-stations`, { ...explicit, signal })
        .then((answer) => answer.data),
  });

export const cartonTypesQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: packingKeys.cartonTypes(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: CartonType[] }>(`/warehouses/${warehouseId}/carton-types`, { ...explicit, signal })
        .then((answer) => answer.data),
  });

export const printerNetworksQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: packingKeys.printerNetworks(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PrinterNetwork[] }>(`/warehouses/${warehouseId}/printer-networks`, { ...explicit, signal })
        .then((answer) => answer.data),
  });

export const packViewQuery = (orderId: number) =>
  queryOptions({
    queryKey: packingKeys.pack(orderId),
    queryFn: ({ signal }) =>
      api.get<{ data: PackView }>(`/orders/${orderId}/pack`, { ...quiet, signal }).then((answer) => answer.data),
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
const usePackWrite = <Input>(orderId: number, write: (input: Input) => Promise<PackView>) =>
  useWrite(write, [orderRootKeys.all, waveRootKeys.all], {
    background: true,
    update: (queryClient, view) => queryClient.setQueryData(packingKeys.pack(orderId), view),
  });

const packView = (answer: { data: PackView }) => answer.data;

export const useStartPack = (orderId: number) =>
  usePackWrite(orderId, (stationId: number | null) =>
    api
      .post<{ data: PackView }>(`/orders/${orderId}/pack`, stationId ? { station_id: stationId } : {}, quiet)
      .then(packView),
  );

/** One unit verified and packed; the answer's message is said at the scan field. */
export const usePackScan = (orderId: number) => {
  const write = useWrite(
    (input: { code: string; carton_id?: number }) =>
      api.post<PackScanAnswer>(`/orders/${orderId}/pack/scan`, input, quiet),
    [orderRootKeys.all],
    {
      background: true,
      update: (queryClient, answer) => queryClient.setQueryData(packingKeys.pack(orderId), answer.pack),
    },
  );
  return write;
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
      update: (queryClient, answer) => queryClient.setQueryData(packingKeys.pack(orderId), answer.data),
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
