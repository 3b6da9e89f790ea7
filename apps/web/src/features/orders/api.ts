import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Account } from '@wms/contract/entities';
import {
  ORDERS_PAGE_SIZE,
  type OrderDetail,
  type OrderItem,
  type OrderListRow,
  type OrderStatistics,
  type OrderStatusOption,
  type OrderUpdateInput,
  type ShipmentLabel,
} from '@wms/contract/orders';
import type { Carton } from '@wms/contract/packing';
import type { KeysetPageMeta } from '@wms/contract/pagination';
import { api } from '../../lib/api/client';
import { downloadFile } from '../../lib/api/download';
import { isPageWordedError } from '../../lib/api/failure-notice';
import { uploadForm } from '../../lib/api/upload';
import type { ContextKey } from '../../lib/context/context-key';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { type OrderListKeyParams, orderKeys } from './query-keys';

/** Explicit ids only: the request must match the query key exactly (no hidden defaults). */
const explicit = { bypass_default: true } as const;
/** The page toasts its own text (spec 2 §8), preferring the server's message or error field. */
const quiet = { ...explicit, notifyOnError: false } as const;

export interface OrderListPage {
  data: OrderListRow[];
  meta: KeysetPageMeta;
}

/** GET orders/with-merge-items: 25 a page on the server; the archive sends type=all. */
export const orderListQuery = (context: ContextKey, params: OrderListKeyParams) =>
  queryOptions<OrderListPage>({
    queryKey: orderKeys.list(context, params),
    queryFn: ({ signal }) =>
      api.get<OrderListPage>('/orders/with-merge-items', {
        ...quiet,
        signal,
        query: {
          page: params.page,
          per_page: ORDERS_PAGE_SIZE,
          search: params.search.trim() || undefined,
          status: params.status || undefined,
          short: params.short,
          account_id: params.accountId ?? undefined,
          warehouse_id: params.warehouseId ?? undefined,
          type: params.type === 'all' ? 'all' : undefined,
          sort: params.sort,
          direction: params.sort ? params.direction : undefined,
          cursor: params.cursor,
          jump_to: params.jumpTo,
        },
      }),
    placeholderData: keepPreviousData,
  });

const ZERO_STATISTICS: OrderStatistics = {
  total_orders: 0,
  pending_orders: 0,
  processing_orders: 0,
  shipped_orders: 0,
};

/** GET orders/statistics. Spec 2 §8: a failure shows zeros (no toast). */
export const orderStatisticsQuery = (context: ContextKey, accountId: number | null) =>
  queryOptions<OrderStatistics>({
    queryKey: orderKeys.statistics(context, { accountId }),
    queryFn: ({ signal }) =>
      api
        .get<OrderStatistics>('/orders/statistics', {
          ...quiet,
          signal,
          query: { warehouse_id: context.warehouseId ?? undefined, account_id: accountId ?? undefined },
        })
        .then(
          (answer) => ({
            total_orders: answer.total_orders,
            pending_orders: answer.pending_orders,
            processing_orders: answer.processing_orders,
            shipped_orders: answer.shipped_orders,
          }),
          () => ZERO_STATISTICS,
        ),
  });

/** The statuses the caller may set (filtered by audience on the server). */
export const orderStatusOptionsQuery = (lifecycle?: 'open' | 'shipped' | 'cancelled') =>
  queryOptions<OrderStatusOption[]>({
    queryKey: orderKeys.statusOptions(lifecycle),
    queryFn: ({ signal }) =>
      api
        .get<{ data: OrderStatusOption[] }>('/orders/status-options', { ...quiet, signal, query: { lifecycle } })
        .then((answer) => answer.data),
    staleTime: 60_000,
  });

/** The accounts linked to a warehouse (the list's account filter offers only valid pairs). */
export const accountsOfWarehouseQuery = (warehouseId: number | null) =>
  queryOptions<Account[]>({
    queryKey: orderKeys.accountsOfWarehouse(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Account[] }>('/accountByWarehouseId', {
          ...quiet,
          signal,
          query: { wId: warehouseId ?? undefined },
        })
        .then((answer) => answer.data.filter((account) => account.status === 'active')),
    enabled: warehouseId !== null,
    staleTime: 60_000,
  });

export const orderQuery = (id: number) =>
  queryOptions<OrderDetail>({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: OrderDetail }>(`/orders/${id}`, {
          ...explicit,
          notifyOnError: (error) => !isPageWordedError(error),
          signal,
        })
        .then((answer) => answer.data),
  });

