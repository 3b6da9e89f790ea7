import type { CartonType, PackingStation, PrinterNetwork, StationOutput } from '@wms/contract/packing';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { packingKeys } from './query-keys';

/** The set-up forms show 422 answers on their fields; other failures toast through the catalogue. */
const formCall = { bypass_default: true, notifyOnError: notifyUnlessValidation } as const;
const explicit = { bypass_default: true } as const;

export interface CartonTypeBody {
  name: string;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  tare_weight_g: number;
}

export interface StationBody {
  name: string;
  output: StationOutput;
  printer_host: string | null;
  printer_port: number;
}

export const useSaveCartonType = (warehouseId: number) =>
  useWrite(
    ({ id, body }: { id: number | null; body: CartonTypeBody }) =>
      id === null
        ? api.post<{ data: CartonType }>(`/warehouses/${warehouseId}/carton-types`, body, formCall)
        : api.put<{ data: CartonType }>(`/carton-types/${id}`, body, formCall),
    [packingKeys.cartonTypes(warehouseId)],
  );

/** Deactivates a carton type (cartons already packed in it keep naming it). */
export const useDeactivateCartonType = (warehouseId: number) =>
  useWrite(
    (id: number) => api.delete<{ message?: string }>(`/carton-types/${id}`, explicit),
    [packingKeys.cartonTypes(warehouseId)],
  );

export const useSaveStation = (warehouseId: number) =>
  useWrite(
    ({ id, body }: { id: number | null; body: StationBody }) =>
      id === null
        ? api.post<{ data: PackingStation }>(`/warehouses/${warehouseId}/packing-stations`, body, formCall)
        : api.put<{ data: PackingStation }>(`/packing-stations/${id}`, body, formCall),
    [packingKeys.stations(warehouseId)],
  );

export const useDeactivateStation = (warehouseId: number) =>
  useWrite(
    (id: number) => api.delete<{ message?: string }>(`/packing-stations/${id}`, explicit),
    [packingKeys.stations(warehouseId)],
  );

export const useAddPrinterNetwork = (warehouseId: number) =>
  useWrite(
    (body: { cidr: string; note: string }) =>
      api.post<{ data: PrinterNetwork }>(`/warehouses/${warehouseId}/printer-networks`, body, formCall),
    [packingKeys.printerNetworks(warehouseId)],
  );

export const useRemovePrinterNetwork = (warehouseId: number) =>
  useWrite(
    (id: number) => api.delete<{ message?: string }>(`/printer-networks/${id}`, explicit),
    [packingKeys.printerNetworks(warehouseId)],
  );
