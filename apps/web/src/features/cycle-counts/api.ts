import { keepPreviousData, type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
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
import { floorWrite } from '../../lib/offline/floor-queue';
import { readOrRemembered, rememberSnapshot } from '../../lib/offline/snapshots';
import { useWrite } from '../../lib/query/use-write';
import { countedOffline, withWaitingEntries } from './offline-count';
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

const countSnapshotKey = (id: number) => `cycle-count:${id}`;

/**
 * A count on the handheld: remembered on the device when read (blind, as the server answered it to this counter);
 * with no network the remembered copy, with the entries made offline applied, so counting goes on in a dead spot.
 */
export const cycleCountQuery = (id: number) =>
  queryOptions({
    queryKey: cycleCountKeys.detail(id),
    networkMode: 'always',
    queryFn: ({ signal }) =>
      readOrRemembered(
        countSnapshotKey(id),
        () => api.get<{ data: CycleCount }>(`/cycle-counts/${id}`, { ...options, signal }),
        (held, missing) => ({ data: withWaitingEntries(held.data, missing) }),
      ),
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
const countAction = (id: number, action: 'submit' | 'approve' | 'cancel') =>
  api.post<Answer>(`/cycle-counts/${id}/${action}`, undefined, options);
const requestRecount = (id: number, lineIds: number[]) =>
  api.post<Answer>(`/cycle-counts/${id}/recount`, { line_ids: lineIds }, options);

/** The count's answer is its whole detail: shown at once, then every count list refreshed. */
const showCount = (queryClient: QueryClient, answer: Answer) =>
  queryClient.setQueryData(cycleCountKeys.detail(answer.data.id), { data: answer.data });

export const useCreateCycleCount = () => useWrite(createCycleCount, [cycleCountKeys.all]);

/**
 * A count entry is a floor action: sent at once online (quietly: the scan field shows the verdict), queued on the
 * device offline and applied to the held count as the server would. The counter scans on: the saved line shows at
 * once, the lists refresh behind it; the count as shown is remembered for a reload in a dead spot.
 */
export const useRecordCount = () => {
  const queryClient = useQueryClient();
  /** `queuedKey`: the entry was queued (its offline answer), and this is its key in the queue. */
  const record = async ({
    id,
    input,
  }: {
    id: number;
    input: CycleCountEntryValues;
  }): Promise<Answer & { queuedKey?: string }> => {
    const lot = input.lot_code ? ` (lot ${input.lot_code})` : input.without_lot ? ' (no lot)' : '';
    const held = queryClient.getQueryData<{ data: CycleCount }>(cycleCountKeys.detail(id));
    const outcome = await floorWrite<Answer>({
      path: `/cycle-counts/${id}/lines`,
      body: input,
      label: `Count ${input.quantity} × ${input.code}${lot} in ${input.location_code}`,
      warehouseId: held?.data.warehouse.id ?? null,
    });
    if (outcome.kind === 'sent') return outcome.answer;
    if (!held) throw new Error('The count is not held on this device');
    return { ...countedOffline(held.data, input), queuedKey: outcome.action.key };
  };
  return useWrite(record, [cycleCountKeys.all], {
    background: true,
    offline: true,
    update: (client, answer) => {
      showCount(client, answer);
      rememberSnapshot(countSnapshotKey(answer.data.id), { data: answer.data }, answer.queuedKey);
    },
  });
};

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
