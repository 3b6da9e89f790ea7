import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Account } from '@wms/contract/entities';
import type { ProductImportInspection, ProductMapping } from '@wms/contract/import-mappings';
import type { KitComponentsView, ProductKind } from '@wms/contract/kits';
import type { ProductLocation } from '@wms/contract/location-stock';
import type { KeysetPageMeta } from '@wms/contract/pagination';
import type { Product, ProductDetail, ProductImportResult } from '@wms/contract/products';
import { api } from '../../lib/api/client';
import { downloadFile } from '../../lib/api/download';
import { type UploadOptions, uploadForm } from '../../lib/api/upload';
import { contextKeyOf } from '../../lib/context/context-key';
import type { WorkingContext } from '../../lib/context/use-working-context';
import { timestampedName } from '../../lib/files/file-names';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite, type WriteConfig } from '../../lib/query/use-write';
import { productKeys } from './query-keys';

export interface ProductListAnswer {
  products: Product[];
  data: Product[];
  meta: KeysetPageMeta;
}

export interface ProductListParams {
  page: number;
  perPage: number;
  search: string;
  /** Only this kind (the list's Kind filter); absent: every kind. */
  kind?: ProductKind;
  /** Keyset paging: a page reached by cursor beyond the count cap; `page` then only labels it. */
  cursor?: string;
}

/** The list filter as query parameters (also what the export sends). */
export const productListQuery = ({ search, kind }: Pick<ProductListParams, 'search' | 'kind'>) => ({
  search: search.trim() || undefined,
  kind,
});

/**
 * The list of the working context: a client's selected account in the selected warehouse (spec §7: GET
 * /accounts/{accountId}/products), staff's products of accounts linked to the header's warehouse.
 */
export const productListQueryOptions = (context: WorkingContext, params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(contextKeyOf(context), params),
    queryFn: ({ signal }) => {
      const query = { ...productListQuery(params), page: params.page, per_page: params.perPage, cursor: params.cursor };
      const options = { bypass_default: true, signal } as const;
      if (context.isClient && context.accountId !== null) {
        return api.get<ProductListAnswer>(`/accounts/${context.accountId}/products`, {
          ...options,
          query: { ...query, warehouse_id: context.warehouseId ?? undefined },
        });
      }
      return api.get<ProductListAnswer>('/products', {
        ...options,
        query: { ...query, warehouse_id: context.warehouseId ?? undefined },
      });
    },
    placeholderData: keepPreviousData,
  });

/** Where the product lies in each warehouse the user sees (the card words its own failure). */
export const productLocationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.locations(id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ProductLocation[] }>(`/products/${id}/locations`, {
          signal,
          bypass_default: true,
          notifyOnError: false,
        })
        .then((answer) => answer.data),
  });

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    // The page shows its own notice and returns to /products (spec §2, §8).
    queryFn: ({ signal }) =>
      api
        .get<{ data: ProductDetail }>(`/products/${id}`, { signal, notifyOnError: false, bypass_default: true })
        .then((answer) => answer.data),
    retry: false,
  });

/** The form's values as the API takes them (spec §7: photo is the input name). */
export interface ProductPayload {
  sku: string;
  name: string;
  photo: string | null;
  link: string | null;
  dimension: string | null;
  weight: number | null;
  /** Blank clears it. */
  barcode: string | null;
  track_lots: boolean;
  track_expiry: boolean;
  /** standard, bundle or assembled (the server refuses a change that would break a kit). */
  kind: ProductKind;
  account_id: number | null;
}

const createProduct = (payload: ProductPayload) =>
  api.post<{ message: string; data: Product }>('/products', payload, {
    notifyOnError: notifyUnlessValidation,
    // A staff user's form names the account; the header's selection must not fill in for an empty choice.
    bypass_default: payload.account_id !== null,
  });

const updateProduct = (id: number, payload: ProductPayload) =>
  api.put<{ message: string; data: Product }>(`/products/${id}`, payload, { notifyOnError: notifyUnlessValidation });

/** Failures are reported by the caller with the screen's text (spec 2 §8: 'Error deleting product'). */
const deleteProduct = (id: number) => api.delete<{ message: string }>(`/products/${id}`, { notifyOnError: false });

export interface CopyTarget {
  id: number;
  name: string;
  warehouse_id: number;
  warehouse_name: string;
}

