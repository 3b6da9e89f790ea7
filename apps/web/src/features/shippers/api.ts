import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageMeta } from '@wms/contract/pagination';
import type { Shipper, ShipperInput } from '@wms/contract/shippers';
import type { shipperCutoffSchema } from '@wms/contract/waves';
import type { z } from 'zod';
import { api } from '../../lib/api/client';
import { isPageWordedError } from '../../lib/api/failureNotice';
import { ALL_CONTEXT } from '../../lib/context/contextKey';
import { notifyUnlessValidation } from '../../lib/forms/serverErrors';
import { shipperKeys } from './query-keys';

export interface ShipperListParams {
  page: number;
  per_page: number;
  search?: string;
}

/** Shippers are global master data: no warehouse/account defaults. */
const options = { bypass_default: true } as const;

export const shippersListQuery = (params: ShipperListParams) =>
  queryOptions({
    queryKey: shipperKeys.list(ALL_CONTEXT, params),
    queryFn: ({ signal }) =>
      api.get<{ shippers: Shipper[]; meta: PageMeta }>('/shippers', { ...options, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** Its failure has the page's own text ('Error loading shipper details' / '… data') and leaves the page. */
export const shipperQuery = (id: number) =>
  queryOptions({
    queryKey: shipperKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<{ shipper: Shipper }>(`/shippers/${id}`, {
          ...options,
          notifyOnError: (error) => !isPageWordedError(error),
          signal,
        })
        .then((answer) => answer.shipper),
  });

type Saved = { shipper: Shipper; message: string };
const formOptions = { ...options, notifyOnError: notifyUnlessValidation } as const;

export const createShipper = (input: ShipperInput) => api.post<Saved>('/shippers', input, formOptions);
export const updateShipper = (id: number, input: ShipperInput) => api.put<Saved>(`/shippers/${id}`, input, formOptions);
export const deleteShipper = (id: number) => api.delete<{ message: string }>(`/shippers/${id}`, options);

export type ShipperCutoff = z.infer<typeof shipperCutoffSchema>;

/** The shipper's daily cut-off per warehouse (local time of each warehouse). */
export const shipperCutoffsQuery = (id: number) =>
  queryOptions({
    queryKey: shipperKeys.cutoffs(id),
    queryFn: ({ signal }) =>
      api.get<{ data: ShipperCutoff[] }>(`/shippers/${id}/cutoffs`, { ...options, signal }).then((a) => a.data),
  });

/** Replaces the shipper's cut-offs (a warehouse left out has none). */
export function useSaveShipperCutoffs(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cutoffs: { warehouse_id: number; cutoff_time: string }[]) =>
      api.put<{ data: ShipperCutoff[] }>(`/shippers/${id}/cutoffs`, { cutoffs }, formOptions),
    onSuccess: (answer) => {
      queryClient.setQueryData(shipperKeys.cutoffs(id), answer.data);
      // The release screen's late / at-risk counts follow the cut-offs.
      return queryClient.invalidateQueries({ queryKey: ['waves'] });
    },
  });
}
