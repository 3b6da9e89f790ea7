import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
import { useWrite } from '../../lib/query/use-write';
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

type TaskAnswer = { message?: string; data: ReplenishmentTask };

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

/** Start (the atomic claim), complete and short on the handheld: answers shown in place. */
export const useStartTask = () =>
  useWrite(
    (id: number) => api.post<TaskAnswer>(`/replenishment-tasks/${id}/start`, {}, quiet),
    replenishmentKeys.staleAfterTask,
    { background: true },
  );

export const useCompleteTask = () =>
  useWrite(
    ({ id, ...body }: ReplenishmentComplete & { id: number }) =>
      api.post<TaskAnswer>(`/replenishment-tasks/${id}/complete`, body, quiet),
    replenishmentKeys.staleAfterTask,
    { background: true },
  );

export const useShortTask = () =>
  useWrite(
    (id: number) => api.post<TaskAnswer>(`/replenishment-tasks/${id}/short`, {}, quiet),
    replenishmentKeys.staleAfterTask,
    { background: true },
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
