import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Status, StatusCreateInput, StatusUpdateInput } from '@wms/contract/statuses';
import { api } from '../../lib/api/client';
import { isPageWordedError } from '../../lib/api/failure-notice';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite, type WriteConfig } from '../../lib/query/use-write';
import { statusKeys } from './query-keys';

/** Statuses are global configuration: no warehouse/account defaults (spec 2 §7 sends none). */
const options = { bypass_default: true } as const;

export interface StatusListFilters {
  search: string;
  /** A module key or '' for every module. */
  module: string;
  /** 'true', 'false' or '' (All). */
  active: string;
}

/** GET /statuses: no paging (spec 2 §2); the page names its own failure text, so no catalogue toast. */
export const statusListQuery = (filters: StatusListFilters) =>
  queryOptions<Status[]>({
    queryKey: statusKeys.list(filters),
    queryFn: ({ signal }) =>
      api
        .get<{ statuses: Status[] }>('/statuses', {
          ...options,
          notifyOnError: false,
          signal,
          query: {
            search: filters.search.trim() || undefined,
            module: filters.module || undefined,
            active: filters.active || undefined,
          },
        })
        .then((answer) => answer.statuses),
    placeholderData: keepPreviousData,
  });

/** GET /statuses/modules: key → label. */
export const statusModulesQuery = () =>
  queryOptions({
    queryKey: statusKeys.modules(),
    queryFn: ({ signal }) =>
      api
        .get<{ modules: Record<string, string> }>('/statuses/modules', { ...options, notifyOnError: false, signal })
        .then((answer) => answer.modules),
    staleTime: 5 * 60_000,
  });

export const statusQuery = (id: number) =>
  queryOptions({
    queryKey: statusKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<{ status: Status }>(`/statuses/${id}`, {
          ...options,
          notifyOnError: (error) => !isPageWordedError(error),
          signal,
        })
        .then((answer) => answer.status),
  });

type Saved = { status: Status; message: string };
const formOptions = { ...options, notifyOnError: notifyUnlessValidation } as const;
/** The page toasts its own failure text (spec 2 §8), preferring the server's message. */
const actionOptions = { ...options, notifyOnError: false } as const;

const createStatus = (input: StatusCreateInput) => api.post<Saved>('/statuses', input, formOptions);
const updateStatus = (id: number, input: StatusUpdateInput) => api.put<Saved>(`/statuses/${id}`, input, formOptions);
const deleteStatus = (id: number) => api.delete<{ message: string }>(`/statuses/${id}`, actionOptions);
const toggleStatusActive = (id: number) => api.post<Saved>(`/statuses/${id}/toggle-active`, undefined, actionOptions);
const assignStatusModules = (id: number, modules: string[]) =>
  api.post<Saved>(`/statuses/${id}/assign-modules`, { modules }, actionOptions);

// ---- Writes: each refreshes every status query (lists, details, the modules' choices) --------------------------

export const useCreateStatus = () => useWrite(createStatus, [statusKeys.all]);
export const useUpdateStatus = () =>
  useWrite(({ id, input }: { id: number; input: StatusUpdateInput }) => updateStatus(id, input), [statusKeys.all]);
export const useDeleteStatus = (config?: WriteConfig<{ message: string }, number>) =>
  useWrite(deleteStatus, [statusKeys.all], { config });
export const useToggleStatusActive = (config?: WriteConfig<Saved, number>) =>
  useWrite(toggleStatusActive, [statusKeys.all], { config });
export const useAssignStatusModules = (config?: WriteConfig<Saved, { id: number; modules: string[] }>) =>
  useWrite(({ id, modules }: { id: number; modules: string[] }) => assignStatusModules(id, modules), [statusKeys.all], {
    config,
  });