export const copyTargetsQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.copyTargets(),
    queryFn: ({ signal }) =>
      api
        .get<{ accounts: CopyTarget[] }>('/flatten-accounts', { signal, bypass_default: true })
        .then((answer) => answer.accounts),
    staleTime: 60_000,
  });

export interface CopyAnswer {
  message: string;
  copied_count: number;
  total_skipped: number;
}

const copyProducts = (productIds: number[], target: CopyTarget) =>
  api.post<CopyAnswer>(
    '/products/copy',
    { product_ids: productIds, target_account_id: target.id, target_warehouse_id: target.warehouse_id },
    // Failures are reported by the caller with the screen's text (spec 2 §8: 'Error copying products').
    { bypass_default: true, notifyOnError: false },
  );

export type AccountOption = Pick<Account, 'id' | 'name' | 'status' | 'warehouse_ids'>;

/** Staff choose the owning account on the forms and in the import dialog (narrowed by the caller). */
export const accountOptionsQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.accountOptions(),
    queryFn: ({ signal }) =>
      api
        .get<{ data: AccountOption[] }>('/accounts', { query: { per_page: 100 }, bypass_default: true, signal })
        .then((answer) => answer.data),
    staleTime: 60_000,
  });

/** One import request: the file, the account its rows go to (staff), upload options and a mapping step's choice. */
export interface ProductImportRequest {
  file: File;
  accountId: number | null;
  options: UploadOptions;
  mapping: ProductMapping | null;
}

const importProducts = ({ file, accountId, options, mapping }: ProductImportRequest) => {
  const form = new FormData();
  form.append('file', file);
  if (accountId !== null) form.append('account_id', String(accountId));
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  return uploadForm<ProductImportResult>('/products/import', form, options);
};

/**
 * A file whose header the import does not know: its columns with samples, the preset or saved mapping
 * (of the account the products are for) it matches, and a suggested mapping.
 */
export function inspectProductFile(file: File, accountId: number | null) {
  const form = new FormData();
  if (accountId !== null) form.append('account_id', String(accountId));
  form.append('file', file);
  return uploadForm<ProductImportInspection>('/products/import/inspect', form, {
    bypass_default: true,
    notifyOnError: false,
  });
}

/** Spec §7: GET /products/template saved as products_template_{timestamp}.xlsx. */
export const downloadProductTemplate = () =>
  downloadFile('/products/template', timestampedName('products_template', 'xlsx'), {
    bypass_default: true,
    notifyOnError: false,
  });

/**
 * The components editor's options: the kit's account's products matching the typed text (the editor keeps the
 * standard ones: a kit cannot contain a kit).
 */
export const componentOptionsQueryOptions = (accountId: number, term: string) =>
  queryOptions({
    queryKey: productKeys.componentOptions(accountId, term),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Product[] }>(`/accounts/${accountId}/products`, {
          signal,
          bypass_default: true,
          notifyOnError: false,
          query: { search: term.trim() || undefined, per_page: 20 },
        })
        .then((answer) => answer.data),
    staleTime: 30_000,
  });

/** PUT /products/{id}/components: the whole list (422 names each bad row as `components.N.product_id|quantity`). */
const saveComponents = ({
  id,
  components,
}: {
  id: number;
  components: { product_id: number; quantity: number | null }[];
}) =>
  api.put<KitComponentsView>(`/products/${id}/components`, { components }, { notifyOnError: notifyUnlessValidation });

// ---- Writes: each refreshes the products root (lists, details, locations and the product picker) -----------------

const STALE = [productKeys.all];

export const useCreateProduct = () => useWrite(createProduct, STALE);

export const useUpdateProduct = () =>
  useWrite(({ id, payload }: { id: number; payload: ProductPayload }) => updateProduct(id, payload), STALE);

export const useSaveComponents = () => useWrite(saveComponents, STALE);

export const useDeleteProduct = (config?: WriteConfig<{ message: string }, number>) =>
  useWrite(deleteProduct, STALE, { config });

type CopyRequest = { productIds: number[]; target: CopyTarget };

export const useCopyProducts = (config?: WriteConfig<CopyAnswer, CopyRequest>) =>
  useWrite(({ productIds, target }: CopyRequest) => copyProducts(productIds, target), STALE, { config });

/**
 * An import that wrote rows refreshes the catalogue in the background: the dialog answers (closes, or shows the
 * failed rows) without waiting for the list.
 */
export const useImportProducts = () =>
  useWrite(importProducts, (result) => (result.success_count > 0 ? STALE : []), { background: true });
