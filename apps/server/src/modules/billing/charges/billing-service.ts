import {
  BILLING_MESSAGES,
  type BillingPeriod,
  type BillingPreview,
  type ChargeLine,
  type ManualCharge,
  type ManualChargeInput,
  type ManualChargeListItem,
  type ManualChargeListQuery,
  withListedEvidence,
} from '@wms/contract/billing';
import { lineAmountCents } from '@wms/contract/money';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import type { Page } from '../../../http/pagination';
import { accountResource } from '../../catalogue/accounts/accounts-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { ratesForAccount } from '../rate-cards/rate-cards-api';
import { noteBillingChange } from './billing-changes';
import { latestToday } from './billing-days';
import {
  accountNameOf,
  deleteManualChargeRow,
  finalizedInvoiceCovering,
  findManualCharge,
  insertManualCharge,
  listManualChargeRows,
  lockAccountForBilling,
  manualChargeScope,
} from './billing-repository';
import { accountWarehouseZones } from './billing-zones-repository';
import { manualChargeFacts } from './charge-facts-repository';
import { chargeFacts } from './fact-statements';
import { chargeLines, groupLines } from './price-charges';

/**
 * The last day of the period whose derived charges (storage, receiving, fulfilment…) count: the period's last day,
 * or today when the period runs past it (a day that has not happened has no storage to charge). Today
 * is the account's latest local date among its warehouses' zones, as for the running charges (currentMonthToDate).
 * Before `from` when the period has not begun anywhere: nothing is derived.
 */
export async function derivedUntil(db: Executor, period: BillingPeriod, now: Date): Promise<string> {
  const today = latestToday(await accountWarehouseZones(db, period.account_id), now);
  return period.to < today ? period.to : today;
}

/** The lines of a period whose derived facts count up to `until` (manual charges and the minimum: the whole period). */
async function chargeLinesUntil(db: Executor, period: BillingPeriod, until: string): Promise<ChargeLine[]> {
  const facts =
    until < period.from ? [] : await chargeFacts(db, { accountId: period.account_id, from: period.from, to: until });
  const manual = await manualChargeFacts(db, { accountId: period.account_id, from: period.from, to: period.to });
  const cards = await ratesForAccount(db, period.account_id);
  return chargeLines(period.from, period.to, facts, manual, cards);
}

/** Every charge line of an account for a period, derived now from what the warehouse recorded (up to today). */
export async function deriveChargeLines(
  db: Executor,
  period: BillingPeriod,
  now: Date = new Date(),
): Promise<ChargeLine[]> {
  return chargeLinesUntil(db, period, await derivedUntil(db, period, now));
}

/** The preview of a period, for a caller who reaches the account (404 otherwise). */
export async function previewCharges(
  db: Database,
  auth: RequestAuth,
  period: BillingPeriod,
  currency: string,
  now: Date = new Date(),
): Promise<BillingPreview> {
  await requireAccess(db, await auth.scope(), accountResource, period.account_id);
  const until = await derivedUntil(db, period, now);
  const lines = await chargeLinesUntil(db, period, until);
  return {
    account_id: period.account_id,
    account_name: (await accountNameOf(db, period.account_id)) ?? '',
    from: period.from,
    to: period.to,
    derived_until: until,
    currency,
    groups: groupLines(lines.map(withListedEvidence)),
    total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
  };
}

/**
 * The running (unbilled) charges' period: the current calendar month, from its first day to today, in the time zones
 * of the account's warehouses (billing days are theirs; UTC without any warehouse). Where its warehouses are in
 * several zones, "today" is the latest local date among them (billing-days' latestToday): the new month starts at
 * the first local midnight of the 1st in any of them, as a rate change applies from the day that has begun somewhere.
 */
export function currentMonthToDate(zones: readonly string[], now: Date = new Date()): { from: string; to: string } {
  const to = latestToday(zones, now);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** The running charges of one of the caller's accounts: its current month to date (404 out of reach). */
export async function runningCharges(
  db: Database,
  auth: RequestAuth,
  accountId: number,
  currency: string,
  now: Date = new Date(),
): Promise<BillingPreview> {
  await requireAccess(db, await auth.scope(), accountResource, accountId);
  const period = currentMonthToDate(await accountWarehouseZones(db, accountId), now);
  return previewCharges(db, auth, { account_id: accountId, ...period }, currency, now);
}

export async function createManualCharge(
  db: Database,
  auth: RequestAuth,
  input: ManualChargeInput,
): Promise<ManualCharge> {
  const name = await accountNameOf(db, input.account_id);
  if (name === undefined) throw fieldError('account_id', BILLING_MESSAGES.accountUnknown);
  // A staff member whose role was granted billing but who sees only some warehouses: another account is unknown.
  await requireAccess(db, await auth.scope(), accountResource, input.account_id).catch(() => {
    throw fieldError('account_id', BILLING_MESSAGES.accountUnknown);
  });
  const row = await inTransaction(db, async (tx) => {
    const created = await insertManualCharge(tx, input, auth.user.id);
    await recordEvent(tx, {
      kind: 'manual_charge.created',
      payload: { account_name: name, description: input.description, charge_date: input.charge_date },
      actorId: auth.user.id,
      subject: { type: 'manual_charge', id: created.id },
      warehouseIds: [],
      accountIds: [input.account_id],
    });
    return created;
  });
  noteBillingChange();
  return {
    id: row.id,
    account_id: row.accountId,
    charge_date: row.chargeDate,
    description: row.description,
    quantity: row.quantity,
    rate_micros: row.rateMicros,
    amount_cents: lineAmountCents(row.quantity, row.rateMicros),
    created_at: row.createdAt.toISOString(),
  };
}

/** Manual charges of the accounts in the caller's reach, newest day first, each with the invoice that froze it. */
export async function listManualCharges(
  db: Database,
  auth: RequestAuth,
  filter: ManualChargeListQuery,
): Promise<Page<ManualChargeListItem>> {
  return listManualChargeRows(db, manualChargeScope(await auth.scope()), filter);
}

/**
 * Deletes a manual charge unless a finalized (not void) invoice of its account covers its day: that invoice holds
 * it as a frozen line, and removing it here would make the charges disagree with what was billed (409). The
 * account's billing lock keeps an invoice from being finalized over the day while the charge goes.
 */
export async function deleteManualCharge(db: Database, auth: RequestAuth, id: number): Promise<void> {
  const scope = manualChargeScope(await auth.scope());
  const found = await findManualCharge(db, id, scope);
  if (!found) throw notFound(BILLING_MESSAGES.manualChargeNotFound);
  await inTransaction(db, async (tx) => {
    await lockAccountForBilling(tx, found.accountId);
    const charge = await findManualCharge(tx, id, scope);
    if (!charge) throw notFound(BILLING_MESSAGES.manualChargeNotFound);
    if (await finalizedInvoiceCovering(tx, id)) throw conflict(BILLING_MESSAGES.manualChargeInvoiced);
    await deleteManualChargeRow(tx, id);
    await recordEvent(tx, {
      kind: 'manual_charge.deleted',
      payload: {
        account_name: (await accountNameOf(tx, charge.accountId)) ?? '',
        description: charge.description,
        charge_date: charge.chargeDate,
        amount_cents: lineAmountCents(charge.quantity, charge.rateMicros),
      },
      actorId: auth.user.id,
      subject: { type: 'manual_charge', id },
      warehouseIds: [],
      accountIds: [charge.accountId],
    });
  });
  noteBillingChange();
}
