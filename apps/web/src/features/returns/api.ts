import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Account } from '@wms/contract/entities';
import type { OrderDetail } from '@wms/contract/orders';
import type { PageMeta } from '@wms/contract/pagination';
import type {
  Return,
  ReturnCreateValues,
  ReturnListQuery,
  ReturnReceiveValues,
  ReturnReleaseValues,
  ReturnStatus,
  ReturnSummary,
  ReturnUnidentifiedValues,
} from '@wms/contract/returns';
import { api } from '../../lib/api/client';
import { uploadForm } from '../../lib/api/upload';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { returnKeys } from './query-keys';

/** Writes name their return (or order) themselves: the header's warehouse/account defaults never apply. */
const explicit = { bypass_default: true } as const;
const form = { ...explicit, notifyOnError: notifyUnlessValidation } as const;
/** The phone shows every refusal in place, so no toast. */
const quiet = { ...explicit, notifyOnError: false } as const;

export type ReturnListParams = Partial<ReturnListQuery> & { page: number; per_page: number };
export type ReturnList = { data: ReturnSummary[]; meta: PageMeta; stats: Record<ReturnStatus, number> };

/** The list narrows to the header's warehouse (and a client's account), as every list does. */
export const returnsListQuery = (params: ReturnListParams) =>
  queryOptions({
    queryKey: returnKeys.list(params),
    queryFn: ({ signal }) => api.get<ReturnList>('/returns', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const returnQuery = (id: number) =>
  queryOptions({
    queryKey: returnKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<{ data: Return }>(`/returns/${id}`, { ...explicit, signal }).then((answer) => answer.data),
  });

/** The order a return is announced for: its lines and what shipped of each. */
export const returnOrderQuery = (orderId: number) =>
  queryOptions({
    queryKey: returnKeys.order(orderId),
    queryFn: ({ signal }) =>
      api.get<{ data: OrderDetail }>(`/orders/${orderId}`, { ...explicit, signal }).then((answer) => answer.data),
  });

/** Every return of one order with its lines (what earlier returns already took), usually none or one. */
export const orderReturnsQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...returnKeys.ofOrder(orderId), 'full'] as const,
    queryFn: async ({ signal }) => {
      const list = await api.get<ReturnList>('/returns', {
        ...explicit,
        query: { order_id: orderId, per_page: 100, page: 1 },
        signal,
      });
      const open = list.data.filter((r) => r.status !== 'cancelled');
      return Promise.all(
        open.map((r) => api.get<{ data: Return }>(`/returns/${r.id}`, { ...explicit, signal }).then((a) => a.data)),
      );
    },
  });

/** The accounts of a warehouse (the staff's account filter). */
export const warehouseAccountsQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: returnKeys.accounts(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Account[] }>('/accountByWarehouseId', { ...explicit, query: { wId: warehouseId }, signal })
        .then((answer) => answer.data),
    staleTime: 60_000,
  });

/** Finds returns by a scanned RMA, order or tracking number within the header's warehouse. */
export const findReturns = (code: string) =>
  api.get<ReturnList>('/returns', { notifyOnError: false, query: { search: code, page: 1, per_page: 10 } });

/** Finds an order by its number (a blind return), within the header's context. */
export const findOrders = (code: string) =>
  api.get<{ data: { type: string; id: number; order_number?: string }[] }>('/orders/with-merge-items', {
    notifyOnError: false,
    query: { search: code, per_page: 10, type: 'all' },
  });

export const useAnnounceReturn = () =>
  useWrite(
    (values: ReturnCreateValues) => api.post<{ data: Return }>('/returns', values, form).then((a) => a.data),
    [returnKeys.all],
  );

export const useUploadReturnLabel = () =>
  useWrite(
    ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('label_file', file);
      return uploadForm<{ data: Return }>(`/returns/${id}/label`, body, { ...explicit, notifyOnError: false });
    },
    [returnKeys.all],
  );

export const useCancelReturn = () =>
  useWrite((id: number) => api.post<{ data: Return }>(`/returns/${id}/cancel`, {}, explicit), [returnKeys.all]);

export const useMarkInTransit = () =>
  useWrite((id: number) => api.post<{ data: Return }>(`/returns/${id}/in-transit`, {}, explicit), [returnKeys.all]);

export const useReceiveReturn = () =>
  useWrite(
    ({ id, body }: { id: number; body: ReturnReceiveValues }) =>
      api.post<{ data: Return }>(`/returns/${id}/receive`, body, quiet),
    returnKeys.staleAfterStock,
  );

export const useReleaseLine = () =>
  useWrite(
    ({ id, lineId, body }: { id: number; lineId: number; body: ReturnReleaseValues }) =>
      api.post<{ data: Return }>(`/returns/${id}/lines/${lineId}/release`, body, form),
    returnKeys.staleAfterStock,
  );

/** The active location of the warehouse with exactly this code, or null (what a scanned bin label names). */
export const findLocationByCode = (warehouseId: number, code: string) =>
  api
    .get<{ data: { id: number; code: string; type: string }[] }>(`/warehouses/${warehouseId}/locations`, {
      ...quiet,
      query: { code, is_active: 'true', per_page: 1 },
    })
    .then((answer) => answer.data[0] ?? null);

/** An unidentified return attached to the order it turned out to come from. */
export const useAttachReturn = () =>
  useWrite(
    ({ id, orderId }: { id: number; orderId: number }) =>
      api.post<{ data: Return }>(`/returns/${id}/attach`, { order_id: orderId }, quiet),
    [returnKeys.all],
  );

export const useReceiveUnidentified = () =>
  useWrite(
    (body: ReturnUnidentifiedValues) => api.post<{ data: Return }>('/returns/unidentified', body, quiet),
    returnKeys.staleAfterStock,
  );
