import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BillingPeriod,
  BillingPreview,
  ManualCharge,
  ManualChargeInput,
  ManualChargeListItem,
  ManualLineInput,
} from '@wms/contract/billing';
import type { BillingDashboard } from '@wms/contract/billing-dashboard';
import type { BillingSettings, BillingSettingsInput } from '@wms/contract/billing-settings';
import type { Invoice, InvoiceStatus, InvoiceSummary } from '@wms/contract/invoices';
import type { PageMeta } from '@wms/contract/pagination';
import { MAX_PER_PAGE } from '@wms/contract/paging';
import type { RateCard, RateCardVersionInput } from '@wms/contract/rate-cards';
import { api } from '../../lib/api/client';
import { downloadFile } from '../../lib/api/download';
import { notifyUnlessValidation } from '../../lib/forms/server-errors';
import { useWrite, type WriteConfig } from '../../lib/query/use-write';
import { invoiceKeys, rateCardKeys } from './query-keys';

/** Rate cards are installation-wide: the header's warehouse/account selection never applies. */
const options = { bypass_default: true } as const;
const formOptions = { ...options, notifyOnError: notifyUnlessValidation } as const;

export const rateCardsQuery = () =>
  queryOptions({
    queryKey: rateCardKeys.all,
    queryFn: ({ signal }) =>
      api.get<{ rate_cards: RateCard[]; currency: string }>('/rate-cards', { ...options, signal }),
  });

/**
 * Accounts that could get a card: one page of the largest size, names only. Billing keeps its own query rather than
 * reaching into the accounts feature (DESIGN §9).
 */
export const billableAccountsQuery = () =>
  queryOptions({
    queryKey: rateCardKeys.accounts(),
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string; status: string }[] }>('/accounts', {
        ...options,
        query: { page: 1, per_page: MAX_PER_PAGE },
        signal,
      }),
  });

type Saved = { rate_card: RateCard; message: string };

const createRateCard = (accountId: number) => api.post<Saved>('/rate-cards', { account_id: accountId }, formOptions);

const saveRateCardVersion = (id: number, input: RateCardVersionInput) =>
  api.put<Saved>(`/rate-cards/${id}`, input, formOptions);

/** Gives an account its own card: the cards and the accounts still without one are read again. */
export const useCreateRateCard = (config?: WriteConfig<Saved, number>) =>
  useWrite(createRateCard, [rateCardKeys.all], { config });

type RateCardVersion = { id: number; input: RateCardVersionInput };

export const useSaveRateCardVersion = (config?: WriteConfig<Saved, RateCardVersion>) =>
  useWrite(({ id, input }: RateCardVersion) => saveRateCardVersion(id, input), [rateCardKeys.all], { config });

// Charges and invoices.

export const previewQuery = (period: BillingPeriod | null) =>
  queryOptions({
    queryKey: invoiceKeys.preview(period),
    queryFn: ({ signal }) =>
      api.get<{ preview: BillingPreview }>('/billing/preview', { ...options, query: { ...period }, signal }),
    enabled: period !== null,
  });

export const runningChargesQuery = (accountId: number | null) =>
  queryOptions({
    queryKey: invoiceKeys.running(accountId),
    queryFn: ({ signal }) =>
      api.get<{ preview: BillingPreview }>('/billing/running-charges', {
        ...options,
        query: { account_id: accountId },
        signal,
      }),
    enabled: accountId !== null,
  });

export const invoicesQuery = (filter: { status?: InvoiceStatus; account_id?: number }) =>
  queryOptions({
    queryKey: invoiceKeys.list(filter),
    queryFn: ({ signal }) =>
      api.get<{ data: InvoiceSummary[] }>('/invoices', {
        ...options,
        query: { ...filter, page: 1, per_page: MAX_PER_PAGE },
        signal,
      }),
  });

export const invoiceQuery = (id: number | null) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ invoice: Invoice }>(`/invoices/${id}`, { ...options, signal }),
    enabled: id !== null,
  });

type SavedInvoice = { invoice: Invoice; message: string };
const createInvoice = (period: BillingPeriod) => api.post<SavedInvoice>('/invoices', period, formOptions);

/** A draft invoice of the period: every invoice query (lists, the preview) is read again. */
export const useCreateInvoice = () => useWrite(createInvoice, [invoiceKeys.all]);

