import { DEFAULT_PAYMENT_TERMS_DAYS } from '@wms/contract/accounts';
import type { BillingPeriod, ManualLineInput } from '@wms/contract/billing';
import {
  INVOICE_MESSAGES,
  type Invoice,
  type InvoiceStatus,
  type InvoiceSummary,
  invoiceNumber,
} from '@wms/contract/invoices';
import { lineAmountCents } from '@wms/contract/money';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { isUniqueViolation } from '../../../http/database-errors';
import { conflict, notFound } from '../../../http/errors';
import type { Page, PageRequest } from '../../../http/pagination';
import { accountBillingTerms, accountResource } from '../../catalogue/accounts/accounts-api';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  billedAccountName,
  deriveChargeLines,
  groupLines,
  lockBillingOf,
  periodEndedForAccount,
} from '../charges/charges-api';
import { invoiceIssuer } from './billing-settings-service';
import {
  addDaysTo,
  appendLines,
  deleteDerivedLines,
  deleteManualLine,
  findDraftFor,
  findFinalizedOverlapping,
  findInvoice,
  findLine,
  type InvoiceRow,
  insertDraft,
  invoiceScope,
  linesOf,
  listInvoiceRows,
  lockInvoice,
  markFinalized,
  markVoid,
  refreshDraftTotal,
  takeInvoiceNumber,
  toInvoiceSummary,
  updateManualLine,
} from './invoices-repository';

const periodText = (row: { periodFrom: string; periodTo: string }) => `${row.periodFrom} – ${row.periodTo}`;

/** Invoices concern their account only (billing is not per warehouse): its owner's feed shows them. */
const invoiceEvent = (auth: RequestAuth, id: number, accountId: number) => ({
  actorId: auth.user.id,
  subject: { type: 'invoice', id },
  warehouseIds: [],
  accountIds: [accountId],
});

/** An invoice in the caller's reach; `evidence`: each line's first facts (responses) or all (the export). */
async function readInvoice(
  db: Executor,
  auth: RequestAuth,
  id: number,
  evidence: 'listed' | 'all' = 'listed',
): Promise<Invoice> {
  const row = await findInvoice(db, id, invoiceScope(await auth.scope(), auth.can('manage billing')));
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  const lines = await linesOf(db, id, evidence);
  const periodEnded = await periodEndedForAccount(db, row.accountId, row.periodTo, new Date());
  return {
    ...toInvoiceSummary(row),
    ...(await documentOf(db, row)),
    lines,
    groups: groupLines(lines) as Invoice['groups'],
    period_ended: periodEnded,
  };
}

type DocumentFields = Pick<Invoice, 'issuer' | 'bill_to_address' | 'payment_terms_days'>;

/**
 * Who issues the invoice, whom it is addressed to and its terms: as frozen when it was
 * finalized, or on a draft the current billing settings and account.
 */
async function documentOf(db: Executor, row: InvoiceRow): Promise<DocumentFields> {
  if (row.status !== 'draft') {
    return {
      issuer: row.issuer ?? null,
      bill_to_address: row.billToAddress,
      payment_terms_days: row.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    };
  }
  const [{ issuer }, terms] = await Promise.all([invoiceIssuer(db), accountBillingTerms(db, row.accountId)]);
  return { issuer, bill_to_address: terms.billingAddress, payment_terms_days: terms.paymentTermsDays };
}

/** The invoice and the logo to print on its PDF (the logo is never frozen: it is the installation's current one). */
export async function getInvoiceDocument(db: Database, auth: RequestAuth, id: number) {
  const [invoice, { logo }] = await Promise.all([readInvoice(db, auth, id), invoiceIssuer(db)]);
  return { invoice, logo };
}

export const getInvoice = (db: Database, auth: RequestAuth, id: number, evidence: 'listed' | 'all' = 'listed') =>
  readInvoice(db, auth, id, evidence);

export async function listInvoices(
  db: Database,
  auth: RequestAuth,
  filter: PageRequest & { status?: InvoiceStatus; account_id?: number },
): Promise<Page<InvoiceSummary>> {
  return listInvoiceRows(db, invoiceScope(await auth.scope(), auth.can('manage billing')), filter);
}

/**
 * A draft from the preview of the account and period; when a draft of that period exists it is regenerated: its
 * derived lines are derived again (the same facts give the same lines), its manual lines stay.
 */
