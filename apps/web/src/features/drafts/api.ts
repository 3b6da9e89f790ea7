import type { DraftListResponse, DraftStatistics } from '@wms/contract/drafts';
import type { BulkCreateResult } from '@wms/contract/order-creation';
import { api } from '../../lib/api/client';
import { type ContextKey, contextParams } from '../../lib/context/contextKey';

export const fetchDrafts = (context: ContextKey, page: number, search: string, signal?: AbortSignal) =>
  api.get<DraftListResponse>('/bulk-order-drafts', {
    query: { ...contextParams(context), page, search: search || undefined },
    bypass_default: true,
    signal,
    notifyOnError: false,
  });

export const fetchDraftStatistics = (context: ContextKey, signal?: AbortSignal) =>
  api
    .get<{ data: DraftStatistics }>('/bulk-order-drafts/statistics', {
      query: contextParams(context),
      bypass_default: true,
      signal,
      notifyOnError: false,
    })
    .then((r) => r.data);

export const deleteDraft = (id: number) =>
  api.delete<{ message: string }>(`/bulk-order-drafts/${id}`, { notifyOnError: false });

export const convertDraft = (id: number) =>
  api.post<BulkCreateResult>(`/bulk-order-drafts/${id}/convert`, undefined, {
    bypass_default: true,
    notifyOnError: false,
  });
