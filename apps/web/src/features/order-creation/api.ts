import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Draft, DraftData, DraftLabelFile } from '@wms/contract/drafts';
import type { Account } from '@wms/contract/entities';
import type { ImportInspection, OrderMapping } from '@wms/contract/import-mappings';
import type {
  AvailableInventoryRow,
  BulkCreateOrdersInput,
  BulkCreateResult,
  OrderShipper,
} from '@wms/contract/order-creation';
import type { OrderImportResponse } from '@wms/contract/order-imports';
import { MAX_PER_PAGE } from '@wms/contract/paging';
import { api } from '../../lib/api/client';
import { downloadFile } from '../../lib/api/download';
import { uploadForm } from '../../lib/api/upload';
import type { ContextKey } from '../../lib/context/context-key';
import { orderCreationKeys } from './query-keys';
import type { LabelEntry } from './sections';

export const orderShippersQuery = () =>
  queryOptions<OrderShipper[]>({
    queryKey: orderCreationKeys.shippers(),
    queryFn: ({ signal }) => api.get<{ data: OrderShipper[] }>('/orders/shippers', { signal }).then((r) => r.data),
  });

/** Accounts in the caller's scope (clients: their own; staff: all they reach), for pickers filtered by warehouse. */
export const scopeAccountsQuery = () =>
  queryOptions<Account[]>({
    queryKey: orderCreationKeys.accounts(),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Account[] }>('/accounts', { query: { per_page: MAX_PER_PAGE }, bypass_default: true, signal })
        .then((r) => r.data),
  });

/** GET orders/available-inventory: searched only for non-empty text, within one account and the warehouse. */
export const availableInventoryQuery = (
  context: ContextKey,
  search: string,
  accountId: number | null,
  warehouseId: number | null,
) =>
  queryOptions<AvailableInventoryRow[]>({
    queryKey: orderCreationKeys.inventory(context, accountId, search),
    queryFn: ({ signal }) =>
      api
        .get<{ data: AvailableInventoryRow[] }>('/orders/available-inventory', {
          query: { search, account_id: accountId ?? undefined, warehouse_id: warehouseId ?? undefined },
          bypass_default: true,
          signal,
        })
        .then((r) => r.data),
    enabled: search !== '' && accountId !== null && warehouseId !== null,
  });

const createOrdersInBulk = (body: BulkCreateOrdersInput) =>
  api.post<BulkCreateResult>('/orders/bulk', body, { notifyOnError: false });

/** POST /orders/bulk; the page words the outcome (toasts, field errors, the result dialog). */
export const useCreateOrders = () => useMutation({ mutationFn: createOrdersInBulk });

/** POST /orders/{id}/labels (spec §7), one file per request. */
export function uploadOrderLabel(orderId: number, label: LabelEntry & { file: File }) {
  const form = new FormData();
  form.append('label_name', label.label_name || label.file.name);
  form.append('label_type', label.label_type);
  if (label.tracking_number) form.append('tracking_number', label.tracking_number);
  if (label.carrier) form.append('carrier', label.carrier);
  form.append('label_file', label.file);
  return uploadForm<unknown>(`/orders/${orderId}/labels`, form, { bypass_default: true, notifyOnError: false });
}

export interface DraftBody {
  account_id: number;
  warehouse_id: number;
  title: string | null;
  description: string | null;
  draft_data: DraftData;
}
export const createDraft = (body: DraftBody) =>
  api.post<{ message: string; data: Draft }>('/bulk-order-drafts', body, { notifyOnError: false });
export const updateDraft = (id: number, body: DraftBody) =>
  api.put<{ message: string; data: Draft }>(`/bulk-order-drafts/${id}`, body, { notifyOnError: false });
/** POST /bulk-order-drafts/{id}/label-files: a label PDF kept with the draft (named by file_id on the next save). */
export function uploadDraftLabelFile(draftId: number, file: File) {
  const form = new FormData();
  form.append('label_file', file);
  return uploadForm<{ message: string; data: DraftLabelFile }>(`/bulk-order-drafts/${draftId}/label-files`, form, {
    bypass_default: true,
    notifyOnError: false,
  });
}

/** Creating from a loaded draft converts it: the orders, their labels and the draft's deletion in one transaction. */
const convertDraftToOrders = (id: number) =>
  api.post<BulkCreateResult>(`/bulk-order-drafts/${id}/convert`, undefined, {
    bypass_default: true,
    notifyOnError: false,
  });

export const useConvertDraftToOrders = () => useMutation({ mutationFn: convertDraftToOrders });

/** The draft opened by ?draft_id= (the page toasts a failure itself). */
export const draftQuery = (id: number | null) =>
  queryOptions<Draft>({
    queryKey: orderCreationKeys.draft(id ?? 0),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Draft }>(`/bulk-order-drafts/${id}`, { bypass_default: true, signal, notifyOnError: false })
        .then((r) => r.data),
    enabled: id !== null,
  });

export const downloadOrderTemplate = () =>
  downloadFile('/orders/template', `orders_template_${new Date().toISOString().slice(0, 10)}.xlsx`, {
    bypass_default: true,
  });

/** How a mapped file is read (issue 26): the mapping and the account a `current_account` source stands for. */
export interface ImportMappingChoice {
  mapping: OrderMapping;
  accountId: number | null;
}

export function importOrdersFile(
  file: File,
  warehouseId: number,
  onProgress: (fraction: number) => void,
  mapped: ImportMappingChoice | null = null,
) {
  const form = new FormData();
  form.append('warehouse_id', String(warehouseId));
  if (mapped) {
    form.append('mapping', JSON.stringify(mapped.mapping));
    if (mapped.accountId !== null) form.append('account_id', String(mapped.accountId));
  }
  form.append('file', file);
  return uploadForm<OrderImportResponse>('/orders/import', form, {
    bypass_default: true,
    notifyOnError: false,
    onProgress,
  });
}

/** POST orders/import/inspect: the file's columns, first rows and a suggested mapping (never the whole file back). */
export function inspectOrdersFile(file: File, accountId: number | null) {
  const form = new FormData();
  if (accountId !== null) form.append('account_id', String(accountId));
  form.append('file', file);
  return uploadForm<ImportInspection>('/orders/import/inspect', form, { bypass_default: true, notifyOnError: false });
}