export async function createDraft(
  db: Database,
  auth: RequestAuth,
  period: BillingPeriod,
  currency: string,
): Promise<{ invoice: Invoice; regenerated: boolean }> {
  await requireAccess(db, await auth.scope(), accountResource, period.account_id);
  const accountName = (await billedAccountName(db, period.account_id)) ?? '';
  const { id, regenerated } = await inTransaction(db, async (tx) => {
    // Days a finalized invoice holds are billed: a draft over them would bill them twice (409, void that one first).
    await lockBillingOf(tx, period.account_id);
    if (await findFinalizedOverlapping(tx, period.account_id, period.from, period.to)) {
      throw conflict(INVOICE_MESSAGES.periodFinalized);
    }
    const existing = await findDraftFor(tx, period.account_id, period.from, period.to);
    const draftId =
      existing?.id ??
      (await insertDraft(tx, {
        accountId: period.account_id,
        accountName,
        from: period.from,
        to: period.to,
        currency,
        userId: auth.user.id,
      }));
    if (existing) await deleteDerivedLines(tx, draftId);
    await appendLines(tx, draftId, await deriveChargeLines(tx, period), 'derived');
    await refreshDraftTotal(tx, draftId);
    await recordEvent(tx, {
      kind: 'invoice.draft_created',
      payload: { account_name: accountName, period: `${period.from} – ${period.to}`, regenerated: Boolean(existing) },
      ...invoiceEvent(auth, draftId, period.account_id),
    });
    return { id: draftId, regenerated: Boolean(existing) };
  });
  return { invoice: await readInvoice(db, auth, id), regenerated };
}

/** Locks a draft in the caller's reach for a change (404 out of reach, 409 when it is no longer a draft). */
async function lockDraft(tx: Executor, auth: RequestAuth, id: number) {
  const row = await lockInvoice(tx, id);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  await requireAccess(tx, await auth.scope(), accountResource, row.accountId).catch(() => {
    throw notFound(INVOICE_MESSAGES.notFound);
  });
  if (row.status !== 'draft') throw conflict(INVOICE_MESSAGES.notDraft);
  return row;
}

export async function addManualLine(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: ManualLineInput,
): Promise<Invoice> {
  await inTransaction(db, async (tx) => {
    const row = await lockDraft(tx, auth, id);
    await appendLines(
      tx,
      id,
      [
        {
          charge_type: 'manual',
          description: input.description,
          quantity: input.quantity,
          rate_micros: input.rate_micros,
          amount_cents: lineAmountCents(input.quantity, input.rate_micros),
          rate_effective_from: null,
          rate_source: 'manual',
          evidence: [],
          evidence_total: 0,
        },
      ],
      'manual',
    );
    await refreshDraftTotal(tx, id);
    await recordEvent(tx, {
      kind: 'invoice.line_added',
      payload: { account_name: row.accountName, period: periodText(row), description: input.description },
      ...invoiceEvent(auth, id, row.accountId),
    });
  });
  return readInvoice(db, auth, id);
}

/**
 * Refuses to finalize what would bill a period wrongly: a period whose last day has not ended in every zone of the
 * account's warehouses (facts still to come would never be billed; the zone where the day ends last decides), and a
 * period sharing a day with a finalized invoice of the account (those days would be billed twice). Runs under the
 * account's billing lock (`lockBillingOf`, taken first), so of two finalizations of overlapping periods the second
 * sees the first.
 */
async function refuseUnbillablePeriod(
  tx: Executor,
  row: { id: number; accountId: number; periodFrom: string; periodTo: string },
  now: Date,
) {
  if (!(await periodEndedForAccount(tx, row.accountId, row.periodTo, now))) {
    throw conflict(INVOICE_MESSAGES.periodNotEnded);
  }
  // A draft made before another invoice over some of its days was finalized must not bill them again.
  if (await findFinalizedOverlapping(tx, row.accountId, row.periodFrom, row.periodTo, row.id)) {
    throw conflict(INVOICE_MESSAGES.periodFinalized);
  }
}

/**
 * Finalizes a draft: the next number of the year's sequence, and from now on its lines and total are what they
 * are (nothing recomputes them). The row lock makes a second finalize of the same invoice wait and then find it
 * finalized (409); `refuseUnbillablePeriod` refuses an unfinished or already billed period (the partial unique index
 * stays as the last guard for the exact same period).
 */
