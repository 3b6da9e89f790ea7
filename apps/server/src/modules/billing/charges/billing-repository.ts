import type { ManualChargeInput, ManualChargeListItem, ManualChargeListQuery } from '@wms/contract/billing';
import { lineAmountCents } from '@wms/contract/money';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { pageOffset } from '../../../db/paging';
import { qualified } from '../../../db/qualified';
import { accounts } from '../../../db/schema/accounts';
import { invoices, manualCharges } from '../../../db/schema/billing';
import { type Page, toPage } from '../../../http/pagination';

export const accountNameOf = async (db: Executor, accountId: number): Promise<string | undefined> =>
  (await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)))[0]?.name;

/**
 * Serialises the billing changes of one account (drafts, finalizing, deleting a manual charge) so that "no finalized
 * invoice covers these days" stays true until the transaction ends. NO KEY UPDATE: orders and other rows that
 * reference the account (FOR KEY SHARE) are not held up.
 */
export async function lockAccountForBilling(db: Executor, accountId: number): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('no key update');
  return rows.length > 0;
}

export async function insertManualCharge(db: Executor, input: ManualChargeInput, userId: number) {
  const [row] = await db
    .insert(manualCharges)
    .values({
      accountId: input.account_id,
      chargeDate: input.charge_date,
      description: input.description,
      quantity: input.quantity,
      rateMicros: input.rate_micros,
      createdBy: userId,
    })
    .returning();
  return row!;
}

export async function findManualCharge(db: Executor, id: number, where?: SQL) {
  return (
    await db
      .select()
      .from(manualCharges)
      .where(and(eq(manualCharges.id, id), where))
  )[0];
}

export async function deleteManualChargeRow(db: Executor, id: number): Promise<void> {
  await db.delete(manualCharges).where(eq(manualCharges.id, id));
}

/** Manual charges of the accounts a caller reaches. */
export const manualChargeScope = (scope: Scope): SQL | undefined => accountCondition(scope, manualCharges.accountId);

/** The number of the finalized (not void) invoice of the charge's account whose period holds its day. */
const coveringInvoiceNumber = sql<string | null>`(select i.number from ${invoices} i
  where i.account_id = ${qualified(manualCharges.accountId)} and i.status = 'finalized'
    and ${qualified(manualCharges.chargeDate)} between i.period_from and i.period_to
  order by i.period_from limit 1)`;

export async function finalizedInvoiceCovering(db: Executor, chargeId: number): Promise<string | null> {
  const [row] = await db
    .select({ number: coveringInvoiceNumber })
    .from(manualCharges)
    .where(eq(manualCharges.id, chargeId));
  return row?.number ?? null;
}

export async function listManualChargeRows(
  db: Executor,
  where: SQL | undefined,
  filter: ManualChargeListQuery,
): Promise<Page<ManualChargeListItem>> {
  const condition = and(
    where,
    filter.account_id ? eq(manualCharges.accountId, filter.account_id) : undefined,
    filter.from ? gte(manualCharges.chargeDate, filter.from) : undefined,
    filter.to ? lte(manualCharges.chargeDate, filter.to) : undefined,
    filter.search
      ? sql`${manualCharges.description} ilike ${`%${filter.search.replace(/[\\%_]/g, '\\$&')}%`}`
      : undefined,
  );
  const rows = await db
    .select({ charge: manualCharges, accountName: accounts.name, invoiceNumber: coveringInvoiceNumber })
    .from(manualCharges)
    .innerJoin(accounts, eq(accounts.id, manualCharges.accountId))
    .where(condition)
    .orderBy(desc(manualCharges.chargeDate), desc(manualCharges.id))
    .limit(filter.per_page)
    .offset(pageOffset(filter));
  const [total] = await db.select({ n: count() }).from(manualCharges).where(condition);
  return toPage(
    rows.map(({ charge, accountName, invoiceNumber }) => ({
      id: charge.id,
      account_id: charge.accountId,
      account_name: accountName,
      charge_date: charge.chargeDate,
      description: charge.description,
      quantity: charge.quantity,
      rate_micros: charge.rateMicros,
      amount_cents: lineAmountCents(charge.quantity, charge.rateMicros),
      created_at: charge.createdAt.toISOString(),
      invoice_number: invoiceNumber,
    })),
    total?.n ?? 0,
    filter,
  );
}
