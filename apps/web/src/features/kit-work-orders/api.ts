import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { KitWorkOrder, KitWorkOrderCreate, KitWorkOrderDetail } from '@wms/contract/kit-work-orders';
import type { PageMeta } from '@wms/contract/pagination';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { kitWorkOrderKeys } from './query-keys';

/** Every call names its warehouse itself: the header's defaults never apply. */
const explicit = { bypass_default: true } as const;

/** The warehouse's work orders, newest first. */
export const kitWorkOrdersQuery = (warehouseId: number, params: { page: number; per_page: number }) =>
  queryOptions({
    queryKey: kitWorkOrderKeys.list(warehouseId, params),
    queryFn: ({ signal }) =>
      api.get<{ data: KitWorkOrder[]; meta: PageMeta }>('/kit-work-orders', {
        ...explicit,
        query: { ...params, warehouse_id: warehouseId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const kitWorkOrderQuery = (id: number) =>
  queryOptions({
    queryKey: kitWorkOrderKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: KitWorkOrderDetail }>(`/kit-work-orders/${id}`, { ...explicit, signal })
        .then((answer) => answer.data),
  });

type Answer = { message?: string; data: KitWorkOrderDetail };

/** A short component is a 422 shown on the form, not a toast. */
export const useCreateKitWorkOrder = () =>
  useWrite(
    (input: KitWorkOrderCreate) =>
      api.post<Answer>('/kit-work-orders', input, { ...explicit, notifyOnError: notifyUnlessValidation }),
    kitWorkOrderKeys.staleAfterWrite,
  );

export const useFinishKitWorkOrder = () =>
  useWrite(
    ({ id, action }: { id: number; action: 'complete' | 'cancel' }) =>
      api.post<Answer>(`/kit-work-orders/${id}/${action}`, {}, explicit),
    kitWorkOrderKeys.staleAfterWrite,
  );
