import { DEFAULT_PAYMENT_TERMS_DAYS } from '@wms/contract/accounts';
import { type ChargeLine, EVIDENCE_LISTED, type Evidence } from '@wms/contract/billing';
import type { InvoiceIssuer, InvoiceLine, InvoiceStatus, InvoiceSummary } from '@wms/contract/invoices';
import { and, asc, desc, eq, getTableColumns, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { countExactly, pageOffset } from '../../../db/paging';
import { invoiceCounters, invoiceLines, invoices } from '../../../db/schema/billing';
import { type Page, type PageRequest, toPage } from '../../../http/pagination';

export type InvoiceRow = typeof invoices.$inferSelect;

export const toInvoiceSummary = (row: InvoiceRow): InvoiceSummary => ({
  id: row.id,
  number: row.number,
  account_id: row.accountId,
  account_name: row.accountName,
  period_from: row.periodFrom,
  period_to: row.periodTo,
  status: row.status,
  currency: row.currency,
  total_cents: row.totalCents,
  void_reason: row.voidReason,
  finalized_at: row.finalizedAt?.toISOString() ?? null,
  voided_at: row.voidedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  // Invoices finalized before invoices stored their dates have none: issued the day they were finalized, on the default terms.
  issued_on: row.issuedOn ?? legacyIssuedOn(row),
  due_on: row.dueOn ?? (row.finalizedAt ? addDaysTo(legacyIssuedOn(row)!, DEFAULT_PAYMENT_TERMS_DAYS) : null),
});

const legacyIssuedOn = (row: InvoiceRow) => row.finalizedAt?.toISOString().slice(0, 10) ?? null;

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export const addDaysTo = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Which invoices a caller reaches: those of accounts in their scope; callers who do not manage billing (clients)
 * never see drafts, which are work in progress.
 */
export function invoiceScope(scope: Scope, seesDrafts: boolean): SQL | undefined {
  return and(accountCondition(scope, invoices.accountId), seesDrafts ? undefined : ne(invoices.status, 'draft'));
}

export async function findInvoice(db: Executor, id: number, where?: SQL): Promise<InvoiceRow | undefined> {
  return (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), where))
  )[0];
}

/** The row locked for the transaction's change (finalize, void, add a line): two changes of one invoice queue. */
export async function lockInvoice(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  return (await db.select().from(invoices).where(eq(invoices.id, id)).for('update'))[0];
}

/**
 * An invoice's lines. `listed`: each line's first EVIDENCE_LISTED facts, cut in the database (a month's fulfilment
 * line holds 100 000 orders: the database slices its jsonb instead of sending 30 MB to be parsed and dropped);
 * `all` for the export.
 */
export async function linesOf(
  db: Executor,
  invoiceId: number,
  evidence: 'listed' | 'all' = 'listed',
): Promise<InvoiceLine[]> {
  const rows = await db
    .select({
      ...getTableColumns(invoiceLines),
      evidence:
        evidence === 'all'
          ? invoiceLines.evidence
          : sql<Evidence[]>`jsonb_path_query_array(${invoiceLines.evidence}, ${`$[0 to ${EVIDENCE_LISTED - 1}]`})`,
      evidenceTotal: sql<number>`jsonb_array_length(${invoiceLines.evidence})`,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(sql`${invoiceLines.source} <> 'derived'`), asc(invoiceLines.position), asc(invoiceLines.id));
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    charge_type: row.chargeType as InvoiceLine['charge_type'],
    description: row.description,
    quantity: row.quantity,
    rate_micros: row.rateMicros,
    amount_cents: row.amountCents,
    rate_effective_from: row.rateEffectiveFrom,
    rate_source: row.rateSource as InvoiceLine['rate_source'],
    evidence: row.evidence,
    evidence_total: row.evidenceTotal,
  }));
}

export async function findDraftFor(db: Executor, accountId: number, from: string, to: string) {
  return (
    await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.accountId, accountId),
          eq(invoices.periodFrom, from),
          eq(invoices.periodTo, to),
          eq(invoices.status, 'draft'),
        ),
      )
      .for('update')
  )[0];
}

/**
 * A finalized (not void) invoice of the account whose period shares a day with [from, to], other than `exceptId`:
 * those days are billed and frozen, so no other invoice may bill them again.
 */
export async function findFinalizedOverlapping(
  db: Executor,
  accountId: number,
  from: string,
  to: string,
  exceptId?: number,
): Promise<InvoiceRow | undefined> {
  return (
    await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.accountId, accountId),
          eq(invoices.status, 'finalized'),
          lte(invoices.periodFrom, to),
          gte(invoices.periodTo, from),
          exceptId === undefined ? undefined : ne(invoices.id, exceptId),
        ),
      )
      .limit(1)
  )[0];
}

