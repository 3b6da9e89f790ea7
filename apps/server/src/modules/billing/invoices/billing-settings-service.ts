import type { BillingSettings, BillingSettingsValues } from '@wms/contract/billing-settings';
import type { InvoiceIssuer } from '@wms/contract/invoices';
import type { Database, Executor } from '../../../db/client';
import { type BillingSettingsRow, findBillingSettings, saveBillingSettings } from './billing-settings-repository';

const toSettings = (row: BillingSettingsRow | undefined): BillingSettings => ({
  company_name: row?.companyName ?? '',
  address: row?.address ?? '',
  tax_id: row?.taxId ?? '',
  logo: row?.logo ?? null,
  updated_at: row?.updatedAt.toISOString() ?? null,
});

/** The settings (blank until first saved: the form starts empty). */
export const getBillingSettings = async (db: Executor): Promise<BillingSettings> =>
  toSettings(await findBillingSettings(db));

/** The issuer block of an invoice, or null while nothing was saved; `logo` separately (never frozen: too large). */
export async function invoiceIssuer(db: Executor): Promise<{ issuer: InvoiceIssuer | null; logo: string | null }> {
  const row = await findBillingSettings(db);
  if (!row) return { issuer: null, logo: null };
  return { issuer: { company_name: row.companyName, address: row.address, tax_id: row.taxId }, logo: row.logo };
}

/** Saves the settings; finalized invoices keep the issuer they were finalized with, drafts show the new one. */
export async function updateBillingSettings(db: Database, input: BillingSettingsValues): Promise<BillingSettings> {
  await saveBillingSettings(db, {
    companyName: input.company_name,
    address: input.address,
    taxId: input.tax_id,
    logo: input.logo,
  });
  return getBillingSettings(db);
}
