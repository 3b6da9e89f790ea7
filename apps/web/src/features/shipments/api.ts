import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageMeta } from '@wms/contract/pagination';
import type { Product } from '@wms/contract/products';
import {
  type PutawaySuggestion,
  SHIPMENTS_PAGE_SIZE,
  type Shipment,
  type ShipmentStatistics,
  type ShipmentTimelineItem,
} from '@wms/contract/shipments';
import { api } from '../../lib/api/client';
import { type ContextKey, contextKeyOf, contextParams } from '../../lib/context/context-key';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { floorWrite } from '../../lib/offline/floor-queue';
import type { QueuedAction } from '../../lib/offline/queued-action';
import { readOrRemembered, rememberSnapshot } from '../../lib/offline/snapshots';
import { rememberedLocationCodes } from '../../lib/offline/warehouse-locations-snapshot';
import { useWrite } from '../../lib/query/use-write';
import { sessionStore } from '../../lib/session/session-store';
import { type PlaceCodes, putAwayOnDevice, putawayLabel, verifyPath, withWaitingPutaway } from './offline-putaway';
import { shipmentKeys } from './query-keys';

/** The status filter as it appears in the URL (`/shipments?status=pending`); absent means All. */
export type StatusFilter = 'all' | 'pending' | 'verified' | 'rejected';
export const parseStatusFilter = (raw: string | null): StatusFilter =>
  raw === 'pending' || raw === 'verified' || raw === 'rejected' ? raw : 'all';

export interface ShipmentListParams {
  context: ContextKey;
  status: StatusFilter;
  page: number;
  search: string;
}

// Explicit context only: the request sends exactly the ids its query key holds.
const quiet = { bypass_default: true, notifyOnError: false } as const;

export const shipmentListQueryOptions = (params: ShipmentListParams) =>
  queryOptions({
    queryKey: shipmentKeys.list(contextKeyOf(params.context), {
      status: params.status,
      page: params.page,
      search: params.search,
    }),
    queryFn: ({ signal }) =>
      api.get<{ data: Shipment[]; meta: PageMeta }>('/shipments', {
        ...quiet,
        signal,
        query: {
          ...contextParams(params.context),
          status: params.status === 'all' ? undefined : params.status,
          search: params.search.trim() || undefined,
          page: params.page,
          per_page: SHIPMENTS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const shipmentStatisticsQueryOptions = (context: ContextKey) =>
  queryOptions({
    queryKey: shipmentKeys.statistics(contextKeyOf(context)),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ShipmentStatistics }>('/shipments/statistics', { ...quiet, signal, query: contextParams(context) })
        .then((answer) => answer.data),
  });

type ShipmentDetail = { data: Shipment; timeline: ShipmentTimelineItem[] };
const shipmentSnapshotKey = (id: number) => `shipment:${id}`;

/** Who a putaway made on this device shows as its verifier until the server's answer says. */
function deviceVerifier(): Shipment['verifier'] {
  const user = sessionStore.getState().user;
  return user ? { id: user.id, name: user.name, email: user.email } : null;
}

/** The kept copy with the putaways still queued that it missed, the locations' codes from the device's copy. */
async function withWaitingPutawayOf(held: ShipmentDetail, missing: readonly QueuedAction[]): Promise<ShipmentDetail> {
  if (!missing.some((action) => action.path === verifyPath(held.data.id))) return held;
  const codes = await rememberedLocationCodes(held.data.warehouse_id);
  return { ...held, data: withWaitingPutaway(held.data, missing, codes, deviceVerifier()) };
}

/**
 * A shipment with its lines, read when its page opens online and kept on the device (putaway works in a dead spot
 * at the dock): with no network the kept copy, with a putaway made on the device applied (also one the copy missed).
 */
export const shipmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: shipmentKeys.detail(id),
    networkMode: 'always',
    queryFn: ({ signal }) =>
      readOrRemembered(
        shipmentSnapshotKey(id),
        () => api.get<ShipmentDetail>(`/shipments/${id}`, { ...quiet, signal }),
        withWaitingPutawayOf,
      ),
    retry: false,
  });

/** Spec 2 §5: the product list depends on the chosen account and filters by name or SKU. */
export const accountProductsQueryOptions = (accountId: number, term: string) =>
  queryOptions({
    queryKey: shipmentKeys.productOptions(accountId, term),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Product[] }>(`/accounts/${accountId}/products`, {
          ...quiet,
          signal,
          query: { search: term.trim() || undefined, per_page: 20 },
        })
        .then((answer) => answer.data),
    staleTime: 30_000,
  });

export interface ShipmentFields {
  quantity: number;
  tracking_number: string | null;
  carrier: string | null;
  delivery_date: string | null;
  notes: string | null;
}

type Saved = { data: Shipment; message: string };

/** The spec's single-product body, or a body with several `lines`. */
export type ShipmentCreatePayload = Omit<ShipmentFields, 'quantity'> & { account_id: number; warehouse_id: number } & (
    | { product_id: number; quantity: number }
    | { lines: { product_id: number; quantity: number }[] }
  );

const createShipment = (payload: ShipmentCreatePayload) =>
  api.post<Saved>('/shipments', payload, { bypass_default: true, notifyOnError: notifyUnlessValidation });

const updateShipment = (id: number, payload: ShipmentFields) =>
  api.put<Saved>(`/shipments/${id}`, payload, { notifyOnError: notifyUnlessValidation });

export interface VerifyPayload {
  notes: string | null;
  lines?: {
    line_id: number;
    received_quantity: number;
    discrepancy_reason: string | null;
    putaway: { location_id: number; quantity: number; lot_code: string | null; expiry_date: string | null }[];
  }[];
}

/**
 * Where each line should be put away (staff who verify): read when the shipment's page opens online and kept on
 * the device with it, so the dialog prefills the same locations offline.
 */
export const putawaySuggestionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: shipmentKeys.putawaySuggestions(id),
    networkMode: 'always',
    queryFn: ({ signal }) =>
      readOrRemembered(`putaway-suggestions:${id}`, () =>
        api
          .get<{ data: PutawaySuggestion[] }>(`/shipments/${id}/putaway-suggestions`, { ...quiet, signal })
          .then((answer) => answer.data),
      ),
    staleTime: 0,
  });