/** One change to an invoice on its panel: a draft's manual lines, finalizing a draft, voiding a finalized one. */
export type InvoiceChange =
  | { kind: 'add-line'; line: ManualLineInput }
  | { kind: 'update-line'; lineId: number; line: ManualLineInput }
  | { kind: 'delete-line'; lineId: number }
  | { kind: 'finalize' }
  | { kind: 'void'; reason: string };

const changeInvoice = (id: number, change: InvoiceChange) => {
  switch (change.kind) {
    case 'add-line':
      return api.post<SavedInvoice>(`/invoices/${id}/lines`, change.line, formOptions);
    case 'update-line':
      return api.put<SavedInvoice>(`/invoices/${id}/lines/${change.lineId}`, change.line, formOptions);
    case 'delete-line':
      return api.delete<SavedInvoice>(`/invoices/${id}/lines/${change.lineId}`, options);
    case 'finalize':
      return api.post<SavedInvoice>(`/invoices/${id}/finalize`, {}, options);
    case 'void':
      return api.post<SavedInvoice>(`/invoices/${id}/void`, { reason: change.reason }, formOptions);
  }
};

/**
 * Changes one invoice. Whatever the outcome the invoices are read again (and the mutation stays pending until they
 * are): a refusal (a 409, already announced by the api client) puts the server's truth back on the panel. Not
 * `useWrite`: that refreshes after a success only.
 */
export function useChangeInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: InvoiceChange) => changeInvoice(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
const invoiceFileName = (invoice: Pick<InvoiceSummary, 'id' | 'number'>) =>
  invoice.number ?? `draft-invoice-${invoice.id}`;
/** A failed download was already announced (downloadFile notifies): swallowing it keeps the page free of an uncaught rejection. */
const announced = () => undefined;
export const downloadInvoicePdf = (invoice: Pick<InvoiceSummary, 'id' | 'number'>) =>
  downloadFile(`/invoices/${invoice.id}/pdf`, `${invoiceFileName(invoice)}.pdf`, options).catch(announced);
/** The lines with their evidence as a sheet (GET /invoices/{id}/export). */
export const downloadInvoiceSheet = (invoice: Pick<InvoiceSummary, 'id' | 'number'>, format: 'csv' | 'xlsx') =>
  downloadFile(`/invoices/${invoice.id}/export`, `${invoiceFileName(invoice)}.${format}`, {
    ...options,
    query: { format },
  }).catch(announced);

// The billing dashboard and manual charges.
export const billingDashboardQuery = () =>
  queryOptions({
    queryKey: invoiceKeys.dashboard(),
    queryFn: ({ signal }) => api.get<{ dashboard: BillingDashboard }>('/billing/dashboard', { ...options, signal }),
  });

export interface ManualChargeFilter {
  account_id?: number;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
}

export const manualChargesQuery = (filter: ManualChargeFilter) =>
  queryOptions({
    queryKey: invoiceKeys.manualCharges(filter),
    queryFn: ({ signal }) =>
      api.get<{ data: ManualChargeListItem[]; meta: PageMeta }>('/billing/manual-charges', {
        ...options,
        query: { ...filter },
        signal,
      }),
  });

const createManualCharge = (input: ManualChargeInput) =>
  api.post<{ manual_charge: ManualCharge; message: string }>('/billing/manual-charges', input, formOptions);
const deleteManualCharge = (id: number) => api.delete<{ message: string }>(`/billing/manual-charges/${id}`, options);

/** A manual charge changes the list, the previews and the dashboard: every invoice query is read again. */
export const useCreateManualCharge = () => useWrite(createManualCharge, [invoiceKeys.all]);
export const useDeleteManualCharge = () => useWrite(deleteManualCharge, [invoiceKeys.all]);

// Billing settings: the issuer printed on invoices.
export const billingSettingsQuery = () =>
  queryOptions({
    queryKey: invoiceKeys.settings(),
    queryFn: ({ signal }) => api.get<{ settings: BillingSettings }>('/billing-settings', { ...options, signal }),
  });

const saveBillingSettings = (input: BillingSettingsInput) =>
  api.put<{ settings: BillingSettings; message: string }>('/billing-settings', input, formOptions);

/** The issuer: its query sits under the invoices root, which is read again. */
export const useSaveBillingSettings = () => useWrite(saveBillingSettings, [invoiceKeys.all]);