export async function insertDraft(
  db: Executor,
  values: { accountId: number; accountName: string; from: string; to: string; currency: string; userId: number },
): Promise<number> {
  const [row] = await db
    .insert(invoices)
    .values({
      accountId: values.accountId,
      accountName: values.accountName,
      periodFrom: values.from,
      periodTo: values.to,
      currency: values.currency,
      createdBy: values.userId,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

/** Copies lines onto an invoice after its last position. */
export async function appendLines(
  db: Executor,
  invoiceId: number,
  lines: readonly ChargeLine[],
  source: 'derived' | 'manual',
): Promise<void> {
  if (lines.length === 0) return;
  const [last] = await db
    .select({ position: sql<number>`coalesce(max(${invoiceLines.position}), 0)::int` })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId));
  const start = last?.position ?? 0;
  await db.insert(invoiceLines).values(
    lines.map((line, index) => ({
      invoiceId,
      position: start + index + 1,
      source,
      chargeType: line.charge_type,
      description: line.description,
      quantity: line.quantity,
      rateMicros: line.rate_micros,
      amountCents: line.amount_cents,
      rateEffectiveFrom: line.rate_effective_from,
      rateSource: line.rate_source,
      evidence: line.evidence,
    })),
  );
}

/** Regenerating a draft: its derived lines go, manual lines stay (derived lines are always listed first). */
export async function deleteDerivedLines(db: Executor, invoiceId: number): Promise<void> {
  await db.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.source, 'derived')));
}

/** A draft's total: the sum of its lines (a finalized invoice's total is never recomputed). */
export async function refreshDraftTotal(db: Executor, invoiceId: number): Promise<void> {
  await db
    .update(invoices)
    .set({
      totalCents: sql`(select coalesce(sum(${invoiceLines.amountCents}), 0) from ${invoiceLines}
        where ${invoiceLines.invoiceId} = ${invoiceId})`,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'draft')));
}

/**
 * The next number of the year: the upsert locks the year's counter row until the transaction ends, so concurrent
 * finalizations take consecutive numbers one after the other and a rolled-back one leaves no gap.
 */
export async function takeInvoiceNumber(db: Executor, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ n: invoiceCounters.lastNumber });
  return row!.n;
}

/** What a finalized invoice keeps of the document as sent. */
export interface InvoiceDocumentColumns {
  issuedOn: string;
  dueOn: string;
  paymentTermsDays: number;
  billToAddress: string | null;
  issuer: InvoiceIssuer | null;
}

export async function markFinalized(
  db: Executor,
  id: number,
  number: string,
  at: Date,
  document: InvoiceDocumentColumns,
): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ status: 'finalized', number, finalizedAt: at, updatedAt: at, ...document })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function markVoid(db: Executor, id: number, reason: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ status: 'void', voidReason: reason, voidedAt: at, updatedAt: at })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'finalized')))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function listInvoiceRows(
  db: Executor,
  where: SQL | undefined,
  filter: PageRequest & { status?: InvoiceStatus; account_id?: number },
): Promise<Page<InvoiceSummary>> {
  const condition = and(
    where,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.account_id ? eq(invoices.accountId, filter.account_id) : undefined,
  );
  const rows = await db
    .select()
    .from(invoices)
    .where(condition)
    .orderBy(desc(invoices.periodFrom), desc(invoices.id))
    .limit(filter.per_page)
    .offset(pageOffset(filter));
  // One invoice per account and month: exact, and reused for the same scope and filters while cached.
  const total = await countExactly(db, db.select({ id: invoices.id }).from(invoices).where(condition));
  return toPage(rows.map(toInvoiceSummary), total, filter);
}

export async function findLine(db: Executor, invoiceId: number, lineId: number) {
  return (
    await db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.id, lineId)))
  )[0];
}

export async function updateManualLine(
  db: Executor,
  lineId: number,
  values: { description: string; quantity: number; rateMicros: number; amountCents: number },
): Promise<void> {
  await db
    .update(invoiceLines)
    .set(values)
    .where(and(eq(invoiceLines.id, lineId), eq(invoiceLines.source, 'manual')));
}

export async function deleteManualLine(db: Executor, lineId: number): Promise<void> {
  await db.delete(invoiceLines).where(and(eq(invoiceLines.id, lineId), eq(invoiceLines.source, 'manual')));
}
