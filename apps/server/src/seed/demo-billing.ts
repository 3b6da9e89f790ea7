import { DEFAULT_CURRENCY } from '@wms/contract/money';
import type { Rates } from '@wms/contract/rate-cards';
import { RequestAuth } from '../auth/request-auth';
import type { Database } from '../db/client';
import { createDraft, finalizeInvoice } from '../modules/billing/invoices/invoices-api';
import { listRateCards, saveRateCardVersion } from '../modules/billing/rate-cards/rate-cards-api';
import { findUserForSignIn, loadOwnUserView } from '../modules/platform/users/users-api';

/** A rate in the currency's units as micro-units (seed literals only: exact for these). */
const rate = (units: number) => ({ rate_micros: Math.round(units * 1_000_000), enabled: true });

/** Realistic 3PL list prices for the default card (billing shows derived charges on first start). */
export const DEMO_DEFAULT_RATES: Rates = {
  receiving_shipment: rate(25),
  receiving_unit: rate(0.1),
  storage_unit_day: rate(0.015),
  storage_location_day_storage: rate(0.5),
  storage_location_day_pick: rate(0.75),
  fulfilment_order: rate(2.5),
  fulfilment_extra_line: rate(0.5),
  fulfilment_extra_unit: rate(0.25),
  label_upload: rate(0.35),
  merge_item: rate(1),
  monthly_minimum: rate(50),
};

/** The first and last days of the calendar month before `now`'s (UTC). */
function lastMonth(now: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

async function actingAs(db: Database, email: string): Promise<RequestAuth> {
  const row = await findUserForSignIn(db, email);
  const user = row ? await loadOwnUserView(db, row.id) : undefined;
  if (!user) throw new Error(`Demo user ${email} is missing`);
  return new RequestAuth(user, 0, db);
}

/**
 * The demo's billing, through the services as the admin would do it: the default card's rates from the first day of
 * last month (so the days already worked are priced), then last month's invoice of Northwind, finalized (its
 * monthly minimum). In the first hours of a month, while last month has not ended in a warehouse's zone, the
 * invoice stays a draft (finalizing waits for the period's end everywhere).
 */
export async function seedDemoBilling(
  db: Database,
  accountId: number,
  now: Date = new Date(),
  currency: string = DEFAULT_CURRENCY,
): Promise<void> {
  const admin = await actingAs(db, 'admin@example.com');
  const month = lastMonth(now);
  const [defaultCard] = (await listRateCards(db, admin)).filter((card) => card.account_id === null);
  if (!defaultCard) throw new Error('The default rate card is missing');
  await saveRateCardVersion(db, admin, defaultCard.id, { effective_from: month.from, rates: DEMO_DEFAULT_RATES });
  const { invoice } = await createDraft(db, admin, { account_id: accountId, ...month }, currency);
  await finalizeInvoice(db, admin, invoice.id, now).catch(() => undefined);
}
