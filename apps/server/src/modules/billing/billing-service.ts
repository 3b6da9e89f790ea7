import {
  BILLING_MESSAGES,
  type BillingPeriod,
  type BillingPreview,
  type ChargeLine,
  type ManualCharge,
  type ManualChargeInput,
  withListedEvidence,
} from '@wms/contract/billing';
import { lineAmountCents } from '@wms/contract/money';
import { requireAccess } from '../../auth/access-gate';
import type { RequestAuth } from '../../auth/request-auth';
import type { Database, Executor } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { fieldError } from '../../http/errors';
import { accountResource } from '../accounts/account-scope';
import { recordEvent } from '../activity/record-event';
import { ratesForAccount, todayUtc } from '../rate-cards/rate-cards-service';
import { accountNameOf, insertManualCharge } from './billing-repository';
import { chargeFacts, manualChargeFacts } from './charge-facts-repository';
import { chargeLines, groupLines } from './price-charges';

/** Every charge line of an account for a period, derived now from what the warehouse recorded. */
export async function deriveChargeLines(db: Executor, period: BillingPeriod): Promise<ChargeLine[]> {
  const query = { accountId: period.account_id, from: period.from, to: period.to };
  const facts = await chargeFacts(db, query);
  const manual = await manualChargeFacts(db, query);
  const cards = await ratesForAccount(db, period.account_id);
  return chargeLines(period.from, period.to, facts, manual, cards);
}

/** The account's name as invoices copy it. */
export const billedAccountName = (db: Executor, accountId: number) => accountNameOf(db, accountId);

/** The preview of a period, for a caller who reaches the account (404 otherwise). */
export async function previewCharges(
  db: Database,
  auth: RequestAuth,
  period: BillingPeriod,
  currency: string,
): Promise<BillingPreview> {
  await requireAccess(db, await auth.scope(), accountResource, period.account_id);
  const lines = await deriveChargeLines(db, period);
  return {
    account_id: period.account_id,
    account_name: (await accountNameOf(db, period.account_id)) ?? '',
    from: period.from,
    to: period.to,
    currency,
    groups: groupLines(lines.map(withListedEvidence)),
    total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
  };
}

/** The running (unbilled) charges of the current calendar month, from its first day to today (UTC dates). */
export function currentMonthToDate(now: Date = new Date()): { from: string; to: string } {
  const to = todayUtc(now);
  return { from: `${to.slice(0, 7)}-01`, to };
}

export async function createManualCharge(
  db: Database,
  auth: RequestAuth,
  input: ManualChargeInput,
): Promise<ManualCharge> {
  const name = await accountNameOf(db, input.account_id);
  if (name === undefined) throw fieldError('account_id', BILLING_MESSAGES.accountUnknown);
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
