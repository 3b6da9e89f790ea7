import { z } from 'zod';
import { idSchema } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';
import { optionalText, safeString } from './text';

/**
 * Returns (RMA): units of a shipped order coming back. Announced by the client (or staff for them), optionally
 * marked in transit, received line by line with a disposition per unit (Shopify's vocabulary, so a shop integration
 * maps it as is), and closed once no unit of it waits in quarantine any more. Cancelled only while announced.
 */
export const RETURN_STATUSES = ['announced', 'in_transit', 'received', 'closed', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  announced: 'Announced',
  in_transit: 'In transit',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_wanted', 'defective', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  not_wanted: 'Not wanted',
  defective: 'Defective',
  other: 'Other',
};

/**
 * What happened to received units: `restocked` into a storage or pick location (available again),
 * `processing_required` into a quarantine location (on hand, not available, until released), `not_restocked`
 * (nothing enters stock; the reason kept), `missing` (announced, never arrived).
 */
export const RETURN_DISPOSITIONS = ['restocked', 'processing_required', 'not_restocked', 'missing'] as const;
export type ReturnDisposition = (typeof RETURN_DISPOSITIONS)[number];

export const RETURN_RELEASE_ACTIONS = ['restock', 'dispose'] as const;
export type ReturnReleaseAction = (typeof RETURN_RELEASE_ACTIONS)[number];

/** Most lines one return may hold; the longest texts it keeps. */
export const RETURN_LINES_MAX = 200;
export const RETURN_RECEIPT_ROWS_MAX = 400;
export const RETURN_REASON_TEXT_MAX = 500;
export const RETURN_TRACKING_MAX = 100;
export const RETURN_CARRIER_MAX = 100;
export const RETURN_LOT_CODE_MAX = 64;
export const RETURN_QUANTITY_MAX = 100_000;

/** The return number shown everywhere: RMA- and the id on six digits at least. */
export const rmaNumberFor = (id: number) => `RMA-${String(id).padStart(6, '0')}`;

export const RETURN_MESSAGES = {
  notFound: 'Return not found',
  orderRequired: 'Choose the order the items come back from',
  orderNotFound: 'Order not found',
  orderNotShipped: 'Only shipped orders can be returned',
  linesRequired: 'Choose at least one item to return',
  tooManyLines: `A return holds at most ${RETURN_LINES_MAX} lines`,
  lineRequired: 'Choose the order line',
  lineNotInOrder: 'This line is not a line of the order',
  lineListedTwice: 'This line is listed twice',
  quantityInvalid: `The quantity must be a whole number from 1 to ${RETURN_QUANTITY_MAX.toLocaleString('en-US')}`,
  quantityAboveReturnable: (returnable: number) =>
    returnable === 0
      ? 'Every shipped unit of this line is already returned'
      : `At most ${returnable} unit${returnable === 1 ? '' : 's'} of this line can still be returned`,
  reasonInvalid: `Choose a reason: ${RETURN_REASONS.join(', ')}`,
  reasonTextRequired: 'Say why the item comes back',
  reasonTextTooLong: `The reason must be at most ${RETURN_REASON_TEXT_MAX} characters`,
  trackingTooLong: `The tracking number must be at most ${RETURN_TRACKING_MAX} characters`,
  carrierTooLong: `The carrier must be at most ${RETURN_CARRIER_MAX} characters`,
  notCancellable: 'Only an announced return can be cancelled',
  notInTransitable: 'Only an announced return can be marked in transit',
  notReceivable: 'Only an announced or in-transit return can be received',
  dispositionInvalid: `Choose a disposition: ${RETURN_DISPOSITIONS.join(', ')}`,
  lineNotInReturn: 'This line is not a line of this return',
  lineAlreadyReceived: 'This line has already been received',
  receivedAboveAnnounced: 'More units are received than the line announced',
  locationRequired: 'Choose the location the units go to',
  locationInvalid: 'Choose an active location of the return’s warehouse',
  restockLocationType: 'Restocked units go to a storage or pick location',
  quarantineLocationType: 'Units needing processing go to a quarantine location',
  noLocationHere: 'Units of this disposition enter no location',
  lotRequired: 'Lot code is required for this product',
  lotTooLong: `Lot code must be at most ${RETURN_LOT_CODE_MAX} characters`,
  expiryRequired: 'Expiry date is required for this product',
  expiryInvalid: 'Please enter a valid expiry date',
  lotExpiryDiffers: 'This lot is already recorded with another expiry date',
  releaseAboveQuarantined: (quarantined: number) =>
    `Only ${quarantined} unit${quarantined === 1 ? '' : 's'} of this line wait in quarantine`,
  releaseNotAllowed: 'Only units of a received return can be released from quarantine',
  accountRequired: 'Choose the account the parcel belongs to',
  warehouseRequired: 'Choose the warehouse',
  accountNotInWarehouse: 'This account does not use this warehouse',
  productRequired: 'Choose the product',
  productNotOfAccount: 'This product is not one of the account’s',
  alreadyAttached: 'This return already belongs to an order',
  orderOtherAccount: 'Choose an order of the same account and warehouse',
  productsNotShipped: 'The order did not ship these products in these quantities (beyond what earlier returns took)',
  labelFileRequired: 'Choose the return label PDF',
  labelAlreadyUploaded: 'This return already has a label',
  labelNotAllowed: 'A label can be added only while the return is announced or in transit',
  labelNotFound: 'This return has no label',
  labelUploaded: 'Return label uploaded',
} as const;

