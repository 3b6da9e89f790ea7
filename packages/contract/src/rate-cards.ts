import { z } from 'zod';
import { LOCATION_TYPES } from './locations';

/**
 * 3PL rate cards: a default card and optional per-account cards, each a list of versions by effective
 * date. A version holds a rate (integer micro-units, see money.ts) and an on/off flag per charge type. Manual
 * charges are invoice lines, not rates, so they are not here.
 */
export const BASE_CHARGE_TYPES = [
  'receiving_shipment',
  'receiving_unit',
  'storage_unit_day',
  'fulfilment_order',
  'fulfilment_extra_line',
  'fulfilment_extra_unit',
  'label_upload',
  'merge_item',
  'monthly_minimum',
  'return_received',
  'return_first_unit',
  'return_extra_unit',
  'return_unit_inspected',
  'kit_assembly',
  'kit_disassembly',
  'bundle_shipped',
] as const;
/** Storage per occupied location per day, one rate per location type. */
export const LOCATION_CHARGE_TYPES = LOCATION_TYPES.map((type) => `storage_location_day_${type}` as const);
export const CHARGE_TYPES = [...BASE_CHARGE_TYPES, ...LOCATION_CHARGE_TYPES] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];

export const CHARGE_TYPE_GROUPS = ['receiving', 'storage', 'fulfilment', 'other'] as const;

export const CHARGE_TYPE_LABELS: Record<ChargeType, { label: string; group: (typeof CHARGE_TYPE_GROUPS)[number] }> = {
  receiving_shipment: { label: 'Per inbound shipment verified', group: 'receiving' },
  receiving_unit: { label: 'Per unit received', group: 'receiving' },
  storage_unit_day: { label: 'Per unit per day', group: 'storage' },
  ...(Object.fromEntries(
    LOCATION_TYPES.map((type) => [
      `storage_location_day_${type}`,
      { label: `Per occupied ${type} location per day`, group: 'storage' },
    ]),
  ) as Record<(typeof LOCATION_CHARGE_TYPES)[number], { label: string; group: 'storage' }>),
  fulfilment_order: { label: 'Per order shipped', group: 'fulfilment' },
  fulfilment_extra_line: { label: 'Per line beyond the first', group: 'fulfilment' },
  fulfilment_extra_unit: { label: 'Per unit beyond the first', group: 'fulfilment' },
  label_upload: { label: 'Per label uploaded', group: 'other' },
  merge_item: { label: 'Per merge item', group: 'other' },
  monthly_minimum: { label: 'Minimum monthly fee', group: 'other' },
  return_received: { label: 'Per return received', group: 'receiving' },
  return_first_unit: { label: 'Per return: first unit returned', group: 'receiving' },
  return_extra_unit: { label: 'Per return: each extra unit returned', group: 'receiving' },
  return_unit_inspected: { label: 'Per returned unit inspected (released from quarantine)', group: 'receiving' },
  kit_assembly: { label: 'Per kit assembled', group: 'other' },
  kit_disassembly: { label: 'Per kit taken apart', group: 'other' },
  bundle_shipped: { label: 'Per bundle shipped', group: 'fulfilment' },
};

export const RATE_CARD_MESSAGES = {
  rateNegative: 'Rates cannot be negative.',
  rateInvalid: 'Enter a rate with at most 4 decimals.',
  dateInvalid: 'Enter the effective date as YYYY-MM-DD.',
  dateInvoiced: 'The effective date must be after the last day of a finalized invoice: billed charges never change.',
  accountRequired: 'Choose an account.',
  accountUnknown: 'The selected account does not exist.',
  cardExists: 'This account already has a rate card.',
  created: 'Rate card created successfully',
  saved: 'Rates saved successfully',
} as const;

/** Largest rate: 1 000 000.0000 a unit (micro-units stay far inside safe integers). */
const MAX_RATE_MICROS = 1_000_000 * 1_000_000;

