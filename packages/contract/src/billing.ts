import { z } from 'zod';
import { idSchema, optionalIdQuery } from './ids';
import { RATE_DECIMALS } from './money';
import { pageMetaSchema, paginationQuery } from './pagination';
import { CHARGE_TYPE_LABELS, CHARGE_TYPES, type ChargeType, rateSchema } from './rate-cards';
import { safeString } from './text';

/**
 * Charges: what an account owes for a period, derived from what the warehouse did (ledger, shipments,
 * orders, labels, merge items, location stock), priced with the rate card in force on the day of each fact, plus
 * the manual charges staff enter. Amounts are integer cents, rates integer micro-units (money.ts).
 */
export const BILLING_MESSAGES = {
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
  periodOrder: 'The end date must be on or after the start date.',
  periodTooLong: 'Choose a period of at most 366 days.',
  accountRequired: 'Choose an account.',
  accountUnknown: 'The selected account does not exist.',
  descriptionRequired: 'Enter a description.',
  quantityInvalid: 'Enter a whole quantity from 1 to 1000000.',
  rateInvalid: `Enter a rate with at most ${RATE_DECIMALS} decimals.`,
  manualChargeCreated: 'Manual charge added',
  manualChargeDeleted: 'Manual charge deleted',
  manualChargeNotFound: 'Manual charge not found.',
  manualChargeInvoiced:
    'This charge falls in the period of a finalized invoice, which can no longer change. Void that invoice first.',
} as const;

/** Manual charges and lines added by hand: value-added services (kitting, special packing…). */
export const MANUAL_CHARGE_TYPE = 'manual' as const;
export type LineChargeType = ChargeType | typeof MANUAL_CHARGE_TYPE;
export const LINE_CHARGE_TYPES = [...CHARGE_TYPES, MANUAL_CHARGE_TYPE] as const;

export const chargeTypeLabel = (type: LineChargeType): string =>
  type === MANUAL_CHARGE_TYPE ? 'Manual charges' : CHARGE_TYPE_LABELS[type].label;

/** The longest period one preview or invoice covers. */
export const PERIOD_MAX_DAYS = 366;

const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
};
export const isoDateSchema = z
  .string({ error: BILLING_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: BILLING_MESSAGES.dateInvalid })
  .refine(isRealDate, { error: BILLING_MESSAGES.dateInvalid });

/** Days from `from` to `to`, both included (YYYY-MM-DD). */
export const periodDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The date `days` after a YYYY-MM-DD date. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** account_id + from/to: the shape of a preview query and of an invoice's period. */
export const billingPeriodSchema = z
  .object({
    account_id: idSchema(BILLING_MESSAGES.accountRequired),
    from: isoDateSchema,
    to: isoDateSchema,
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: BILLING_MESSAGES.periodOrder });
    else if (periodDays(value.from, value.to) > PERIOD_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: BILLING_MESSAGES.periodTooLong });
    }
  });
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

