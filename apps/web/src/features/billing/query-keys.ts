import type { BillingPeriod } from '@wms/contract/billing';
import type { InvoiceStatus } from '@wms/contract/invoices';

/**
 * Every query key of the billing screens. Rate cards are one root (the billable accounts hang under it, so a new
 * account card refreshes the picker); charges, invoices, the dashboard, manual charges and the issuer settings are
 * the other: every billing write changes what an invoice or a preview would say.
 */
export const rateCardKeys = {
  all: ['rate-cards'] as const,
  accounts: () => ['rate-cards', 'accounts'] as const,
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  preview: (period: BillingPeriod | null) => ['invoices', 'preview', period] as const,
  running: (accountId: number | null) => ['invoices', 'running', accountId] as const,
  list: (filter: { status?: InvoiceStatus; account_id?: number }) => ['invoices', 'list', filter] as const,
  detail: (id: number | null) => ['invoices', 'one', id] as const,
  dashboard: () => ['invoices', 'dashboard'] as const,
  manualCharges: (filter: object) => ['invoices', 'manual-charges', filter] as const,
  settings: () => ['invoices', 'settings'] as const,
};
