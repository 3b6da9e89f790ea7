import { queryOptions } from '@tanstack/react-query';
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

/** Rate cards are installation-wide: the header's warehouse/account selection never applies. */
const options = { bypass_default: true } as const;
const formOptions = { ...options, notifyOnError: notifyUnlessValidation } as const;

export const rateCardKeys = { all: ['rate-cards'] as const };

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
    queryKey: [...rateCardKeys.all, 'accounts'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string; status: string }[] }>('/accounts', {
        ...options,
        query: { page: 1, per_page: MAX_PER_PAGE },
        signal,
      }),
  });

type Saved = { rate_card: RateCard; message: string };

export const createRateCard = (accountId: number) =>
  api.post<Saved>('/rate-cards', { account_id: accountId }, formOptions);

export const saveRateCardVersion = (id: number, input: RateCardVersionInput) =>
  api.put<Saved>(`/rate-cards/${id}`, input, formOptions);

// Charges and invoices.
export const invoiceKeys = { all: ['invoices'] as const };

export const previewQuery = (period: BillingPeriod | null) =>
  queryOptions({
    queryKey: [...invoiceKeys.all, 'preview', period] as const,
    queryFn: ({ signal }) =>
      api.get<{ preview: BillingPreview }>('/billing/preview', { ...options, query: { ...period }, signal }),
    enabled: period !== null,
  });

export const runningChargesQuery = (accountId: number | null) =>
  queryOptions({
    queryKey: [...invoiceKeys.all, 'running', accountId] as const,
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
    queryKey: [...invoiceKeys.all, 'list', filter] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: InvoiceSummary[] }>('/invoices', {
        ...options,
        query: { ...filter, page: 1, per_page: MAX_PER_PAGE },
        signal,
      }),
  });

export const invoiceQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...invoiceKeys.all, 'one', id] as const,
    queryFn: ({ signal }) => api.get<{ invoice: Invoice }>(`/invoices/${id}`, { ...options, signal }),
    enabled: id !== null,
  });

type SavedInvoice = { invoice: Invoice; message: string };
export const createInvoice = (period: BillingPeriod) => api.post<SavedInvoice>('/invoices', period, formOptions);
export const addInvoiceLine = (id: number, line: ManualLineInput) =>
  api.post<SavedInvoice>(`/invoices/${id}/lines`, line, formOptions);
export const updateInvoiceLine = (id: number, lineId: number, line: ManualLineInput) =>
  api.put<SavedInvoice>(`/invoices/${id}/lines/${lineId}`, line, formOptions);
export const deleteInvoiceLine = (id: number, lineId: number) =>
  api.delete<SavedInvoice>(`/invoices/${id}/lines/${lineId}`, options);
export const finalizeInvoice = (id: number) => api.post<SavedInvoice>(`/invoices/${id}/finalize`, {}, options);
export const voidInvoice = (id: number, reason: string) =>
  api.post<SavedInvoice>(`/invoices/${id}/void`, { reason }, formOptions);
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
    queryKey: [...invoiceKeys.all, 'dashboard'] as const,
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
    queryKey: [...invoiceKeys.all, 'manual-charges', filter] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: ManualChargeListItem[]; meta: PageMeta }>('/billing/manual-charges', {
        ...options,
        query: { ...filter },
        signal,
      }),
  });

export const createManualCharge = (input: ManualChargeInput) =>
  api.post<{ manual_charge: ManualCharge; message: string }>('/billing/manual-charges', input, formOptions);
export const deleteManualCharge = (id: number) =>
  api.delete<{ message: string }>(`/billing/manual-charges/${id}`, options);

// Billing settings: the issuer printed on invoices.
export const billingSettingsQuery = () =>
  queryOptions({
    queryKey: [...invoiceKeys.all, 'settings'] as const,
    queryFn: ({ signal }) => api.get<{ settings: BillingSettings }>('/billing-settings', { ...options, signal }),
  });

export const saveBillingSettings = (input: BillingSettingsInput) =>
  api.put<{ settings: BillingSettings; message: string }>('/billing-settings', input, formOptions);