/** The fact a line was derived from: one shipment, order, label, merge item, storage day or manual charge. */
export const EVIDENCE_KINDS = [
  'shipment',
  'receipt',
  'storage_day',
  'location_day',
  'order',
  'label',
  'merge_item',
  'manual_charge',
  'minimum',
  'return',
  'kit_work_order',
] as const;
export const evidenceSchema = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  /** The id of the shipment, order, label, merge item or manual charge; null for storage days and the minimum. */
  id: z.number().int().nullable(),
  /** What a person reads: an order number, a tracking number, "Alpha Warehouse" for a storage day… */
  reference: z.string(),
  /** The billing day of the fact, in its warehouse's time zone. */
  date: z.string(),
  quantity: z.number().int(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/**
 * How many facts of a line a response lists (the first ones, by day): a busy month's fulfilment line has 100 000
 * orders, 30 MB of JSON nobody reads on a screen. `evidence_total` says how many there are; an invoice's CSV/XLSX
 * export carries them all.
 */
export const EVIDENCE_LISTED = 100;

export const chargeLineSchema = z.object({
  charge_type: z.enum(LINE_CHARGE_TYPES),
  description: z.string(),
  quantity: z.number().int(),
  rate_micros: z.number().int(),
  amount_cents: z.number().int(),
  /** The rate card version the rate came from (its effective date); null for manual lines. */
  rate_effective_from: z.string().nullable(),
  rate_source: z.enum(['account', 'default', 'manual']),
  /** The first EVIDENCE_LISTED facts of the line in a response (all of them inside the server). */
  evidence: z.array(evidenceSchema),
  /** How many facts the line was derived from. */
  evidence_total: z.number().int(),
});
export type ChargeLine = z.infer<typeof chargeLineSchema>;

/** A line as a response lists it: its first EVIDENCE_LISTED facts. */
export const withListedEvidence = <T extends { evidence: Evidence[] }>(line: T): T =>
  line.evidence.length <= EVIDENCE_LISTED ? line : { ...line, evidence: line.evidence.slice(0, EVIDENCE_LISTED) };

export const chargeGroupSchema = z.object({
  charge_type: z.enum(LINE_CHARGE_TYPES),
  label: z.string(),
  lines: z.array(chargeLineSchema),
  total_cents: z.number().int(),
});
export type ChargeGroup = z.infer<typeof chargeGroupSchema>;

export const billingPreviewSchema = z.object({
  account_id: z.number().int(),
  account_name: z.string(),
  from: z.string(),
  to: z.string(),
  /**
   * The last day derived charges (storage, receiving, fulfilment…) are counted for: `to`, or today when the period
   * runs past today (days that have not happened are not charged; manual charges and the monthly minimum still
   * cover the whole period). Before `from` when the period has not begun.
   */
  derived_until: z.string(),
  currency: z.string(),
  groups: z.array(chargeGroupSchema),
  total_cents: z.number().int(),
});
export type BillingPreview = z.infer<typeof billingPreviewSchema>;
export const billingPreviewResponse = z.object({ preview: billingPreviewSchema });

const quantitySchema = z
  .number({ error: BILLING_MESSAGES.quantityInvalid })
  .int({ error: BILLING_MESSAGES.quantityInvalid })
  .min(1, { error: BILLING_MESSAGES.quantityInvalid })
  .max(1_000_000, { error: BILLING_MESSAGES.quantityInvalid });
const descriptionSchema = safeString({ error: BILLING_MESSAGES.descriptionRequired })
  .trim()
  .min(1, { error: BILLING_MESSAGES.descriptionRequired })
  .max(500);

/** A manual charge line: description, quantity (whole units) and a unit rate in micro-units. */
export const manualLineInputSchema = z.object({
  description: descriptionSchema,
  quantity: quantitySchema,
  rate_micros: rateSchema.shape.rate_micros,
});
export type ManualLineInput = z.infer<typeof manualLineInputSchema>;

/** POST /api/billing/manual-charges: a value-added service on a day, billed in the period holding that day. */
export const manualChargeInputSchema = manualLineInputSchema.extend({
  account_id: idSchema(BILLING_MESSAGES.accountRequired),
  charge_date: isoDateSchema,
});
export type ManualChargeInput = z.infer<typeof manualChargeInputSchema>;

export const manualChargeSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  charge_date: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  rate_micros: z.number().int(),
  amount_cents: z.number().int(),
  created_at: z.string(),
});
export type ManualCharge = z.infer<typeof manualChargeSchema>;
export const manualChargeSavedResponse = z.object({ manual_charge: manualChargeSchema, message: z.string() });

/**
 * A manual charge as the list shows it: its account's name, and the finalized (not void) invoice whose period holds
 * its day, if any. Such a charge is frozen in that invoice and cannot be deleted.
 */
export const manualChargeListItemSchema = manualChargeSchema.extend({
  account_name: z.string(),
  invoice_number: z.string().nullable(),
});
export type ManualChargeListItem = z.infer<typeof manualChargeListItemSchema>;

/** GET /api/billing/manual-charges: newest day first; account and days (from/to, both included) narrow it. */
export const manualChargeListQuery = paginationQuery
  .extend({
    account_id: optionalIdQuery(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: BILLING_MESSAGES.periodOrder });
    }
  });
export type ManualChargeListQuery = z.infer<typeof manualChargeListQuery>;
export const manualChargeListResponse = z.object({ data: z.array(manualChargeListItemSchema), meta: pageMetaSchema });
