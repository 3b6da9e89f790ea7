import { z } from 'zod';
import {
  billingPeriodSchema,
  chargeGroupSchema,
  evidenceSchema,
  LINE_CHARGE_TYPES,
  manualLineInputSchema,
} from './billing';
import { idSchema, optionalIdQuery } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';
import { safeString } from './text';

/**
 * Invoices: draft (made from a preview; manual lines may be added) → finalized (numbered from one
 * installation-wide sequence per year, `INV-2026-000123`; its lines, rates and totals are frozen copies) → void
 * (with a reason; the number stays used). One finalized invoice per account and period.
 */
export const INVOICE_STATUSES = ['draft', 'finalized', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found.',
  draftCreated: 'Draft invoice created',
  draftRegenerated: 'Draft invoice regenerated',
  lineAdded: 'Line added',
  lineUpdated: 'Line updated',
  lineDeleted: 'Line deleted',
  lineNotFound: 'Line not found.',
  lineDerived: 'Only manual lines can be changed: derived lines follow the facts (create the draft again).',
  finalized: 'Invoice finalized',
  voided: 'Invoice voided',
  notDraft: 'Only a draft invoice can be changed or finalized.',
  notFinalized: 'Only a finalized invoice can be voided.',
  alreadyFinalized: 'This account already has a finalized invoice for this period. Void it first.',
  periodFinalized:
    'A finalized invoice of this account already covers some of these days. Void it first to invoice them again.',
  periodNotEnded:
    "The period has not ended yet in every warehouse's time zone: later facts of it would never be billed. Finalize it after its last day.",
  reasonRequired: 'Enter the reason for voiding the invoice.',
  formatInvalid: 'Choose csv or xlsx.',
} as const;

/** The invoice number of the n-th invoice finalized in a year. */
export const invoiceNumber = (year: number, n: number): string => `INV-${year}-${String(n).padStart(6, '0')}`;

export const invoiceLineSchema = z.object({
  id: z.number().int(),
  source: z.enum(['derived', 'manual']),
  charge_type: z.enum(LINE_CHARGE_TYPES),
  description: z.string(),
  quantity: z.number().int(),
  rate_micros: z.number().int(),
  amount_cents: z.number().int(),
  rate_effective_from: z.string().nullable(),
  rate_source: z.enum(['account', 'default', 'manual']),
  /** Its first EVIDENCE_LISTED facts (billing.ts), or all of them for the export. */
  evidence: z.array(evidenceSchema),
  evidence_total: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  account_id: z.number().int(),
  account_name: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  total_cents: z.number().int(),
  void_reason: z.string().nullable(),
  finalized_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  created_at: z.string(),
  /** The day it was finalized and the day payment is due (issue + terms); null on drafts. */
  issued_on: z.string().nullable(),
  due_on: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** The issuer printed on an invoice: the billing settings (frozen into the invoice when it is finalized). */
export const invoiceIssuerSchema = z.object({
  company_name: z.string(),
  address: z.string(),
  tax_id: z.string(),
});
export type InvoiceIssuer = z.infer<typeof invoiceIssuerSchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  /** Null while the installation has no billing settings. */
  issuer: invoiceIssuerSchema.nullable(),
  /** The account's billing address and payment terms (the account's current ones on a draft). */
  bill_to_address: z.string().nullable(),
  payment_terms_days: z.number().int(),
  lines: z.array(invoiceLineSchema),
  /** The lines grouped by charge type with subtotals (the PDF's layout). */
  groups: z.array(chargeGroupSchema.extend({ lines: z.array(invoiceLineSchema) })),
  /**
   * Its last day is over in every zone of the account's warehouses: only then may a draft be
   * finalized, so screens disable Finalize with `INVOICE_MESSAGES.periodNotEnded` until it is true.
   */
  period_ended: z.boolean(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceResponse = z.object({ invoice: invoiceSchema });
export const invoiceSavedResponse = z.object({ invoice: invoiceSchema, message: z.string() });

/** GET /api/invoices: staff see every status; clients only finalized (and void) invoices of their accounts. */
export const invoiceListQuery = paginationQuery.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  account_id: optionalIdQuery(),
});
export const invoiceListResponse = z.object({ data: z.array(invoiceSummarySchema), meta: pageMetaSchema });

/** POST /api/invoices: a draft from the preview of this account and period (again: the draft regenerated). */
export const invoiceCreateSchema = billingPeriodSchema;
export const invoiceLineInputSchema = manualLineInputSchema;
/** `{ id, lineId }`: a line of an invoice (PUT/DELETE /api/invoices/{id}/lines/{lineId}). */
export const invoiceLineParams = z.object({ id: idSchema(), lineId: idSchema() });
export const invoiceVoidSchema = z.object({
  reason: safeString({ error: INVOICE_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: INVOICE_MESSAGES.reasonRequired })
    .max(500),
});
export const invoiceExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: INVOICE_MESSAGES.formatInvalid }).default('csv'),
});
