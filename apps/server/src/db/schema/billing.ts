import type { Evidence } from '@wms/contract/billing';
import type { InvoiceIssuer } from '@wms/contract/invoices';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * Manual charges: value-added services staff enter for an account on a day (kitting, special packing…).
 * The preview of a period holding that day lists them beside the derived charges. Rates in micro-units.
 */
export const manualCharges = pgTable(
  'manual_charges',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chargeDate: date('charge_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('manual_charges_account_date_idx').on(t.accountId, t.chargeDate),
    check('manual_charges_quantity_positive', sql`${t.quantity} > 0`),
    check('manual_charges_rate_non_negative', sql`${t.rateMicros} >= 0`),
  ],
);

/**
 * Invoices: a draft made from a preview, then finalized (numbered, frozen) or voided. The account's name
 * is copied so a finalized invoice reads the same after the account is renamed; `restrict` keeps an invoiced
 * account from being deleted. One finalized invoice per account and period (the partial unique index): a void one
 * frees the period, and its number stays used.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    accountName: text('account_name').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'finalized', 'void'] })
      .notNull()
      .default('draft'),
    currency: text('currency').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    voidReason: text('void_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    // What the document said when it was finalized (issuer, bill-to, terms, dates), so later
    // changes to the billing settings or the account leave a finalized invoice as it was sent. Null on drafts.
    issuedOn: date('issued_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    paymentTermsDays: integer('payment_terms_days'),
    billToAddress: text('bill_to_address'),
    issuer: jsonb('issuer').$type<InvoiceIssuer>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_one_finalized_per_period')
      .on(t.accountId, t.periodFrom, t.periodTo)
      .where(sql`${t.status} = 'finalized'`),
    // At most one draft per account and period: creating a draft again regenerates it.
    uniqueIndex('invoices_one_draft_per_period')
      .on(t.accountId, t.periodFrom, t.periodTo)
      .where(sql`${t.status} = 'draft'`),
    index('invoices_account_idx').on(t.accountId, t.periodFrom),
    index('invoices_status_idx').on(t.status, t.periodFrom),
    // The list's own order (period, newest first; id breaks ties) with no filter: the first page reads 25 index
    // entries instead of sorting every invoice (2.5 ms at 4 800 invoices, growing with accounts × months).
    index('invoices_period_idx').on(t.periodFrom, t.id),
    check('invoices_status_check', sql`${t.status} in ('draft', 'finalized', 'void')`),
    check('invoices_numbered_unless_draft', sql`(${t.status} = 'draft') = (${t.number} is null)`),
    check('invoices_period_order', sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);

/**
 * The lines of an invoice: copies (type, description, quantity, rate, amount and evidence), never references to
 * live rows, so later rate changes, deleted orders or corrected shipments leave a finalized invoice unchanged.
 * `source`: derived from the preview, or added by hand on the draft.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source', { enum: ['derived', 'manual'] }).notNull(),
    chargeType: text('charge_type').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    rateEffectiveFrom: date('rate_effective_from', { mode: 'string' }),
    rateSource: text('rate_source').notNull(),
    evidence: jsonb('evidence').$type<Evidence[]>().notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/**
 * The installation-wide invoice number counter, one row per year: finalizing takes `last_number + 1` with an
 * upsert that locks the row, so numbers are unique and consecutive (no gaps from rolled-back sequences).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