export const rateSchema = z.object({
  rate_micros: z
    .number({ error: RATE_CARD_MESSAGES.rateInvalid })
    .int({ error: RATE_CARD_MESSAGES.rateInvalid })
    .min(0, { error: RATE_CARD_MESSAGES.rateNegative })
    .max(MAX_RATE_MICROS, { error: RATE_CARD_MESSAGES.rateInvalid })
    // 4 decimals: a whole number of 1/10 000 units.
    .refine((micros) => micros % 100 === 0, { error: RATE_CARD_MESSAGES.rateInvalid }),
  enabled: z.boolean(),
});
export type Rate = z.infer<typeof rateSchema>;

/** A version's rates: absent on an account card = the default card's rate applies; absent on the default = none. */
export const ratesSchema = z.partialRecord(z.enum(CHARGE_TYPES), rateSchema);
export type Rates = z.infer<typeof ratesSchema>;

const isoDate = z
  .string({ error: RATE_CARD_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: RATE_CARD_MESSAGES.dateInvalid })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: RATE_CARD_MESSAGES.dateInvalid,
    },
  );

export const rateCardVersionSchema = z.object({
  id: z.number().int(),
  effective_from: z.string(),
  rates: ratesSchema,
  /** Not yet in force anywhere and after every finalized invoice: may still change (PUT with the same date). */
  editable: z.boolean(),
  updated_at: z.string(),
});
export type RateCardVersion = z.infer<typeof rateCardVersionSchema>;

export const rateCardSchema = z.object({
  id: z.number().int(),
  /** null: the installation's default card. */
  account_id: z.number().int().nullable(),
  account_name: z.string().nullable(),
  /**
   * The first date a version may take effect: the day after the last day of the finalized invoices it prices (the
   * account's; for the default card, any account's). null: no such invoice, any date.
   */
  earliest_effective_from: z.string().nullable(),
  versions: z.array(rateCardVersionSchema),
});
export type RateCard = z.infer<typeof rateCardSchema>;

/** POST /api/rate-cards: a card for one account (the default card always exists). */
export const rateCardCreateSchema = z.object({
  account_id: z.number({ error: RATE_CARD_MESSAGES.accountRequired }).int().positive(),
});
export type RateCardCreateInput = z.infer<typeof rateCardCreateSchema>;

/** PUT /api/rate-cards/{id}: adds the version of that date, or replaces it when it is not yet in force (from `earliest_effective_from`). */
export const rateCardVersionInputSchema = z.object({
  effective_from: isoDate,
  rates: ratesSchema,
});
export type RateCardVersionInput = z.infer<typeof rateCardVersionInputSchema>;

export const rateCardListResponse = z.object({
  rate_cards: z.array(rateCardSchema),
  /** The installation currency (CURRENCY), for the screens to format rates. */
  currency: z.string(),
});
export const rateCardResponse = z.object({ rate_card: rateCardSchema });
export const rateCardSavedResponse = z.object({ rate_card: rateCardSchema, message: z.string() });

export interface EffectiveRate extends Rate {
  source: 'account' | 'default';
  effective_from: string;
}

type Versions = readonly Pick<RateCardVersion, 'effective_from' | 'rates'>[];

/** The version in force on `date` (YYYY-MM-DD): the latest one whose effective date is on or before it. */
export function versionOn<V extends Pick<RateCardVersion, 'effective_from'>>(versions: readonly V[], date: string) {
  let current: V | undefined;
  for (const version of versions) {
    if (version.effective_from <= date && (!current || version.effective_from > current.effective_from)) {
      current = version;
    }
  }
  return current;
}

/**
 * The rate of a charge type for an account on a date: the account card's version in force that day when it sets
 * that charge type, else the default card's version in force that day; null when neither sets it. A change applies
 * from its date on, never before.
 */
export function effectiveRate(
  cards: { default: Versions; account?: Versions },
  chargeType: ChargeType,
  date: string,
): EffectiveRate | null {
  const own = cards.account ? versionOn(cards.account, date) : undefined;
  const ownRate = own?.rates[chargeType];
  if (own && ownRate) return { ...ownRate, source: 'account', effective_from: own.effective_from };
  const fallback = versionOn(cards.default, date);
  const fallbackRate = fallback?.rates[chargeType];
  if (fallback && fallbackRate) return { ...fallbackRate, source: 'default', effective_from: fallback.effective_from };
  return null;
}
