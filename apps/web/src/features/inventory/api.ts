import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Warehouse } from '@wms/contract/entities';
import {
  EXPIRING_WITHIN_DAYS_MAX,
  INVENTORY_PAGE_SIZE,
  type Inventory,
  type InventorySummary,
  LOW_STOCK_THRESHOLD,
  type Movement,
} from '@wms/contract/inventory';
import type { InventoryMoveInput, StockPlace } from '@wms/contract/location-stock';
import type { AvailableInventoryRow } from '@wms/contract/order-creation';
import type { KeysetPageMeta, PageMeta } from '@wms/contract/pagination';
import { HttpError } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { type ContextKey, contextKeyOf, contextParams } from '../../lib/context/context-key';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite } from '../../lib/query/use-write';
import { inventoryKeys } from './query-keys';

/** The list's stock filter as it appears in the URL (`/inventories?filter=low-stock`). */
export type StockFilter = 'all' | 'low-stock' | 'out-of-stock';

export const parseStockFilter = (raw: string | null): StockFilter =>
  raw === 'low-stock' || raw === 'out-of-stock' ? raw : 'all';

export interface InventoryListParams {
  filter: StockFilter;
  page: number;
  search: string;
  /**
   * What the list shows (docs/platform.md "Working context"): the header's warehouse and a client's account, or — staff
   * only — 'All warehouses' (warehouseId null) or one account of the warehouse chosen on the cards.
   */
  scope: ContextKey;
  isClient: boolean;
  /** `?expiring=N`: only rows holding a lot that expires within N days (expired included). */
  expiringWithinDays?: number | null;
  /**
   * Keyset paging: a page reached by cursor beyond the count cap. The stock lists (all rows, or a
   * client's account) page by cursor; the low-stock and out-of-stock filters by page number only.
   */
  cursor?: string;
}

/** Whether the list these params show pages by cursor (the two stock filters do not). */
export const pagesByCursor = (filter: StockFilter) => filter === 'all';

/** The list's "expiring within" choices (days); the API takes any N, so a link may carry another. */
export const EXPIRING_WITHIN_CHOICES = [7, 14, 30, 60, 90] as const;

/** `?expiring=N` as the list reads it: a whole number of days the API accepts, else no expiry filter. */
export const parseExpiringDays = (raw: string | null): number | null => {
  const value = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(value) && value >= 0 && value <= EXPIRING_WITHIN_DAYS_MAX
    ? value
    : null;
};

export interface InventoryPage {
  rows: Inventory[];
  /** Keyset meta (with cursors) for the stock lists; plain page meta for the two stock filters. */
  meta: PageMeta | KeysetPageMeta;
}

/** The rows behind the table (spec §7: the client path, the staff path, and the two stock filters). */
async function fetchInventoryPage(params: InventoryListParams, signal: AbortSignal): Promise<InventoryPage> {
  const { accountId, warehouseId } = params.scope;
  const query = {
    page: params.page,
    per_page: INVENTORY_PAGE_SIZE,
    search: params.search.trim() || undefined,
    warehouse_id: warehouseId ?? undefined,
    account_id: accountId ?? undefined,
    expiring_within_days: params.expiringWithinDays ?? undefined,
  };
  // Explicit scope only: the header's selection must not narrow a staff member's card choice.
  const options = { bypass_default: true, signal, notifyOnError: false } as const;
  if (params.filter === 'low-stock') {
    const answer = await api.get<{ inventories: Inventory[]; meta: PageMeta }>('/inventories/low-stock', {
      ...options,
      query: { ...query, threshold: LOW_STOCK_THRESHOLD },
    });
    return { rows: answer.inventories, meta: answer.meta };
  }
  if (params.filter === 'out-of-stock') {
    const answer = await api.get<{ inventories: Inventory[]; meta: PageMeta }>('/inventories/out-of-stock', {
      ...options,
      query,
    });
    return { rows: answer.inventories, meta: answer.meta };
  }
  const paged = { ...query, cursor: params.cursor };
  if (params.isClient && accountId !== null) {
    const { account_id: _account, ...rest } = paged;
    const answer = await api.get<{ data: Inventory[]; meta: KeysetPageMeta }>(`/accounts/${accountId}/inventories`, {
      ...options,
      query: rest,
    });
    return { rows: answer.data, meta: answer.meta };
  }
  const answer = await api.get<{ data: Inventory[]; meta: KeysetPageMeta }>('/inventories', {
    ...options,
    query: paged,
  });
  return { rows: answer.data, meta: answer.meta };
}

export const inventoryListQueryOptions = (params: InventoryListParams) =>
  queryOptions({
    queryKey: inventoryKeys.list(params.scope, {
      filter: params.filter,
      page: params.page,
      search: params.search,
      expiring: params.expiringWithinDays ?? null,
      ...(params.cursor && pagesByCursor(params.filter) ? { cursor: params.cursor } : {}),
    }),
    queryFn: ({ signal }) => fetchInventoryPage(params, signal),
    placeholderData: keepPreviousData,
  });

/** Warehouse and account cards with their stock counts (staff: every warehouse in scope; clients: their pair). */
export const inventorySummaryQueryOptions = (context: ContextKey & { isClient: boolean }) =>
  queryOptions({
    queryKey: inventoryKeys.summary(contextKeyOf(context)),
    queryFn: ({ signal }) =>
      api.get<InventorySummary>('/inventories/summary', {
        query: context.isClient ? contextParams(context) : {},
        bypass_default: true,
        notifyOnError: false,
        signal,
      }),
  });

