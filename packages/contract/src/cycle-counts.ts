import { z } from 'zod';
import { idSchema } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';
import { safeString } from './text';

/**
 * Cycle counts: a count of some locations of one warehouse, blind for the counter, reviewed by a manager
 * whose approval writes a ledger `count` adjustment per line with a variance.
 *
 * States: open (created, nothing counted) → counting (a first count recorded) → review (counting finished, some
 * line has a variance) → approved; review → counting again when lines are sent back for a recount; open, counting
 * or review → cancelled. A count finished without any variance is approved at once (nothing to review).
 */
export const CYCLE_COUNT_STATES = ['open', 'counting', 'review', 'approved', 'cancelled'] as const;
export type CycleCountState = (typeof CYCLE_COUNT_STATES)[number];
export const CYCLE_COUNT_STATE_LABELS: Record<CycleCountState, string> = {
  open: 'Open',
  counting: 'Counting',
  review: 'In review',
  approved: 'Approved',
  cancelled: 'Cancelled',
};

export const CYCLE_COUNT_SCOPES = ['zone', 'range', 'product', 'account', 'not_counted'] as const;
export type CycleCountScope = (typeof CYCLE_COUNT_SCOPES)[number];
export const CYCLE_COUNT_SCOPE_LABELS: Record<CycleCountScope, string> = {
  zone: 'A zone',
  range: 'A range of location codes',
  product: 'A product',
  account: 'An account',
  not_counted: 'Locations not counted for N days',
};

/** Most locations one count may take (a count is a day's work for a team, not the whole building at once). */
export const CYCLE_COUNT_MAX_LOCATIONS = 2000;
/** Most lines one recount request may name. */
export const CYCLE_COUNT_RECOUNT_MAX = 2000;
/** Longest lot code a count may name (the receiving form's limit). */
export const CYCLE_COUNT_LOT_CODE_MAX = 64;
/** The dashboard's inventory accuracy looks back this many days. */
export const INVENTORY_ACCURACY_DAYS = 30;

export const CYCLE_COUNT_MESSAGES = {
  warehouseRequired: 'Choose the warehouse to count.',
  scopeInvalid: `Choose what to count: ${CYCLE_COUNT_SCOPES.join(', ')}.`,
  zoneRequired: 'Choose the zone to count.',
  rangeRequired: 'Give the first and the last location code of the range.',
  productRequired: 'Choose the product to count.',
  accountRequired: 'Choose the account to count.',
  daysInvalid: 'The number of days must be a whole number from 1 to 3650.',
  nothingToCount: 'No active location of this warehouse matches: there is nothing to count.',
  tooManyLocations: (count: number) =>
    `This count would take ${count.toLocaleString('en-US')} locations; count at most ${CYCLE_COUNT_MAX_LOCATIONS.toLocaleString('en-US')} at once (narrow the zone or range).`,
  notFound: 'Cycle count not found',
  locationNotInCount: 'This location is not part of this count.',
  productNotFound: 'No product with this SKU or barcode in this warehouse.',
  productNotInCount: 'This product is not part of this count.',
  productAmbiguous: 'Several accounts have a product with this code: choose the account.',
  lotRequired: 'This product is kept by lot here: choose or enter the lot you counted.',
  lotInvalid: `The lot code must be at most ${CYCLE_COUNT_LOT_CODE_MAX} characters.`,
  quantityInvalid: 'The counted quantity must be a whole number from 0 to 1,000,000.',
  notCounting: 'This count is no longer being counted.',
  notInReview: 'Only a count in review can be approved or sent back for a recount.',
  notCancellable: 'An approved or cancelled count cannot be cancelled.',
  linesRequired: 'Choose the lines to count again.',
  lineNotInCount: 'These lines are not lines of this count with a count recorded.',
  created: (lines: number) => `Cycle count created with ${lines.toLocaleString('en-US')} lines`,
  counted: 'Count recorded',
  submitted: 'Counting finished',
  approvedMessage: 'Cycle count approved: the stock now matches the count',
  recountRequested: 'Lines sent back for a recount',
  cancelled: 'Cycle count cancelled',
} as const;

