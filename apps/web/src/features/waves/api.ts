import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Account } from '@wms/contract/entities';
import type { OrderStatusOption } from '@wms/contract/orders';
import type { PageMeta } from '@wms/contract/pagination';
import type { HospitalEntry } from '@wms/contract/picking';
import type {
  ReleaseSummary,
  Wave,
  WaveCreateInput,
  WaveDetail,
  WaveListQuery,
  WavePreview,
} from '@wms/contract/waves';
import { api } from '../../lib/api/client';
import { downloadFile } from '../../lib/api/download';
import { notifySuccess } from '../../lib/notify';
import { useWrite } from '../../lib/query/use-write';
import { countRootKeys } from '../../lib/query-keys/shared-keys';
import { toPreviewQuery } from './builder-values';
import { waveKeys } from './query-keys';

/** Every call names its warehouse itself: the header's defaults never apply. */
const explicit = { bypass_default: true } as const;
/** The release screen shows refusals (422 naming the orders) in place, so no toast. */
const quiet = { ...explicit, notifyOnError: false } as const;

/** Counts of orders to release / released / picked / late per shipper, with each shipper's cut-off. */
export const releaseSummaryQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: waveKeys.summary(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ReleaseSummary }>('/waves/summary', { ...explicit, query: { warehouse_id: warehouseId }, signal })
        .then((answer) => answer.data),
    // The late / at-risk split moves with the clock, not only with changes.
    refetchInterval: 60_000,
  });

/** What releasing these filters would take: orders, lines, units, locations, walking distance, and what not. */
export const wavePreviewQuery = (input: WaveCreateInput) =>
  queryOptions({
    queryKey: waveKeys.preview(input.warehouse_id, input),
    queryFn: ({ signal }) =>
      api
        .get<{ data: WavePreview }>('/waves/preview', { ...quiet, query: toPreviewQuery(input), signal })
        .then((answer) => answer.data),
  });

export type WaveListParams = Omit<Partial<WaveListQuery>, 'warehouse_id'> & { page: number; per_page: number };

export const wavesListQuery = (warehouseId: number, params: WaveListParams) =>
  queryOptions({
    queryKey: waveKeys.list(warehouseId, params),
    queryFn: ({ signal }) =>
      api.get<{ data: Wave[]; meta: PageMeta }>('/waves', {
        ...explicit,
        query: { ...params, warehouse_id: warehouseId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const waveQuery = (id: number) =>
  queryOptions({
    queryKey: waveKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<{ data: WaveDetail }>(`/waves/${id}`, { ...explicit, signal }).then((answer) => answer.data),
  });

/** The builder's account choice: accounts linked to the warehouse (the only ones with orders there). */
export const builderAccountsQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: waveKeys.accounts(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Account[] }>('/accountByWarehouseId', { ...explicit, query: { wId: warehouseId }, signal })
        .then((answer) => answer.data),
    staleTime: 60_000,
  });

export const builderShippersQuery = () =>
  queryOptions({
    queryKey: waveKeys.shippers(),
    queryFn: ({ signal }) =>
      api
        .get<{ shippers: { id: number; name: string; is_active: boolean }[] }>('/shippers', {
          ...explicit,
          query: { per_page: 100 },
          signal,
        })
        .then((answer) => answer.shippers.filter((shipper) => shipper.is_active)),
    staleTime: 5 * 60_000,
  });

/** Open order statuses (released waves take open orders only). */
export const builderStatusesQuery = () =>
  queryOptions({
    queryKey: waveKeys.statuses(),
    queryFn: ({ signal }) =>
      api
        .get<{ data: OrderStatusOption[] }>('/orders/status-options', {
          ...explicit,
          query: { lifecycle: 'open' },
          signal,
        })
        .then((answer) => answer.data),
    staleTime: 5 * 60_000,
  });

type Saved = { data: WaveDetail; message: string };

/** The server words a wave write's outcome; every wave screen shows it the same way. */
const toastAnswer = { onSuccess: (answer: { message: string }) => notifySuccess(answer.message) };

const releaseWave = (input: WaveCreateInput) => api.post<Saved>('/waves', input, quiet);
const cancelWave = (id: number) => api.post<Saved>(`/waves/${id}/cancel`, undefined, explicit);

/** Releasing moves orders out of the pool: the counts, lists and orders all change. */
export const useReleaseWave = () =>
  useWrite(releaseWave, [waveKeys.all], {
    update: (queryClient, answer) => queryClient.setQueryData(waveKeys.detail(answer.data.id), answer.data),
    config: toastAnswer,
  });

export const useCancelWave = (id: number) =>
  useWrite(() => cancelWave(id), [waveKeys.all], {
    update: (queryClient, answer) => queryClient.setQueryData(waveKeys.detail(id), answer.data),
    config: toastAnswer,
  });

const removeWaveOrder = (id: number, orderId: number) =>
  api.post<Saved>(`/waves/${id}/orders/${orderId}/remove`, undefined, explicit);

/** A supervisor takes one order out of the wave (allocations released, picked units put back). */
export const useRemoveWaveOrder = (id: number) =>
  useWrite((orderId: number) => removeWaveOrder(id, orderId), [waveKeys.all], {
    update: (queryClient, answer) => queryClient.setQueryData(waveKeys.detail(id), answer.data),
    config: toastAnswer,
  });

/** The printable pick list of a wave, saved as WAVE-000123.pdf. */
export const downloadPickList = (wave: Pick<Wave, 'id' | 'number'>) =>
  downloadFile(`/waves/${wave.id}/pick-list`, `${wave.number}.pdf`, explicit);

export const hospitalQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: waveKeys.hospital(warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: HospitalEntry[] }>('/locations/hospital', {
          ...explicit,
          query: { warehouse_id: warehouseId },
          signal,
        })
        .then((answer) => answer.data),
  });

/** The waves in progress (released or being picked) with their tasks, for the supervisor's short-pick list. */
export const liveWavesQuery = (warehouseId: number) =>
  queryOptions({
    queryKey: waveKeys.list(warehouseId, { live: true }),
    queryFn: async ({ signal }) => {
      const list = (status: 'open' | 'picking') =>
        api.get<{ data: Wave[] }>('/waves', {
          ...explicit,
          query: { warehouse_id: warehouseId, status, per_page: 100 },
          signal,
        });
      const [picking, open] = await Promise.all([list('picking'), list('open')]);
      return [...picking.data, ...open.data];
    },
  });

const clearHospital = (locationId: number) =>
  api.post<{ message: string }>(`/locations/${locationId}/hospital`, { action: 'clear' }, explicit);

/** Clearing sends the location back into allocation. */
export const useClearHospital = (warehouseId: number) =>
  useWrite(clearHospital, [waveKeys.hospital(warehouseId), waveKeys.summary(warehouseId)], { config: toastAnswer });

const countLocation = ({ warehouseId, code }: { warehouseId: number; code: string }) =>
  api.post<{ data: { id: number }; message: string }>(
    '/cycle-counts',
    { warehouse_id: warehouseId, scope: 'range', from_code: code, to_code: code },
    explicit,
  );

/** "Count now": a count of just this location, when none is open for it yet; the counts list gains it. */
export const useCountLocation = () => useWrite(countLocation, [countRootKeys.all]);
