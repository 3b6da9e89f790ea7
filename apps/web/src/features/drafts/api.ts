import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DraftListResponse, DraftStatistics } from '@wms/contract/drafts';
import type { BulkCreateResult } from '@wms/contract/order-creation';
import { api } from '../../lib/api/client';
import { type ContextKey, contextParams } from '../../lib/context/context-key';
import { draftKeys } from './query-keys';

/** GET bulk-order-drafts: one page of the context's drafts (the page toasts its own failure text). */
export const draftListQuery = (context: ContextKey, page: number, search: string) =>
  queryOptions<DraftListResponse>({
    queryKey: draftKeys.list(context, { page, search }),
    queryFn: ({ signal }) =>
      api.get<DraftListResponse>('/bulk-order-drafts', {
        query: { ...contextParams(context), page, search: search || undefined },
        bypass_default: true,
        signal,
        notifyOnError: false,
      }),
  });

export const draftStatisticsQuery = (context: ContextKey) =>
  queryOptions<DraftStatistics>({
    queryKey: draftKeys.statistics(context),
    queryFn: ({ signal }) =>
      api
        .get<{ data: DraftStatistics }>('/bulk-order-drafts/statistics', {
          query: contextParams(context),
          bypass_default: true,
          signal,
          notifyOnError: false,
        })
        .then((r) => r.data),
  });

const deleteDraft = (id: number) =>
  api.delete<{ message: string }>(`/bulk-order-drafts/${id}`, { notifyOnError: false });

const convertDraft = (id: number) =>
  api.post<BulkCreateResult>(`/bulk-order-drafts/${id}/convert`, undefined, {
    bypass_default: true,
    notifyOnError: false,
  });

/** Either change refreshes every drafts list and the statistics (the caller words the outcome). */
const useDraftsChange = <T>(change: (id: number) => Promise<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftKeys.all }),
  });
};

export const useDeleteDraft = () => useDraftsChange(deleteDraft);
export const useConvertDraft = () => useDraftsChange(convertDraft);