const days = z
  .number({ error: CYCLE_COUNT_MESSAGES.daysInvalid })
  .int(CYCLE_COUNT_MESSAGES.daysInvalid)
  .min(1, CYCLE_COUNT_MESSAGES.daysInvalid)
  .max(3650, CYCLE_COUNT_MESSAGES.daysInvalid);
const code = safeString().trim().max(64);

/** POST /api/cycle-counts: which locations (and so which stock) to count. */
export const cycleCountCreateSchema = z
  .object({
    warehouse_id: idSchema(CYCLE_COUNT_MESSAGES.warehouseRequired),
    scope: z.enum(CYCLE_COUNT_SCOPES, { error: CYCLE_COUNT_MESSAGES.scopeInvalid }),
    zone: safeString().trim().max(32).nullish(),
    from_code: code.nullish(),
    to_code: code.nullish(),
    product_id: idSchema().nullish(),
    account_id: idSchema().nullish(),
    days: days.nullish(),
    notes: safeString()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    const need = (field: string, present: unknown, message: string) => {
      if (present === null || present === undefined || present === '')
        ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (v.scope === 'zone') need('zone', v.zone, CYCLE_COUNT_MESSAGES.zoneRequired);
    if (v.scope === 'range') {
      need('from_code', v.from_code, CYCLE_COUNT_MESSAGES.rangeRequired);
      need('to_code', v.to_code, CYCLE_COUNT_MESSAGES.rangeRequired);
    }
    if (v.scope === 'product') need('product_id', v.product_id, CYCLE_COUNT_MESSAGES.productRequired);
    if (v.scope === 'account') need('account_id', v.account_id, CYCLE_COUNT_MESSAGES.accountRequired);
    if (v.scope === 'not_counted') need('days', v.days, CYCLE_COUNT_MESSAGES.daysInvalid);
  });
export type CycleCountCreateInput = z.infer<typeof cycleCountCreateSchema>;
export type CycleCountCreateValues = z.input<typeof cycleCountCreateSchema>;

/** POST /api/cycle-counts/{id}/lines: one product counted in one location (scanned location, then product). */
export const cycleCountEntrySchema = z.object({
  location_code: safeString({ error: CYCLE_COUNT_MESSAGES.locationNotInCount })
    .trim()
    .min(1, CYCLE_COUNT_MESSAGES.locationNotInCount)
    .max(64),
  code: safeString({ error: CYCLE_COUNT_MESSAGES.productNotFound })
    .trim()
    .min(1, CYCLE_COUNT_MESSAGES.productNotFound)
    .max(255)
    .describe("The product's SKU or barcode (SKU first)"),
  account_id: idSchema().nullish().describe('Only when several accounts share the code'),
  lot_code: safeString({ error: CYCLE_COUNT_MESSAGES.lotInvalid })
    .trim()
    .max(CYCLE_COUNT_LOT_CODE_MAX, CYCLE_COUNT_MESSAGES.lotInvalid)
    .nullish()
    .transform((v) => v || null)
    .describe(
      'The lot counted. Required when the location holds the product in lots (or several lines of it) or the product tracks lots; a lot not expected there adds a line (a new lot code is recorded for the product)',
    ),
  without_lot: z
    .boolean()
    .optional()
    .describe(
      'Counting the units that carry no lot, where lots of the product lie beside them (ignored with lot_code)',
    ),
  quantity: z
    .number({ error: CYCLE_COUNT_MESSAGES.quantityInvalid })
    .int(CYCLE_COUNT_MESSAGES.quantityInvalid)
    .min(0, CYCLE_COUNT_MESSAGES.quantityInvalid)
    .max(1_000_000, CYCLE_COUNT_MESSAGES.quantityInvalid),
});
export type CycleCountEntryInput = z.infer<typeof cycleCountEntrySchema>;
export type CycleCountEntryValues = z.input<typeof cycleCountEntrySchema>;

/** POST /api/cycle-counts/{id}/recount: the lines to count again. */
export const cycleCountRecountSchema = z.object({
  line_ids: z
    .array(idSchema())
    .min(1, CYCLE_COUNT_MESSAGES.linesRequired)
    .max(CYCLE_COUNT_RECOUNT_MAX, CYCLE_COUNT_MESSAGES.linesRequired),
});

export const cycleCountListQuery = paginationQuery.extend({
  state: z.enum(CYCLE_COUNT_STATES).optional(),
  warehouse_id: idSchema().optional(),
});
export type CycleCountListQuery = z.infer<typeof cycleCountListQuery>;

export const cycleCountSummarySchema = z.object({
  id: z.number().int(),
  warehouse: z.object({ id: z.number().int(), name: z.string() }),
  state: z.enum(CYCLE_COUNT_STATES),
  scope: z.enum(CYCLE_COUNT_SCOPES),
  scope_label: z.string().describe('What was counted, in words (e.g. "Zone A", "A-01 to A-09")'),
  notes: z.string().nullable(),
  locations_count: z.number().int(),
  lines_count: z.number().int(),
  lines_counted: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
});
export type CycleCountSummary = z.infer<typeof cycleCountSummarySchema>;

export const cycleCountLineSchema = z.object({
  id: z.number().int(),
  location: z.object({ id: z.number().int(), code: z.string() }),
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string(), barcode: z.string().nullable() }),
  account: z.object({ id: z.number().int(), name: z.string() }),
  lot: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  counted_quantity: z.number().int().nullable(),
  recount: z.boolean().describe('Sent back for a recount: counted again before approval'),
  added: z.boolean().describe('Found in the location though not expected there'),
  expected_quantity: z
    .number()
    .int()
    .nullable()
    .describe('Hidden (null) while counting, and from callers without `approve cycle counts`: the count is blind'),
  variance: z.number().int().nullable().describe('counted − expected; hidden like expected_quantity'),
});
export type CycleCountLine = z.infer<typeof cycleCountLineSchema>;