/** Where a return's label PDF is downloaded (scoped like the return). */
export const returnLabelUrl = (id: number) => `/api/returns/${id}/label`;

const quantity = z
  .number({ error: RETURN_MESSAGES.quantityInvalid })
  .int(RETURN_MESSAGES.quantityInvalid)
  .min(1, RETURN_MESSAGES.quantityInvalid)
  .max(RETURN_QUANTITY_MAX, RETURN_MESSAGES.quantityInvalid);

/** One line of an announced return: an order line, how many units and why. */
export const returnLineInputSchema = z
  .object({
    order_item_id: idSchema(RETURN_MESSAGES.lineRequired),
    quantity,
    reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reasonInvalid }),
    reason_text: optionalText(RETURN_REASON_TEXT_MAX, RETURN_MESSAGES.reasonTextTooLong),
  })
  .superRefine((line, ctx) => {
    if (line.reason === 'other' && !line.reason_text)
      ctx.addIssue({ code: 'custom', path: ['reason_text'], message: RETURN_MESSAGES.reasonTextRequired });
  });

/** POST /api/returns: announce a return of a shipped (or partly shipped) order. */
export const returnCreateSchema = z.object({
  order_id: idSchema(RETURN_MESSAGES.orderRequired),
  lines: z
    .array(returnLineInputSchema, { error: RETURN_MESSAGES.linesRequired })
    .min(1, RETURN_MESSAGES.linesRequired)
    .max(RETURN_LINES_MAX, RETURN_MESSAGES.tooManyLines),
  carrier: optionalText(RETURN_CARRIER_MAX, RETURN_MESSAGES.carrierTooLong),
  tracking_number: optionalText(RETURN_TRACKING_MAX, RETURN_MESSAGES.trackingTooLong),
});
export type ReturnCreateInput = z.infer<typeof returnCreateSchema>;
export type ReturnCreateValues = z.input<typeof returnCreateSchema>;

const expiryDate = z
  .string({ error: RETURN_MESSAGES.expiryInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, RETURN_MESSAGES.expiryInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), RETURN_MESSAGES.expiryInvalid);

/** One part of a line's receipt: units of one disposition (and, entering stock, one location and lot). */
export const returnReceiptRowSchema = z.object({
  line_id: idSchema(RETURN_MESSAGES.lineNotInReturn),
  quantity,
  disposition: z.enum(RETURN_DISPOSITIONS, { error: RETURN_MESSAGES.dispositionInvalid }),
  location_id: idSchema(RETURN_MESSAGES.locationInvalid).nullish(),
  lot: safeString()
    .trim()
    .max(RETURN_LOT_CODE_MAX, RETURN_MESSAGES.lotTooLong)
    .nullish()
    .transform((v) => v || null),
  expiry: expiryDate.nullish().transform((v) => v ?? null),
  note: optionalText(RETURN_REASON_TEXT_MAX, RETURN_MESSAGES.reasonTextTooLong).describe(
    'Why units are not restocked (kept with the line)',
  ),
});

/**
 * POST /api/returns/{id}/receive: the lines received now, each once. A line may be split over several rows (2
 * back: 1 restocked, 1 processing_required); announced units not named come back as `missing`.
 */
export const returnReceiveSchema = z.object({
  lines: z
    .array(returnReceiptRowSchema, { error: RETURN_MESSAGES.linesRequired })
    .min(1, RETURN_MESSAGES.linesRequired)
    .max(RETURN_RECEIPT_ROWS_MAX, RETURN_MESSAGES.tooManyLines),
});
export type ReturnReceiveInput = z.infer<typeof returnReceiveSchema>;
export type ReturnReceiveValues = z.input<typeof returnReceiveSchema>;

