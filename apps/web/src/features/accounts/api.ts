import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AccountHoldings } from '@wms/contract/accounts';
import type { Account, User } from '@wms/contract/entities';
import type { PageMeta } from '@wms/contract/pagination';
import { MAX_PER_PAGE } from '@wms/contract/paging';
import { HttpError } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { fetchBlob } from '../../lib/api/download';
import { uploadForm } from '../../lib/api/upload';
import { ALL_CONTEXT } from '../../lib/context/context-key';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite, type WriteConfig } from '../../lib/query/use-write';
import { contextKeys } from '../../lib/query-keys/shared-keys';
import { accountKeys } from './query-keys';

export interface AccountListParams {
  page: number;
  per_page: number;
  search?: string;
}

/**
 * No selection defaults: this screen manages every account in the caller's scope, whatever the header's warehouse
 * (the page says 'All warehouses'; docs/platform.md "Working context").
 */
const options = { bypass_default: true } as const;

export const accountsListQuery = (params: AccountListParams) =>
  queryOptions({
    queryKey: accountKeys.list(ALL_CONTEXT, params),
    queryFn: ({ signal }) =>
      api.get<{ data: Account[]; meta: PageMeta }>('/accounts', { ...options, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const accountQuery = (id: number) =>
  queryOptions({
    queryKey: accountKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: Account }>(`/accounts/${id}`, { ...options, signal }).then((a) => a.data),
  });

/** Owners are client users (spec 1 §3); the form offers them all (the server's largest page). */
export const clientUsersQuery = () =>
  queryOptions({
    queryKey: accountKeys.clientUsers(),
    queryFn: ({ signal }) =>
      api
        .get<{ users: User[] }>('/users', { ...options, query: { role: 'client', per_page: MAX_PER_PAGE }, signal })
        .then((answer) => answer.users),
    staleTime: 60_000,
  });

export interface AccountBody {
  name: string;
  warehouse_ids: number[];
  status?: Account['status'];
  account_type?: Account['account_type'];
  user_id?: number;
  billing_address?: string | null;
  payment_terms_days?: number;
  /** Picking settings (staff only): what allocation and the handheld may do for this account's orders. */
  min_remaining_shelf_life_days?: number;
  allow_partial_shipment?: boolean;
  allow_lot_substitution?: boolean;
  /** Packing settings (staff only). */
  require_label?: boolean;
  gs1_company_prefix?: string | null;
}

export type PickingSettings = Pick<
  Account,
  'min_remaining_shelf_life_days' | 'allow_partial_shipment' | 'allow_lot_substitution' | 'require_label'
> & { gs1_company_prefix: string };

/**
 * A new account's picking and packing settings: every lot usable, short orders left out, only the allocated lot
 * picked, Ship without a label allowed, the installation's GS1 prefix.
 */
export const DEFAULT_PICKING_SETTINGS: PickingSettings = {
  min_remaining_shelf_life_days: 0,
  allow_partial_shipment: false,
  allow_lot_substitution: false,
  require_label: false,
  gs1_company_prefix: '',
};

/** The picking and packing settings of an account answer, for the edit form. */
export const pickingSettingsOf = (account: Account): PickingSettings => ({
  min_remaining_shelf_life_days: account.min_remaining_shelf_life_days,
  allow_partial_shipment: account.allow_partial_shipment,
  allow_lot_substitution: account.allow_lot_substitution,
  require_label: account.require_label,
  gs1_company_prefix: account.gs1_company_prefix ?? '',
});

type Saved = { data: Account; message: string };

const createAccount = (body: AccountBody) =>
  api.post<Saved>('/accounts', body, { ...options, notifyOnError: notifyUnlessValidation });

const updateAccount = (id: number, body: AccountBody) =>
  api.put<Saved>(`/accounts/${id}`, body, { ...options, notifyOnError: notifyUnlessValidation });

/** An answer the page words itself (spec 1 §8: the server's message, else 'Failed to update status'). */
export const isStatusAnswerError = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status !== 401;

const updateAccountStatus = (id: number, status: Account['status']) =>
  api.put<Saved>(`/accounts/${id}/status`, { status }, { ...options, notifyOnError: (e) => !isStatusAnswerError(e) });

/** What the account still holds, asked when the delete dialog opens. */
export const accountHoldingsQuery = (id: number) =>
  queryOptions({
    queryKey: accountKeys.holdings(id),
    queryFn: ({ signal }) =>
      api.get<{ data: AccountHoldings }>(`/accounts/${id}/holdings`, { ...options, signal }).then((a) => a.data),
    staleTime: 0,
  });

// ---- The account's logo (printed on its packing slips) ----------------------------------------------------------

/** The logo as an object URL for the preview (the file is behind the session), or null when there is none. */
export const accountLogoQuery = (id: number) =>
  queryOptions({
    queryKey: accountKeys.logo(id),
    queryFn: async ({ signal }) => {
      try {
        const blob = await fetchAccountLogo(id, signal);
        return URL.createObjectURL(blob);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });

const fetchAccountLogo = (id: number, signal?: AbortSignal) =>
  fetchBlob(`/accounts/${id}/logo`, { ...options, notifyOnError: false, signal });

const uploadLogo = ({ id, file }: { id: number; file: File }) => {
  const form = new FormData();
  form.append('logo', file);
  return uploadForm<{ message?: string }>(`/accounts/${id}/logo`, form, {
    ...options,
    method: 'PUT',
    notifyOnError: notifyUnlessValidation,
  });
};

const removeLogo = (id: number) => api.delete<{ message?: string }>(`/accounts/${id}/logo`, options);

/** The account's `has_logo` changes with its logo: the account is read again with the preview. */
export const useUploadLogo = () =>
  useWrite(uploadLogo, (_answer, { id }) => [accountKeys.logo(id), accountKeys.detail(id)]);
export const useRemoveLogo = () =>
  useWrite(removeLogo, (_answer, id) => [accountKeys.detail(id)], {
    update: (queryClient, _answer, id) => queryClient.setQueryData(accountKeys.logo(id), null),
  });

const deleteAccount = (id: number) => api.delete<{ message: string }>(`/accounts/${id}`, options);

// ---- Writes: each refreshes the accounts and the header's account selector -------------------------------------

const STALE = [accountKeys.all, contextKeys.accounts()];

export const useCreateAccount = () => useWrite(createAccount, STALE);

export const useUpdateAccount = () =>
  useWrite(({ id, body }: { id: number; body: AccountBody }) => updateAccount(id, body), STALE);

export const useUpdateAccountStatus = (config?: WriteConfig<Saved, { id: number; status: Account['status'] }>) =>
  useWrite(({ id, status }: { id: number; status: Account['status'] }) => updateAccountStatus(id, status), STALE, {
    config,
  });

export const useDeleteAccount = (config?: WriteConfig<{ message: string }, number>) =>
  useWrite(deleteAccount, STALE, { config });