export const cycleCountSchema = cycleCountSummarySchema.extend({
  locations: z
    .array(z.object({ id: z.number().int(), code: z.string() }))
    .describe('The locations to count, walk order'),
  lines: z.array(cycleCountLineSchema),
  expected_visible: z.boolean().describe('Whether expected quantities and variances are shown to this caller'),
});
export type CycleCount = z.infer<typeof cycleCountSchema>;

export const cycleCountListResponse = z.object({ data: z.array(cycleCountSummarySchema), meta: pageMetaSchema });
export const cycleCountResponse = z.object({ data: cycleCountSchema, message: z.string().optional() });

/** GET /api/locations/{id}/counts: the counts that took the location, newest first. */
export const locationCountHistoryResponse = z.object({
  data: z.array(
    z.object({
      cycle_count_id: z.number().int(),
      state: z.enum(CYCLE_COUNT_STATES),
      created_at: z.string(),
      approved_at: z.string().nullable(),
      lines_counted: z.number().int(),
      lines_with_variance: z.number().int().nullable().describe('Shown once the count is approved'),
    }),
  ),
});

/** GET /api/cycle-counts/accuracy: counted lines without variance in approved counts of the last 30 days. */
export const inventoryAccuracyResponse = z.object({
  days: z.number().int(),
  lines_counted: z.number().int(),
  lines_accurate: z.number().int(),
  accuracy: z.number().nullable().describe('lines_accurate / lines_counted (0…1); null when nothing was counted'),
});
export type InventoryAccuracy = z.infer<typeof inventoryAccuracyResponse>;
