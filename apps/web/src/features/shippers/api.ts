import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageMeta } from '@wms/contract/pagination';
import type { Shipper, ShipperInput } from '@wms/contract/shippers';
import type { shipperCutoffSchema } from '@wms/contract/waves';
import type { z } from 'zod';
import { api } from '../../lib/api/client';
import { isPageWordedError } from '../../lib/api/failure-notice';
import { ALL_CONTEXT } from '../../lib/context/context-key';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite, type WriteConfig } from '../../lib/query/use-write';
import { waveRootKeys } from '../../lib/query-keys/shared-keys';
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

const createShipper = (input: ShipperInput) => api.post<Saved>('/shippers', input, formOptions);
const updateShipper = (id: number, input: ShipperInput) => api.put<Saved>(`/shippers/${id}`, input, formOptions);
const deleteShipper = (id: number) => api.delete<{ message: string }>(`/shippers/${id}`, options);

export const useCreateShipper = () => useWrite(createShipper, [shipperKeys.all]);
export const useUpdateShipper = () =>
  useWrite(({ id, input }: { id: number; input: ShipperInput }) => updateShipper(id, input), [shipperKeys.all]);
/** A deletion refreshes the lists only: the deleted shipper's own page is being left. */
export const useDeleteShipper = (config?: WriteConfig<{ message: string }, number>) =>
  useWrite(deleteShipper, [shipperKeys.lists()], { config });

export type ShipperCutoff = z.infer<typeof shipperCutoffSchema>;

/** The shipper's daily cut-off per warehouse (local time of each warehouse). */
export const shipperCutoffsQuery = (id: number) =>
  queryOptions({
    queryKey: shipperKeys.cutoffs(id),
    queryFn: ({ signal }) =>
      api.get<{ data: ShipperCutoff[] }>(`/shippers/${id}/cutoffs`, { ...options, signal }).then((a) => a.data),
  });

const saveShipperCutoffs = (id: number, cutoffs: { warehouse_id: number; cutoff_time: string }[]) =>
  api.put<{ data: ShipperCutoff[] }>(`/shippers/${id}/cutoffs`, { cutoffs }, formOptions);

/**
 * Replaces the shipper's cut-offs (a warehouse left out has none). The answer is the new list; the release
 * screen's late / at-risk counts follow the cut-offs, so the waves' queries go stale.
 */
export const useSaveShipperCutoffs = (id: number) =>
  useWrite(
    (cutoffs: { warehouse_id: number; cutoff_time: string }[]) => saveShipperCutoffs(id, cutoffs),
    [waveRootKeys.all],
    {
      update: (queryClient, answer) => queryClient.setQueryData(shipperKeys.cutoffs(id), answer.data),
    },
  );
