import { queryOptions } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES, type Dashboard } from '@wms/contract/dashboard';
import { api } from '../../lib/api/client';
import { type ContextKey, contextKeyOf, contextParams } from '../../lib/context/contextKey';
import { dashboardKeys } from './query-keys';

export interface InquiryStatistics {
  total: number;
  open: number;
  in_progress: number;
  resolved: number;
  closed: number;
}

/** Failures show the dashboard's own texts (spec 1 §8), not the generic catalogue. */
export const dashboardQuery = (context: ContextKey, timeframe: number) =>
  queryOptions({
    queryKey: dashboardKeys.overview(contextKeyOf(context), timeframe),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Dashboard }>('/dashboard', {
          query: { timeframe, ...contextParams(context) },
          bypass_default: true,
          notifyOnError: false,
          signal,
        })
        .then((answer) => answer.data),
  });

export const inquiryStatisticsQuery = (context: ContextKey) =>
  queryOptions({
    queryKey: dashboardKeys.inquiryStatistics(contextKeyOf(context)),
    queryFn: ({ signal }) =>
      api.get<InquiryStatistics>('/inquiries/statistics', {
        query: { warehouse_id: context.warehouseId ?? undefined },
        bypass_default: true,
        notifyOnError: false,
        signal,
      }),
  });

export const DASHBOARD_FAILURES = DASHBOARD_MESSAGES;