export const isNotFound = (error: unknown): boolean => error instanceof HttpError && error.status === 404;

export const inventoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: inventoryKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Inventory }>(`/inventories/${id}`, { signal, bypass_default: true, notifyOnError: false })
        .then((answer) => answer.data),
    retry: false,
  });

/** Where an inventory row's units lie, in the order shipping takes them (staff with `view locations`). */
export const inventoryPlacesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: inventoryKeys.places(id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: StockPlace[] }>(`/inventories/${id}/locations`, {
          signal,
          bypass_default: true,
          notifyOnError: false,
        })
        .then((answer) => answer.data),
  });

const moveInventoryStock = (id: number, input: InventoryMoveInput) =>
  api.post<{ message: string; data: Inventory }>(`/inventories/${id}/moves`, input, {
    bypass_default: true,
    notifyOnError: false,
  });

export const MOVEMENTS_PAGE_SIZE = 10;

export const movementsQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: inventoryKeys.movements(id, page),
    queryFn: ({ signal }) =>
      api.get<{ data: Movement[]; meta: PageMeta }>(`/inventories/${id}/movements`, {
        query: { page, per_page: MOVEMENTS_PAGE_SIZE },
        bypass_default: true,
        notifyOnError: false,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export interface AdjustInput {
  type: 'on_hand' | 'reserved';
  quantity_change: number;
  reason: string | null;
}

const adjustInventory = (id: number, input: AdjustInput) =>
  api.post<{ message: string; data: Inventory }>(`/inventories/${id}/adjust`, input, {
    bypass_default: true,
    notifyOnError: false,
  });

const verifyInventory = (id: number, verified: boolean) =>
  api.post<{ message: string; data: Inventory }>(
    `/inventories/${id}/verify`,
    { verified },
    {
      bypass_default: true,
      notifyOnError: false,
    },
  );

const deleteInventory = (id: number) => api.delete<{ message: string }>(`/inventories/${id}`, { notifyOnError: false });

export interface InventoryCreatePayload {
  product_id: number;
  warehouse_id: number;
  account_id: number;
  quantity_on_hand: number;
  quantity_reserved: number;
}

const createInventory = (payload: InventoryCreatePayload) =>
  api.post<{ message: string; data: Inventory }>('/inventories', payload, {
    bypass_default: true,
    notifyOnError: notifyUnlessValidation,
  });

const updateInventory = (
  id: number,
  payload: { quantity_on_hand: number; quantity_reserved: number; expected_on_hand: number; expected_reserved: number },
) =>
  api.put<{ message: string; data: Inventory }>(`/inventories/${id}`, payload, {
    notifyOnError: notifyUnlessValidation,
  });

export const activeWarehousesQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.activeWarehouses(),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Warehouse[] }>('/warehouses/active', { bypass_default: true, signal, notifyOnError: false })
        .then((answer) => answer.data),
    staleTime: 60_000,
  });

// ---- Writes: each refreshes every inventory query (lists, cards, details, movements, places) -------------------

/** A write that answers the row whole shows it at once. */
const showInventory = (queryClient: QueryClient, answer: { data: Inventory }) =>
  queryClient.setQueryData(inventoryKeys.detail(answer.data.id), answer.data);

export const useAdjustInventory = () =>
  useWrite(({ id, input }: { id: number; input: AdjustInput }) => adjustInventory(id, input), [inventoryKeys.all], {
    update: showInventory,
  });

export const useMoveInventoryStock = () =>
  useWrite(
    ({ id, input }: { id: number; input: InventoryMoveInput }) => moveInventoryStock(id, input),
    [inventoryKeys.all],
    { update: showInventory },
  );

export const useVerifyInventory = () =>
  useWrite(
    ({ id, verified }: { id: number; verified: boolean }) => verifyInventory(id, verified),
    [inventoryKeys.all],
    { update: showInventory },
  );

/**
 * A deletion refreshes the lists and card totals only: the deleted row's own page is being left, and reading it
 * again (a 404) would redirect it away before the screen says the row was deleted.
 */
export const useDeleteInventory = () => useWrite(deleteInventory, [inventoryKeys.lists(), inventoryKeys.summaries()]);

export const useCreateInventory = () => useWrite(createInventory, [inventoryKeys.all]);

type InventoryUpdate = Parameters<typeof updateInventory>[1];

/** After a 409 (stock moved since the form loaded) the rows are reloaded too, so the user decides on today's figures. */
export function useUpdateInventory() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: InventoryUpdate }) => updateInventory(id, input),
    onSuccess: refresh,
    onError: async (error) => {
      if (error instanceof HttpError && error.status === 409) await refresh();
    },
  });
}

/**
 * An account's bundles in a warehouse with how many whole bundles their components make there (bundles have no
 * inventory rows of their own). The order form's product search answers it (`kind=bundle`, at most 50).
 */
export const bundleAvailabilityQuery = (accountId: number, warehouseId: number) =>
  queryOptions({
    queryKey: inventoryKeys.bundles(accountId, warehouseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: AvailableInventoryRow[] }>('/orders/available-inventory', {
          query: { kind: 'bundle', account_id: accountId, warehouse_id: warehouseId },
          bypass_default: true,
          signal,
        })
        .then((answer) => answer.data),
  });