export async function finalizeInvoice(db: Database, auth: RequestAuth, id: number, now = new Date()): Promise<Invoice> {
  const target = await findInvoice(db, id);
  try {
    await inTransaction(db, async (tx) => {
      // The account's billing lock first (as drafts and manual-charge deletes take it), then the invoice row.
      if (target) await lockBillingOf(tx, target.accountId);
      const row = await lockDraft(tx, auth, id);
      await refuseUnbillablePeriod(tx, row, now);
      const year = now.getUTCFullYear();
      const number = invoiceNumber(year, await takeInvoiceNumber(tx, year));
      // The document as sent: issued today (UTC), due after the account's terms, to its address, from the issuer.
      const document = await documentOf(tx, row);
      const issuedOn = now.toISOString().slice(0, 10);
      const frozen = {
        issuedOn,
        dueOn: addDaysTo(issuedOn, document.payment_terms_days),
        paymentTermsDays: document.payment_terms_days,
        billToAddress: document.bill_to_address,
        issuer: document.issuer,
      };
      if (!(await markFinalized(tx, id, number, now, frozen))) throw conflict(INVOICE_MESSAGES.notDraft);
      await recordEvent(tx, {
        kind: 'invoice.finalized',
        payload: {
          account_name: row.accountName,
          period: periodText(row),
          number,
          total_cents: row.totalCents,
          period_from: row.periodFrom,
          period_to: row.periodTo,
          currency: row.currency,
        },
        ...invoiceEvent(auth, id, row.accountId),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(INVOICE_MESSAGES.alreadyFinalized);
    throw error;
  }
  return readInvoice(db, auth, id);
}

/** A manual line of a draft in the caller's reach, locked with its draft (404 unknown, 409 derived or not a draft). */
async function lockManualLine(tx: Executor, auth: RequestAuth, id: number, lineId: number) {
  const row = await lockDraft(tx, auth, id);
  const line = await findLine(tx, id, lineId);
  if (!line) throw notFound(INVOICE_MESSAGES.lineNotFound);
  if (line.source !== 'manual') throw conflict(INVOICE_MESSAGES.lineDerived);
  return { row, line };
}

/** Edits a manual line of a draft (description, quantity, rate); its amount is computed again, as when added. */
export async function updateManualLineOf(
  db: Database,
  auth: RequestAuth,
  id: number,
  lineId: number,
  input: ManualLineInput,
): Promise<Invoice> {
  await inTransaction(db, async (tx) => {
    const { row } = await lockManualLine(tx, auth, id, lineId);
    await updateManualLine(tx, lineId, {
      description: input.description,
      quantity: input.quantity,
      rateMicros: input.rate_micros,
      amountCents: lineAmountCents(input.quantity, input.rate_micros),
    });
    await refreshDraftTotal(tx, id);
    await recordEvent(tx, {
      kind: 'invoice.line_updated',
      payload: { account_name: row.accountName, period: periodText(row), description: input.description },
      ...invoiceEvent(auth, id, row.accountId),
    });
  });
  return readInvoice(db, auth, id);
}

/** Deletes a manual line of a draft. */
export async function deleteManualLineOf(
  db: Database,
  auth: RequestAuth,
  id: number,
  lineId: number,
): Promise<Invoice> {
  await inTransaction(db, async (tx) => {
    const { row, line } = await lockManualLine(tx, auth, id, lineId);
    await deleteManualLine(tx, lineId);
    await refreshDraftTotal(tx, id);
    await recordEvent(tx, {
      kind: 'invoice.line_deleted',
      payload: { account_name: row.accountName, period: periodText(row), description: line.description },
      ...invoiceEvent(auth, id, row.accountId),
    });
  });
  return readInvoice(db, auth, id);
}

/** Voids a finalized invoice with a reason; its number stays used, and the period may be invoiced again. */
export async function voidInvoice(db: Database, auth: RequestAuth, id: number, reason: string): Promise<Invoice> {
  await inTransaction(db, async (tx) => {
    const row = await lockInvoice(tx, id);
    if (!row) throw notFound(INVOICE_MESSAGES.notFound);
    await requireAccess(tx, await auth.scope(), accountResource, row.accountId).catch(() => {
      throw notFound(INVOICE_MESSAGES.notFound);
    });
    const now = new Date();
    if (row.status !== 'finalized' || !(await markVoid(tx, id, reason, now))) {
      throw conflict(INVOICE_MESSAGES.notFinalized);
    }
    await recordEvent(tx, {
      kind: 'invoice.voided',
      payload: { account_name: row.accountName, period: periodText(row), number: row.number ?? '', reason },
      ...invoiceEvent(auth, id, row.accountId),
    });
  });
  return readInvoice(db, auth, id);
}