const rejectShipment = (id: number, rejectionReason: string) =>
  api.post<Saved>(`/shipments/${id}/reject`, { rejection_reason: rejectionReason }, quiet);

const deleteShipment = (id: number) => api.delete<{ message: string }>(`/shipments/${id}`, quiet);

// ---- Writes: each refreshes every shipment query (lists, statistics, details) ----------------------------------

export const useCreateShipment = () => useWrite(createShipment, [shipmentKeys.all]);

export const useUpdateShipment = () =>
  useWrite(
    ({ id, payload }: { id: number; payload: ShipmentFields }) => updateShipment(id, payload),
    [shipmentKeys.all],
  );

export interface VerifyRequest {
  shipment: Shipment;
  payload: VerifyPayload;
  /** The code of each location the putaway names (the worker's words, the screen offline). */
  codes: PlaceCodes;
}

/**
 * A putaway kept on the device: the shipment shows it at once, and after a reload in the dead spot (the copy
 * records the queued action's key, so a read offline does not apply it twice).
 */
function putAwayInCache(queryClient: QueryClient, { shipment, payload, codes }: VerifyRequest, queuedKey: string) {
  const held = queryClient.getQueryData<ShipmentDetail>(shipmentKeys.detail(shipment.id));
  const next = {
    timeline: [],
    ...held,
    data: putAwayOnDevice(shipment, payload, codes, deviceVerifier(), new Date().toISOString()),
  };
  queryClient.setQueryData(shipmentKeys.detail(shipment.id), next);
  rememberSnapshot(shipmentSnapshotKey(shipment.id), next, queuedKey);
}

/**
 * Verify with putaway is a floor action: sent at once online with its own Idempotency-Key, queued on the device
 * offline (or when its request got no answer) and then applied to the held shipment at once. A refusal online
 * goes back to the dialog as it is (field messages of a 422); a refusal on replay lands under "needs attention".
 */
export const useVerifyShipment = () =>
  useWrite(
    async (request: VerifyRequest) => {
      const { shipment, payload, codes } = request;
      const outcome = await floorWrite<Saved>({
        path: verifyPath(shipment.id),
        body: payload,
        label: putawayLabel(shipment, payload, codes),
        warehouseId: shipment.warehouse_id,
      });
      return { queuedKey: outcome.kind === 'queued' ? outcome.action.key : undefined };
    },
    [shipmentKeys.all],
    {
      offline: true,
      update: (queryClient, { queuedKey }, request) => {
        if (queuedKey) putAwayInCache(queryClient, request, queuedKey);
      },
    },
  );

/** A refused rejection or deletion reloads the shipment: someone else may have changed it meanwhile. */
const reloadRefused = (queryClient: QueryClient) => (_error: Error, variables: { id: number }) =>
  queryClient.invalidateQueries({ queryKey: shipmentKeys.detail(variables.id) });

export function useRejectShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectShipment(id, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
    onError: reloadRefused(queryClient),
  });
}

/**
 * The deleted shipment's page is still on screen until the caller leaves it: its queries are marked stale but not
 * refetched now (that would ask for the deleted shipment); the list refetches when shown.
 */
export function useDeleteShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => deleteShipment(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all, refetchType: 'none' }),
    onError: reloadRefused(queryClient),
  });
}
