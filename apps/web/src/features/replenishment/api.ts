import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PageMeta } from '@wms/contract/pagination';
import type {
  PickFace,
  ReplenishmentComplete,
  ReplenishmentLine,
  ReplenishmentTask,
  ReplenishmentTaskStatus,
} from '@wms/contract/replenishment';
import { api } from '../../lib/api/client';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { floorWrite } from '../../lib/offline/floor-queue';
import { readOrRemembered, rememberSnapshot } from '../../lib/offline/snapshots';
import { useWrite } from '../../lib/query/use-write';
import {
  completedOffline,
  completionLabel,
  type HeldTasks,
  shortedOffline,
  shortLabel,
  type TaskAnswer,
  withTask,
  withWaitingTaskWrites,
} from './offline-tasks';
import { replenishmentKeys } from './query-keys';

/** Every call names its warehouse itself: the header's defaults never apply. */
const explicit = { bypass_default: true } as const;
/** The handheld shows every refusal in place (one task per screen), so no toast. */
const quiet = { ...explicit, notifyOnError: false } as const;

/** The live report: pick faces below min or short for a released wave, with the quantity and sources. */
export const replenishmentReportQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: replenishmentKeys.report(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ReplenishmentLine[] }>(`/warehouses/${warehouseId}/replenishment`, { ...explicit, signal })
        .then((answer) => answer.data),
  });

export interface TaskListParams {
  status?: ReplenishmentTaskStatus;
  page: number;
  per_page: number;
}

/** The warehouse's tasks, urgent first, then the source's walk order. */
export const replenishmentTasksQuery = (warehouseId: number, params: TaskListParams) =>
  queryOptions({
    queryKey: replenishmentKeys.tasks(warehouseId, params),
    queryFn: ({ signal }) =>
      api.get<{ data: ReplenishmentTask[]; meta: PageMeta }>('/replenishment-tasks', {
        ...explicit,
        query: { ...params, warehouse_id: warehouseId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The warehouse's pick faces, paginated. */
export const warehousePickFacesQuery = (warehouseId: number, params: { page: number; per_page: number }) =>
  queryOptions({
    queryKey: replenishmentKeys.faces(warehouseId, params),
    queryFn: ({ signal }) =>
      api.get<{ data: PickFace[]; meta: PageMeta }>(`/warehouses/${warehouseId}/pick-faces`, {
        ...explicit,
        query: params,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useCreateTasks = () =>
  useWrite(
    (input: { warehouse_id: number; pick_face_ids?: number[] }) =>
      api.post<{ message: string; data: ReplenishmentTask[] }>('/replenishment-tasks', input, explicit),
    [replenishmentKeys.all],
  );

export const useCancelTask = () =>
  useWrite(
    (id: number) => api.post<TaskAnswer>(`/replenishment-tasks/${id}/cancel`, {}, explicit),
    replenishmentKeys.staleAfterTask,
  );

/** The handheld shows at most this many open tasks, and this many in progress (the server's order: urgent first). */
const HANDHELD_LIST = { page: 1, per_page: 50 } as const;
const handheldSnapshotKey = (warehouseId: number) => `replenish-tasks:${warehouseId}`;

/**
 * The handheld's tasks of a warehouse (open, and in progress), kept on the device: read online, remembered; with no
 * network the remembered copy, with what the worker did offline applied, so taken tasks can be done in a dead spot.
 */
export const handheldTasksQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: replenishmentKeys.handheld(warehouseId),
    networkMode: 'always',
    queryFn: ({ signal }) =>
      readOrRemembered<HeldTasks>(
        handheldSnapshotKey(warehouseId),
        async () => {
          const list = (status: ReplenishmentTaskStatus) =>
            api.get<{ data: ReplenishmentTask[] }>('/replenishment-tasks', {
              ...quiet,
              query: { ...HANDHELD_LIST, status, warehouse_id: warehouseId },
              signal,
            });
          const [open, inProgress] = await Promise.all([list('open'), list('in_progress')]);
          return { open: open.data, inProgress: inProgress.data };
        },
        withWaitingTaskWrites,
      ),
  });

/**
 * A task write's answer applied to the held list at once (and remembered for a reload in a dead spot); `queuedKey`:
 * the write was queued, under that key.
 */
function applyToHeld(queryClient: QueryClient, task: ReplenishmentTask, queuedKey?: string) {
  const next = queryClient.setQueryData<HeldTasks>(replenishmentKeys.handheld(task.warehouse_id), (held) =>
    held ? withTask(held, task) : held,
  );
  if (next) rememberSnapshot(handheldSnapshotKey(task.warehouse_id), next, queuedKey);
}

/** What a handheld task write answers: the task, and whether it waits on the device (under `queuedKey`). */
type HandheldAnswer = TaskAnswer & { queued: boolean; queuedKey?: string };

/**
 * Completing and shorting a task are floor actions: sent at once online with their own Idempotency-Key, queued on
 * the device offline (or when the request got no answer) and answered from the task as the server would. Either
 * way the answer is applied to the held list. A queued one leaves the other lists alone (the server has not seen
 * it yet); after the replay every screen reads the server again.
 */
const useHandheldWrite = <Input extends { task: ReplenishmentTask }>(
  request: (input: Input) => { path: string; body: object; label: string },
  offline: (input: Input) => TaskAnswer,
) =>
  useWrite(
    async (input: Input): Promise<HandheldAnswer> => {
      const outcome = await floorWrite<TaskAnswer>({ ...request(input), warehouseId: input.task.warehouse_id });
      if (outcome.kind === 'sent') return { ...outcome.answer, queued: false };
      return { ...offline(input), queued: true, queuedKey: outcome.action.key };
    },
    (answer) => (answer.queued ? [] : replenishmentKeys.staleAfterTask),
    {
      background: true,
      offline: true,
      update: (queryClient, answer) => applyToHeld(queryClient, answer.data, answer.queuedKey),
    },
  );

/** Start is the atomic claim: it needs the network (offline the screen says so); the task joins the held list. */
export const useStartTask = () =>
  useWrite(
    (id: number) => api.post<TaskAnswer>(`/replenishment-tasks/${id}/start`, {}, quiet),
    replenishmentKeys.staleAfterTask,
    { background: true, update: (queryClient, answer) => applyToHeld(queryClient, answer.data) },
  );

export interface CompleteInput {
  task: ReplenishmentTask;
  quantity: number;
  lot?: string;
}

export const useCompleteTask = () =>
  useHandheldWrite(
    ({ task, quantity, lot }: CompleteInput) => ({
      path: `/replenishment-tasks/${task.id}/complete`,
      body: {
        quantity,
        source_code: task.source.code,
        target_code: task.target.code,
        ...(lot ? { lot } : {}),
      } satisfies ReplenishmentComplete,
      label: completionLabel(task, quantity),
    }),
    ({ task, quantity }) => completedOffline(task, quantity),
  );

export const useShortTask = () =>
  useHandheldWrite(
    ({ task }: { task: ReplenishmentTask }) => ({
      path: `/replenishment-tasks/${task.id}/short`,
      body: {},
      label: shortLabel(task),
    }),
    ({ task }) => shortedOffline(task),
  );

/** All or nothing: a 422 lists every bad row (shown in the dialog, not as a toast). */
export const useImportPickFaces = (warehouseId: number) =>
  useWrite(
    (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<{ message: string; imported_count: number }>(
        `/warehouses/${warehouseId}/pick-faces/import`,
        body,
        {
          ...explicit,
          notifyOnError: notifyUnlessValidation,
        },
      );
    },
    [replenishmentKeys.all],
  );
