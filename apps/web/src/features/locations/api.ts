import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CycleCountState } from '@wms/contract/cycle-counts';
import type {
  LabelLayout,
  Location,
  LocationGenerateInput,
  LocationInput,
  LocationListQuery,
} from '@wms/contract/locations';
import type { PageMeta } from '@wms/contract/pagination';
import { HttpError, NetworkError } from '../../lib/api/api-error';
import { API_BASE, api, buildHeaders, handleApiError } from '../../lib/api/client';
import { saveBlob } from '../../lib/api/download';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite, type WriteConfig } from '../../lib/query/use-write';
import { locationKeys } from './query-keys';

/** Locations belong to the warehouse in the path: the selected warehouse/account defaults never apply. */
const options = { bypass_default: true } as const;
const formOptions = { ...options, notifyOnError: notifyUnlessValidation } as const;

export type LocationListParams = Partial<Omit<LocationListQuery, 'is_active'>> & {
  page: number;
  per_page: number;
  is_active?: 'true' | 'false';
};

export interface LocationList {
  data: Location[];
  meta: PageMeta;
  zones: string[];
}

export const locationsListQuery = (warehouseId: number, params: LocationListParams) =>
  queryOptions({
    queryKey: locationKeys.list(warehouseId, params),
    queryFn: ({ signal }) =>
      api.get<LocationList>(`/warehouses/${warehouseId}/locations`, { ...options, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

type Saved = { location: Location; message: string };

const createLocation = (warehouseId: number, input: LocationInput) =>
  api.post<Saved>(`/warehouses/${warehouseId}/locations`, input, formOptions);
const updateLocation = (id: number, input: LocationInput) => api.put<Saved>(`/locations/${id}`, input, formOptions);
const deleteLocation = (id: number) => api.delete<{ message: string }>(`/locations/${id}`, options);

/** Every location write refreshes the locations root: the lists, and the location pickers cached under it. */
export const useCreateLocation = (warehouseId: number) =>
  useWrite((input: LocationInput) => createLocation(warehouseId, input), [locationKeys.all]);
export const useUpdateLocation = (config?: WriteConfig<Saved, { id: number; input: LocationInput }>) =>
  useWrite(({ id, input }: { id: number; input: LocationInput }) => updateLocation(id, input), [locationKeys.all], {
    config,
  });
export const useDeleteLocation = (config?: WriteConfig<{ message: string }, number>) =>
  useWrite(deleteLocation, [locationKeys.all], { config });

export interface GenerateAnswer {
  count: number;
  codes: string[];
  message?: string;
}

const generateLocations = (warehouseId: number, input: LocationGenerateInput) =>
  api.post<GenerateAnswer>(`/warehouses/${warehouseId}/locations/generate`, input, {
    ...options,
    // The dialog shows every refusal inline, once (a toast repeated the 50 codes over the header).
    notifyOnError: false,
  });

/** Generate by pattern (the preview is computed in the browser; this is the real run). */
export const useGenerateLocations = (warehouseId: number) =>
  useWrite((input: LocationGenerateInput) => generateLocations(warehouseId, input), [locationKeys.all]);

const importLocations = (warehouseId: number, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return api.post<{ message: string; imported_count: number }>(`/warehouses/${warehouseId}/locations/import`, body, {
    ...options,
    notifyOnError: notifyUnlessValidation,
  });
};

export const useImportLocations = (warehouseId: number) =>
  useWrite((file: File) => importLocations(warehouseId, file), [locationKeys.all]);

export type LabelTarget = { ids: number[] } | { warehouse_id: number; zone: string };

/** POST /locations/labels answers a PDF: fetched as a blob and saved. */
export async function printLabels(target: LabelTarget, layout: LabelLayout): Promise<void> {
  const body = { ...target, layout };
  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}/locations/labels`, {
        method: 'POST',
        headers: buildHeaders(body, { Accept: 'application/pdf, application/json' }),
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : 'Network error');
    }
    if (!response.ok) {
      const isJson = response.headers.get('Content-Type')?.includes('json');
      throw new HttpError(response.status, isJson ? await response.json().catch(() => undefined) : undefined);
    }
    saveBlob(await response.blob(), 'location-labels.pdf');
  } catch (error) {
    handleApiError(error, true);
    throw error;
  }
}

/** The warehouse's name for the page title (GET /warehouses/{id}; 404 when out of scope). */
export const locationWarehouseQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: ['locations', 'warehouse', warehouseId] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ warehouse: { id: number; name: string; code: string } }>(`/warehouses/${warehouseId}`, {
          ...options,
          notifyOnError: false,
          signal,
        })
        .then((answer) => answer.warehouse),
  });

export interface LocationCountHistory {
  data: {
    cycle_count_id: number;
    state: CycleCountState;
    created_at: string;
    approved_at: string | null;
    lines_counted: number;
    lines_with_variance: number | null;
  }[];
}

/** The cycle counts that took a location. */
export const locationCountsQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...locationKeys.all, 'counts', locationId],
    queryFn: ({ signal }) => api.get<LocationCountHistory>(`/locations/${locationId}/counts`, { ...options, signal }),
  });
