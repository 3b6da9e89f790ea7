import { queryOptions } from '@tanstack/react-query';
import type { LocationStockRow } from '@wms/contract/location-stock';
import type { PageMeta } from '@wms/contract/pagination';
import type {
  PickConfirmInput,
  PickTaskAnswer,
  PutBackInput,
  pickingAnswerResponse,
  ShortPickInput,
} from '@wms/contract/picking';
import type { Wave, WaveDetail } from '@wms/contract/waves';
import type { z } from 'zod';
import { api } from '../../lib/api/client';
import { useWrite } from '../../lib/query/use-write';
import { pickingKeys } from './query-keys';
import { mergeTaskAnswer } from './wave-tasks';

/** Every answer here is shown in place on the handheld (one task per screen), so no toast. */
const quiet = { bypass_default: true, notifyOnError: false } as const;

/**
 * Waves a picker may take or go on with in the warehouse: released (open) and being picked, then finished ones
 * (cancelled, or picked after an order left) whose put-back tasks still wait (a live wave's are in its own route).
 */
export const availableWavesQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: pickingKeys.available(warehouseId),
    queryFn: async ({ signal }) => {
      const list = (filter: { status: 'open' | 'picking' } | { put_backs_open: true }) =>
        api.get<{ data: Wave[]; meta: PageMeta }>('/waves', {
          ...quiet,
          query: { warehouse_id: warehouseId, ...filter, per_page: 50 },
          signal,
        });
      const [picking, open, putBacks] = await Promise.all([
        list({ status: 'picking' }),
        list({ status: 'open' }),
        list({ put_backs_open: true }),
      ]);
      const finished = putBacks.data.filter((wave) => wave.status === 'cancelled' || wave.status === 'picked');
      return [...picking.data, ...open.data, ...finished];
    },
  });

export const pickWaveQuery = (id: number) =>
  queryOptions({
    queryKey: pickingKeys.wave(id),
    queryFn: ({ signal }) =>
      api.get<{ data: WaveDetail }>(`/waves/${id}`, { ...quiet, signal }).then((answer) => answer.data),
  });

/** What a location holds (lots and units): the handheld offers substitute lots from it. */
export const locationLotsQuery = (locationId: number) =>
  queryOptions({
    queryKey: pickingKeys.locationStock(locationId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: LocationStockRow[] }>(`/locations/${locationId}/stock`, { ...quiet, signal })
        .then((answer) => answer.data),
  });

/** Every picking write answers the wave as it now is (and, after a location's last units, `ask_empty`). */
type WaveAnswer = z.infer<typeof pickingAnswerResponse>;

/**
 * After any picking write the wave (and every list that counts it) changed: the handheld's own queries, the wave
 * screens' progress and the inventory (units moved to the cart or to hospital). The answer is the wave as it now
 * is, written into its cache at once.
 */
const useWaveWrite = <Input, Answer extends WaveAnswer = WaveAnswer>(
  waveId: number,
  write: (input: Input) => Promise<Answer>,
) =>
  useWrite(write, pickingKeys.staleAfterPick, {
    update: (queryClient, answer) => queryClient.setQueryData(pickingKeys.wave(waveId), answer.data),
  });

/**
 * A task write (pick, short, skip) answers only what changed: merged into the wave the handheld holds at once, so
 * the next task shows without reading the whole wave again; the other screens' data refreshes in the background.
 */
const useTaskWrite = <Input>(waveId: number, write: (input: Input) => Promise<PickTaskAnswer>) =>
  useWrite(write, pickingKeys.staleElsewhereAfterPick, {
    background: true,
    update: (queryClient, answer) =>
      queryClient.setQueryData<WaveDetail>(pickingKeys.wave(waveId), (held) =>
        held ? mergeTaskAnswer(held, answer.data) : held,
      ),
  });

const getWork = (warehouseId: number) =>
  api.post<WaveAnswer>('/waves/assign-next', { warehouse_id: warehouseId }, quiet);

/** "Get work": the oldest released, unassigned wave of the warehouse (urgent first), assigned to me atomically. */
export const useGetWork = () =>
  useWrite(getWork, [pickingKeys.all], {
    update: (queryClient, answer) => queryClient.setQueryData(pickingKeys.wave(answer.data.id), answer.data),
  });

export const useAssignWave = (waveId: number) =>
  useWaveWrite(waveId, () => api.post<WaveAnswer>(`/waves/${waveId}/assign`, {}, quiet));

export const useSetTotes = (waveId: number) =>
  useWaveWrite(waveId, (totes: { order_id: number; tote: string }[]) =>
    api.post<WaveAnswer>(`/waves/${waveId}/totes`, { totes }, quiet),
  );

export type PickInput = PickConfirmInput & { taskId: number };

export const usePickTask = (waveId: number) =>
  useTaskWrite(waveId, ({ taskId, ...body }: PickInput) =>
    api.post<PickTaskAnswer>(`/waves/${waveId}/tasks/${taskId}/pick`, body, quiet),
  );

export type PutBackTaskInput = PutBackInput & { taskId: number };

/** Units of a cancelled wave (or a removed order) go back from the cart to a bin. */
export const usePutBack = (waveId: number) =>
  useWaveWrite(waveId, ({ taskId, ...body }: PutBackTaskInput) =>
    api.post<WaveAnswer>(`/waves/${waveId}/tasks/${taskId}/put-back`, body, quiet),
  );

export type ShortInput = ShortPickInput & { taskId: number };
export const useShortTask = (waveId: number) =>
  useTaskWrite(waveId, ({ taskId, ...body }: ShortInput) =>
    api.post<PickTaskAnswer>(`/waves/${waveId}/tasks/${taskId}/short`, body, quiet),
  );

export const useSkipTask = (waveId: number) =>
  useTaskWrite(waveId, (taskId: number) =>
    api.post<PickTaskAnswer>(`/waves/${waveId}/tasks/${taskId}/skip`, {}, quiet),
  );

/** "Is it empty now?": a "no" sends the location to hospital with a count. */
export const useAnswerEmpty = (waveId: number) =>
  useWaveWrite(waveId, ({ taskId, empty }: { taskId: number; empty: boolean }) =>
    api.post<WaveAnswer>(`/waves/${waveId}/tasks/${taskId}/empty-check`, { empty }, quiet),
  );
