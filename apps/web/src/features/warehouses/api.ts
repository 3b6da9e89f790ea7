import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { User, Warehouse } from '@wms/contract/entities';
import type { PageMeta } from '@wms/contract/pagination';
import { MAX_PER_PAGE } from '@wms/contract/paging';
import type { WarehouseDetail, WarehouseInput, WarehouseStatistics } from '@wms/contract/warehouses';
import { api } from '../../lib/api/client';
import { isPageWordedError } from '../../lib/api/failure-notice';
import { ALL_CONTEXT } from '../../lib/context/context-key';
import { useWrite, type WriteConfig } from '../../lib/query/use-write';
import { warehouseKeys } from './query-keys';

/** `users` (names) comes only for callers who may view users; everyone gets the count. */
export type WarehouseRow = Warehouse & { users_count: number; users?: { id: number; name: string }[] };

export interface WarehouseListParams {
  page: number;
  per_page: number;
  search?: string;
}

/** The screen manages every warehouse in scope, not only the selected one. */
const options = { bypass_default: true } as const;
/** Failures with their own texts (spec 1 §8) are worded by the page. */
const worded = { ...options, notifyOnError: (error: unknown) => !isPageWordedError(error) } as const;

export const warehousesListQuery = (params: WarehouseListParams) =>
  queryOptions({
    queryKey: warehouseKeys.list(ALL_CONTEXT, params),
    queryFn: ({ signal }) =>
      api.get<{ data: WarehouseRow[]; meta: PageMeta }>('/warehouses', { ...worded, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const warehouseQuery = (id: number) =>
  queryOptions({
    queryKey: warehouseKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<{ warehouse: WarehouseDetail }>(`/warehouses/${id}`, { ...options, signal }).then((a) => a.warehouse),
  });

export const warehouseStatisticsQuery = (id: number) =>
  queryOptions({
    queryKey: warehouseKeys.statistics(id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: WarehouseStatistics }>(`/warehouses/${id}/statistics`, { ...options, signal })
        .then((a) => a.data),
  });

/** Everyone the caller may assign (the server's largest page). */
export const assignableUsersQuery = () =>
  queryOptions({
    queryKey: warehouseKeys.assignableUsers(),
    queryFn: ({ signal }) =>
      api
        .get<{ users: User[] }>('/users', { ...worded, query: { per_page: MAX_PER_PAGE }, signal })
        .then((answer) => answer.users),
  });

type Saved = { warehouse: WarehouseDetail; message: string };

const createWarehouse = (input: WarehouseInput) => api.post<Saved>('/warehouses', input, worded);
const updateWarehouse = (id: number, input: WarehouseInput) => api.put<Saved>(`/warehouses/${id}`, input, worded);
const deleteWarehouse = (id: number) => api.delete<{ message: string }>(`/warehouses/${id}`, worded);
const assignUsers = (id: number, userIds: number[]) =>
  api.post<Saved>(`/warehouses/${id}/assign-users`, { user_ids: userIds }, worded);
const removeUser = (id: number, userId: number) =>
  api.post<Saved>(`/warehouses/${id}/remove-user`, { user_id: userId }, worded);

// ---- Writes: each refreshes the warehouses (and, when it changes one, the header's warehouse selector) ----------

const STALE = [warehouseKeys.all, warehouseKeys.selectable()];

/** Creates, or updates when given an id. */
export const useSaveWarehouse = () =>
  useWrite(
    ({ id, input }: { id?: number; input: WarehouseInput }) =>
      id === undefined ? createWarehouse(input) : updateWarehouse(id, input),
    STALE,
  );

export const useDeleteWarehouse = (config?: WriteConfig<{ message: string }, number>) =>
  useWrite(deleteWarehouse, STALE, { config });

/** Who works in a warehouse shows in the warehouses list only. */
export const useAssignWarehouseUsers = (config?: WriteConfig<Saved, { id: number; userIds: number[] }>) =>
  useWrite(({ id, userIds }: { id: number; userIds: number[] }) => assignUsers(id, userIds), [warehouseKeys.all], {
    config,
  });

export const useRemoveWarehouseUser = (config?: WriteConfig<Saved, { id: number; userId: number }>) =>
  useWrite(({ id, userId }: { id: number; userId: number }) => removeUser(id, userId), [warehouseKeys.all], {
    config,
  });