/** The shippers an order may name (the edit form): active ones, from the shared master data. */
export const shippersQuery = () =>
  queryOptions<{ id: number; name: string }[]>({
    queryKey: orderKeys.shippers(),
    queryFn: ({ signal }) =>
      api
        .get<{ shippers: { id: number; name: string; is_active: boolean }[] }>('/shippers', {
          ...quiet,
          signal,
          query: { per_page: 100 },
        })
        .then((answer) => answer.shippers.filter((shipper) => shipper.is_active)),
    staleTime: 5 * 60_000,
  });

type Changed = { message: string; data: OrderDetail };

const changeOrderStatus = (id: number, status: string) => api.post<Changed>(`/orders/${id}/status`, { status }, quiet);
const updateOrder = (id: number, input: OrderUpdateInput) =>
  api.put<Changed>(`/orders/${id}`, input, { ...explicit, notifyOnError: notifyUnlessValidation });
const deleteOrder = (id: number) => api.delete<{ message: string }>(`/orders/${id}`, quiet);

const verifyOrderItem = (orderId: number, itemId: number, verified: boolean) =>
  api.post<{ message: string; data: OrderDetail }>(`/orders/${orderId}/items/${itemId}/verify`, { verified }, quiet);

export interface ScanAnswer {
  message: string;
  item: OrderItem;
  all_verified: boolean;
  data: OrderDetail;
}
const scanOrderSku = (orderId: number, sku: string) => api.post<ScanAnswer>(`/orders/${orderId}/scan`, { sku }, quiet);

/** The order's cartons (parcels): SSCC, weight, carrier and tracking number of each, once packed. */
export const orderCartonsQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.cartons(orderId),
    queryFn: ({ signal }) =>
      api.get<{ data: Carton[] }>(`/orders/${orderId}/cartons`, { ...quiet, signal }).then((answer) => answer.data),
  });

export const fetchOrderLabels = (orderId: number) =>
  api.get<{ data: ShipmentLabel[] }>(`/orders/${orderId}/labels`, quiet).then((answer) => answer.data);

const uploadOrderLabel = (orderId: number, form: FormData, onProgress?: (fraction: number) => void) =>
  uploadForm<{ message: string; data: ShipmentLabel }>(`/orders/${orderId}/labels`, form, {
    ...explicit,
    notifyOnError: notifyUnlessValidation,
    onProgress,
  });

/** GET labels/{id}/download, saved under the label's file name. */
export const downloadLabel = (label: ShipmentLabel) =>
  downloadFile(`/labels/${label.id}/download`, label.file.name || `${label.label_name}.pdf`, quiet);

const createMergeItem = (form: FormData) =>
  uploadForm<{ message: string }>('/merge-items', form, { ...explicit, notifyOnError: notifyUnlessValidation });

/** Spec 2 §7: saved as merge-item-{id}.pdf. */
export const downloadMergePdf = (mergeItemId: number) =>
  downloadFile(`/merge-items/${mergeItemId}/download-pdf`, `merge-item-${mergeItemId}.pdf`, quiet);

// ---- Writes: each refreshes every order query (lists, statistics, details, labels) -----------------------------

/** A write that answers the order whole shows it at once. */
const showOrder = (queryClient: QueryClient, answer: { data: OrderDetail }) =>
  queryClient.setQueryData(orderKeys.detail(answer.data.id), answer.data);

export const useChangeOrderStatus = () =>
  useWrite(
    ({ orderId, status }: { orderId: number; status: string }) => changeOrderStatus(orderId, status),
    [orderKeys.all],
    {
      update: showOrder,
    },
  );

export const useUpdateOrder = () =>
  useWrite(({ id, input }: { id: number; input: OrderUpdateInput }) => updateOrder(id, input), [orderKeys.all], {
    update: showOrder,
  });

export const useDeleteOrder = () => useWrite(deleteOrder, [orderKeys.all]);

export const useVerifyOrderItem = () =>
  useWrite(
    ({ orderId, itemId, verified }: { orderId: number; itemId: number; verified: boolean }) =>
      verifyOrderItem(orderId, itemId, verified),
    [orderKeys.all],
    { update: showOrder },
  );

/** Scanning answers at once: the lists refresh behind the next scan. */
export const useScanOrderSku = () =>
  useWrite(({ orderId, sku }: { orderId: number; sku: string }) => scanOrderSku(orderId, sku), [orderKeys.all], {
    update: showOrder,
    background: true,
  });

export const useUploadOrderLabel = () =>
  useWrite(
    ({ orderId, form, onProgress }: { orderId: number; form: FormData; onProgress?: (fraction: number) => void }) =>
      uploadOrderLabel(orderId, form, onProgress),
    [orderKeys.all],
  );

export const useCreateMergeItem = () => useWrite(createMergeItem, [orderKeys.all]);