/** POST /api/returns/{id}/lines/{lineId}/release: quarantined units of a line restocked or disposed of. */
export const returnReleaseSchema = z
  .object({
    quantity,
    action: z.enum(RETURN_RELEASE_ACTIONS),
    location_id: idSchema(RETURN_MESSAGES.locationInvalid).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'restock' && !v.location_id)
      ctx.addIssue({ code: 'custom', path: ['location_id'], message: RETURN_MESSAGES.locationRequired });
  });
export type ReturnReleaseInput = z.infer<typeof returnReleaseSchema>;
export type ReturnReleaseValues = z.input<typeof returnReleaseSchema>;

/**
 * POST /api/returns/unidentified: a parcel nobody announced and no order matches yet; its units go to quarantine
 * until staff attach the return to an order.
 */
export const returnUnidentifiedSchema = z.object({
  account_id: idSchema(RETURN_MESSAGES.accountRequired),
  warehouse_id: idSchema(RETURN_MESSAGES.warehouseRequired),
  lines: z
    .array(
      z.object({
        product_id: idSchema(RETURN_MESSAGES.productRequired),
        quantity,
        location_id: idSchema(RETURN_MESSAGES.locationRequired),
        lot: returnReceiptRowSchema.shape.lot,
        expiry: returnReceiptRowSchema.shape.expiry,
      }),
      { error: RETURN_MESSAGES.linesRequired },
    )
    .min(1, RETURN_MESSAGES.linesRequired)
    .max(RETURN_LINES_MAX, RETURN_MESSAGES.tooManyLines),
});
export type ReturnUnidentifiedInput = z.infer<typeof returnUnidentifiedSchema>;
export type ReturnUnidentifiedValues = z.input<typeof returnUnidentifiedSchema>;

/** POST /api/returns/{id}/attach: the order an unidentified return turned out to come from. */
export const returnAttachSchema = z.object({ order_id: idSchema(RETURN_MESSAGES.orderRequired) });

export const returnLineParams = z.object({ id: idSchema(), lineId: idSchema() });

export const returnListQuery = paginationQuery.extend({
  status: z.enum(RETURN_STATUSES).optional(),
  account_id: idSchema().optional(),
  warehouse_id: idSchema().optional(),
  order_id: idSchema().optional().describe("One order's returns (the order detail's Returns card)"),
});
export type ReturnListQuery = z.infer<typeof returnListQuery>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const returnSummarySchema = z.object({
  id: z.number().int(),
  rma_number: z.string(),
  status: z.enum(RETURN_STATUSES),
  order: z.object({ id: z.number().int(), order_number: z.string() }).nullable(),
  account: ref,
  warehouse: ref,
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  label_url: z
    .string()
    .nullable()
    .describe('The return label PDF (GET, scoped like the return), when one was uploaded'),
  units_announced: z.number().int(),
  units_received: z.number().int(),
  created_at: z.string(),
  received_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

export const returnReceiptSchema = z.object({
  disposition: z.enum(RETURN_DISPOSITIONS),
  quantity: z.number().int(),
  location: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  lot: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  note: z.string().nullable(),
  quarantined: z.number().int().describe('Units of this part still waiting in quarantine'),
});

export const returnLineSchema = z.object({
  id: z.number().int(),
  order_item_id: z.number().int().nullable(),
  product: z.object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    track_lots: z.boolean().describe('Rows entering stock need a lot'),
    track_expiry: z.boolean().describe('Rows entering stock need a lot and an expiry'),
  }),
  quantity: z.number().int().describe('Units announced'),
  reason: z.enum(RETURN_REASONS),
  reason_text: z.string().nullable(),
  received: z.boolean(),
  quantity_received: z.number().int().describe('Units that arrived (every disposition but missing)'),
  quantity_missing: z.number().int(),
  discrepancy: z.number().int().describe('Units received − units announced (0: as announced)'),
  quarantined: z.number().int().describe('Units still in quarantine, to release'),
  receipts: z.array(returnReceiptSchema),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnTimelineItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  time: z.string(),
});

export const returnSchema = returnSummarySchema.extend({
  lines: z.array(returnLineSchema),
  timeline: z.array(returnTimelineItemSchema),
});
export type Return = z.infer<typeof returnSchema>;

export const returnResponse = z.object({ data: returnSchema });

export const returnListResponse = z.object({
  data: z.array(returnSummarySchema),
  meta: pageMetaSchema,
  stats: z.record(z.enum(RETURN_STATUSES), z.number().int()).describe('Returns per status within the filters'),
});
