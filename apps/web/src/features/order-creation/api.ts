import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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
import { type LabelEntry, type Section, toDraftData } from './sections';

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
function uploadOrderLabel(orderId: number, label: LabelEntry & { file: File }) {
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
const createDraft = (body: DraftBody) =>
  api.post<{ message: string; data: Draft }>('/bulk-order-drafts', body, { notifyOnError: false });
const updateDraft = (id: number, body: DraftBody) =>
  api.put<{ message: string; data: Draft }>(`/bulk-order-drafts/${id}`, body, { notifyOnError: false });
/** POST /bulk-order-drafts/{id}/label-files: a label PDF kept with the draft (named by file_id on the next save). */
function uploadDraftLabelFile(draftId: number, file: File) {
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

/** How a mapped file is read: the mapping and the account a `current_account` source stands for. */
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

/** One label PDF of a just-created order (the page uploads them one by one and counts the failures). */
export const useUploadOrderLabel = () =>
  useMutation({
    mutationFn: ({ orderId, label }: { orderId: number; label: LabelEntry & { file: File } }) =>
      uploadOrderLabel(orderId, label),
  });

/** After its orders exist a draft is gone: its cached copy is dropped so the screen can never reopen it. */
export function useForgetDraft() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.removeQueries({ queryKey: orderCreationKeys.draft(id) });
}

/**
 * Saves the screen as a draft together with its label PDFs: the draft first (a new one gets its
 * id, reported through `onCreated` at once so a failed upload never leads to a second draft), then each newly
 * chosen PDF uploaded to it, then the data again naming the stored files. Answers the saved draft and the sections
 * with those files marked as stored.
 */
export async function saveDraftWithFiles(
  draftId: number | null,
  fields: Omit<DraftBody, 'draft_data'>,
  sections: readonly Section[],
  onCreated: (id: number) => void,
): Promise<{ saved: { message: string; data: Draft }; sections: Section[] }> {
  let saved = draftId === null ? await createDraft({ ...fields, draft_data: toDraftData(sections) }) : null;
  const id = draftId ?? saved!.data.id;
  if (draftId === null) onCreated(id);
  const uploaded = new Map<string, DraftLabelFile>();
  for (const label of sections.flatMap((s) => s.labels)) {
    if (label.file) uploaded.set(label.key, (await uploadDraftLabelFile(id, label.file)).data);
  }
  const next = sections.map((s) => ({
    ...s,
    labels: s.labels.map((l) => {
      const stored = uploaded.get(l.key);
      return stored ? { ...l, file: null, stored } : l;
    }),
  }));
  if (saved === null || uploaded.size > 0) saved = await updateDraft(id, { ...fields, draft_data: toDraftData(next) });
  return { saved, sections: next };
}

/** saveDraftWithFiles as a mutation. */
export const useSaveDraft = () =>
  useMutation({
    mutationFn: (input: Parameters<typeof saveDraftWithFiles>) => saveDraftWithFiles(...input),
  });
