import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { InventoryAccuracy } from '@wms/contract/cycle-counts';
import type { Dashboard } from '@wms/contract/dashboard';
import type { InquiryStatistics } from '@wms/contract/inquiries';
import type { ReplenishmentSummary } from '@wms/contract/replenishment';
import { api } from '../../lib/api/client';
import { type ContextKey, contextKeyOf, contextParams } from '../../lib/context/context-key';
import { dashboardKeys } from './query-keys';

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

/** Inventory accuracy of the cycle counts approved lately, over every warehouse the caller reaches. */
export const inventoryAccuracyQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.inventoryAccuracy,
    queryFn: ({ signal }) =>
      api.get<InventoryAccuracy>('/cycle-counts/accuracy', { bypass_default: true, notifyOnError: false, signal }),
  });

/** Live replenishment tasks and pick faces below min: the header's warehouse, or every one the caller reaches. */
export const replenishmentSummaryQuery = (warehouseId: number | null) =>
  queryOptions({
    queryKey: dashboardKeys.replenishment(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ReplenishmentSummary }>('/replenishment/summary', {
          query: { warehouse_id: warehouseId ?? undefined },
          bypass_default: true,
          notifyOnError: false,
          signal,
        })
        .then((answer) => answer.data),
  });

/** The page's Refresh button: every dashboard query (overview, inquiry statistics, accuracy) is read again. */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}
