import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  CycleCount,
  CycleCountCreateInput,
  CycleCountEntryValues,
  CycleCountListQuery,
  CycleCountSummary,
} from '@wms/contract/cycle-counts';
import type { Account } from '@wms/contract/entities';
import type { PageMeta } from '@wms/contract/pagination';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { cycleCountKeys } from './query-keys';

/** A count names its warehouse itself: the header's warehouse/account defaults never apply. */
const options = { bypass_default: true } as const;
const formOptions = { ...options, notifyOnError: notifyUnlessValidation } as const;

export type CycleCountListParams = Partial<CycleCountListQuery> & { page: number; per_page: number };

export const cycleCountsListQuery = (params: CycleCountListParams) =>
  queryOptions({
    queryKey: cycleCountKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<{ data: CycleCountSummary[]; meta: PageMeta }>('/cycle-counts', {
        ...options,
        query: { ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const cycleCountQuery = (id: number) =>
  queryOptions({
    queryKey: cycleCountKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: CycleCount }>(`/cycle-counts/${id}`, { ...options, signal }),
  });

/**
 * The accounts an account count may name: those linked to the count's warehouse (as the API checks), within the
 * caller's scope (the server answers only warehouses the caller reaches).
 */
export const countAccountsQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: cycleCountKeys.accounts(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Account[] }>('/accountByWarehouseId', { ...options, query: { wId: warehouseId }, signal })
        .then((answer) => answer.data),
    staleTime: 60_000,
  });

type Answer = { data: CycleCount; message: string };

const createCycleCount = (input: CycleCountCreateInput) => api.post<Answer>('/cycle-counts', input, formOptions);
/** Scans answer quietly: the scan field shows the verdict. */
const recordCount = (id: number, input: CycleCountEntryValues) =>
  api.post<Answer>(`/cycle-counts/${id}/lines`, input, { ...options, notifyOnError: false });
const countAction = (id: number, action: 'submit' | 'approve' | 'cancel') =>
  api.post<Answer>(`/cycle-counts/${id}/${action}`, undefined, options);
const requestRecount = (id: number, lineIds: number[]) =>
  api.post<Answer>(`/cycle-counts/${id}/recount`, { line_ids: lineIds }, options);

/** The count's answer is its whole detail: shown at once, then every count list refreshed. */
const showCount = (queryClient: QueryClient, answer: Answer) =>
  queryClient.setQueryData(cycleCountKeys.detail(answer.data.id), { data: answer.data });

export const useCreateCycleCount = () => useWrite(createCycleCount, [cycleCountKeys.all]);

export const useRecordCount = () =>
  useWrite(
    ({ id, input }: { id: number; input: CycleCountEntryValues }) => recordCount(id, input),
    [cycleCountKeys.all],
    // The counter scans on: the saved line shows at once, the lists refresh behind it.
    { update: showCount, background: true },
  );

/** Finish counting, approve, cancel, or send lines back for a recount. */
export const useCountAction = () =>
  useWrite(
    ({
      id,
      action,
      lineIds = [],
    }: {
      id: number;
      action: 'submit' | 'approve' | 'cancel' | 'recount';
      lineIds?: number[];
    }) => (action === 'recount' ? requestRecount(id, lineIds) : countAction(id, action)),
    [cycleCountKeys.all],
    { update: showCount },
  );
