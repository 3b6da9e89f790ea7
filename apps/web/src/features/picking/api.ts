import { queryOptions, useQueryClient } from '@tanstack/react-query';
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
import { floorWrite } from '../../lib/offline/floor-queue';
import { readOrRemembered, rememberSnapshot } from '../../lib/offline/snapshots';
import { useWrite } from '../../lib/query/use-write';
import { pickedOffline, shortedOffline, skippedOffline, withWaitingTaskWrites } from './offline-answers';
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

const waveSnapshotKey = (id: number) => `wave:${id}`;

/** The wave as this device holds it now (tasks, location codes, barcodes): read again after a reload offline. */
const rememberWave = (wave: WaveDetail, queuedKey?: string) =>
  rememberSnapshot(waveSnapshotKey(wave.id), wave, queuedKey);

/**
 * A wave on the handheld. Read online, it is remembered on the device; with no network the remembered copy is
 * shown (with what the picker did offline already applied), so picking goes on in a dead spot, even after a reload.
 */
export const pickWaveQuery = (id: number) =>
  queryOptions({
    queryKey: pickingKeys.wave(id),
    networkMode: 'always',
    queryFn: ({ signal }) =>
      readOrRemembered(
        waveSnapshotKey(id),
        async () => {
          const answer = await api.get<{ data: WaveDetail }>(`/waves/${id}`, { ...quiet, signal });
          return answer.data;
        },
        withWaitingTaskWrites,
      ),
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
 * It is a floor action: with no network it is queued on the device (`floorWrite`) and `offline` answers it from the
 * held wave as the server would; the merged wave is remembered either way, for a reload in a dead spot.
 */
const useTaskWrite = <Input>(
  waveId: number,
  request: (input: Input) => { path: string; body: object; label: string },
  offline: (held: WaveDetail, input: Input) => PickTaskAnswer,
) => {
  const queryClient = useQueryClient();
  /** `queuedKey`: the write was queued (its offline answer), and this is its key in the queue. */
  const write = async (input: Input): Promise<PickTaskAnswer & { queuedKey?: string }> => {
    const held = queryClient.getQueryData<WaveDetail>(pickingKeys.wave(waveId));
    const outcome = await floorWrite<PickTaskAnswer>({ ...request(input), warehouseId: held?.warehouse.id ?? null });
    if (outcome.kind === 'sent') return outcome.answer;
    if (!held) throw new Error('The wave is not held on this device');
    return { ...offline(held, input), queuedKey: outcome.action.key };
  };
  return useWrite(write, pickingKeys.staleElsewhereAfterPick, {
    background: true,
    offline: true,
    update: (client, answer) => {
      const merged = client.setQueryData<WaveDetail>(pickingKeys.wave(waveId), (held) =>
        held ? mergeTaskAnswer(held, answer.data) : held,
      );
      if (merged) rememberWave(merged, answer.queuedKey);
    },
  });
};

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
  useTaskWrite(
    waveId,
    ({ taskId, ...body }: PickInput) => ({
      path: `/waves/${waveId}/tasks/${taskId}/pick`,
      body,
      label: `Pick ${body.quantity} × ${body.product_code} at ${body.location_code}`,
    }),
    (held, { taskId, ...body }) => pickedOffline(held, taskId, body),
  );

export type PutBackTaskInput = PutBackInput & { taskId: number };

/** Units of a cancelled wave (or a removed order) go back from the cart to a bin. */
export const usePutBack = (waveId: number) =>
  useWaveWrite(waveId, ({ taskId, ...body }: PutBackTaskInput) =>
    api.post<WaveAnswer>(`/waves/${waveId}/tasks/${taskId}/put-back`, body, quiet),
  );

export type ShortInput = ShortPickInput & { taskId: number };
export const useShortTask = (waveId: number) =>
  useTaskWrite(
    waveId,
    ({ taskId, ...body }: ShortInput) => ({
      path: `/waves/${waveId}/tasks/${taskId}/short`,
      body,
      label: `Short pick (${body.quantity_found} found, ${body.reason.replace('_', ' ')}) on task ${taskId}`,
    }),
    (held, { taskId, ...body }) => shortedOffline(held, taskId, body),
  );

export const useSkipTask = (waveId: number) =>
  useTaskWrite(
    waveId,
    (taskId: number) => ({ path: `/waves/${waveId}/tasks/${taskId}/skip`, body: {}, label: `Skip task ${taskId}` }),
    (held, taskId) => skippedOffline(held, taskId),
  );

/** "Is it empty now?": a "no" sends the location to hospital with a count. */
export const useAnswerEmpty = (waveId: number) =>
  useWaveWrite(waveId, ({ taskId, empty }: { taskId: number; empty: boolean }) =>
    api.post<WaveAnswer>(`/waves/${waveId}/tasks/${taskId}/empty-check`, { empty }, quiet),
  );
