import type { LineChargeType } from '@wms/contract/billing';
import { and, count, desc, eq, gte, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { invoiceLines, invoices } from '../../../db/schema/billing';

/**
 * Revenue (the billing dashboard): finalized, not void, invoices whose period starts in [fromDay, toDay),
 * within the caller's accounts. Totals come from the frozen invoice totals and lines, never from live data.
 */
export interface RevenueQuery {
  scope: Scope;
  /** The first day of the first month (YYYY-MM-01). */
  fromDay: string;
  /** The first day after the last month. */
  toDay: string;
}

const revenueCondition = (q: RevenueQuery): SQL | undefined =>
  and(
    eq(invoices.status, 'finalized'),
    gte(invoices.periodFrom, q.fromDay),
    lt(invoices.periodFrom, q.toDay),
    accountCondition(q.scope, invoices.accountId),
  );

const cents = (value: string | number | null) => Number(value ?? 0);

export async function revenueByMonth(db: Executor, q: RevenueQuery) {
  const month = sql<string>`to_char(${invoices.periodFrom}, 'YYYY-MM')`;
  const rows = await db
    .select({ month, total: sum(invoices.totalCents), invoices: count() })
    .from(invoices)
    .where(revenueCondition(q))
    .groupBy(month);
  return rows.map((r) => ({ month: r.month, total_cents: cents(r.total), invoices: r.invoices }));
}

export async function revenueByAccount(db: Executor, q: RevenueQuery) {
  const total = sum(invoices.totalCents);
  const rows = await db
    .select({ accountId: invoices.accountId, name: accounts.name, total, invoices: count() })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(revenueCondition(q))
    .groupBy(invoices.accountId, accounts.name)
    .orderBy(desc(total), accounts.name);
  return rows.map((r) => ({
    account_id: r.accountId,
    account_name: r.name,
    total_cents: cents(r.total),
    invoices: r.invoices,
  }));
}

export async function revenueByChargeType(db: Executor, q: RevenueQuery) {
  const rows = await db
    .select({ chargeType: invoiceLines.chargeType, total: sum(invoiceLines.amountCents) })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(revenueCondition(q))
    .groupBy(invoiceLines.chargeType);
  return rows.map((r) => ({ chargeType: r.chargeType as LineChargeType, total_cents: cents(r.total) }));
}
