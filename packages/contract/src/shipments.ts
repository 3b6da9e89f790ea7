import { z } from 'zod';
import { idSchema, optionalIdQuery } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';
import { optionalText, safeString } from './text';

/** Spec 2 §4: a shipment is announced pending, then verified into stock or rejected with a reason (by staff). */
export const SHIPMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** Spec 2 §4 colours as MUI palette keys: pending orange, verified positive, rejected negative. */
export const SHIPMENT_STATUS_COLORS: Record<ShipmentStatus, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'error',
};

/** Spec 2 §9: the status filter's choices (All sends no status). */
export const SHIPMENT_STATUS_FILTERS = ['all', ...SHIPMENT_STATUSES] as const;
/** Spec 2 §9: carrier presets; the field also takes any custom value. */
export const CARRIER_PRESETS = ['UPS', 'FedEx', 'USPS', 'DHL', 'Amazon Logistics', 'Other'] as const;
/** Spec 2 §9. */
export const SHIPMENTS_PAGE_SIZE = 25;
export const SHIPMENTS_SEARCH_DEBOUNCE_MS = 500;

/** A single shipment announces at most this many units (keeps on hand far from the integer limit). */
export const SHIPMENT_QUANTITY_MAX = 1_000_000;
export const TRACKING_NUMBER_MAX = 100;
export const CARRIER_MAX = 100;
export const SHIPMENT_NOTES_MAX = 2000;
export const REJECTION_REASON_MAX = 1000;
/** Products (lines) one shipment may announce, and put-away rows one line may name. */
export const SHIPMENT_LINES_MAX = 200;
export const PUTAWAY_ROWS_MAX = 50;
export const LOT_CODE_MAX = 64;
export const DISCREPANCY_REASON_MAX = 1000;

/** Spec 2 §5 and §8 texts, plus the server's rule messages. */
export const SHIPMENT_MESSAGES = {
  accountRequired: 'Account is required',
  warehouseRequired: 'Warehouse is required',
  productRequired: 'Product is required',
  quantityRequired: 'Quantity is required',
  quantityMin: 'Quantity must be at least 1',
  quantityWhole: 'Quantity must be a whole number',
  quantityTooLarge: `Quantity must be at most ${SHIPMENT_QUANTITY_MAX.toLocaleString('en-US')}`,
  trackingTooLong: `Tracking number must be at most ${TRACKING_NUMBER_MAX} characters`,
  carrierTooLong: `Carrier must be at most ${CARRIER_MAX} characters`,
  notesTooLong: `Notes must be at most ${SHIPMENT_NOTES_MAX} characters`,
  deliveryDateInvalid: 'Please enter a valid delivery date',
  reasonRequired: 'Reason is required',
  reasonRequiredDialog: 'Please provide a reason for rejection',
  reasonTooLong: `Reason must be at most ${REJECTION_REASON_MAX} characters`,
  accountInvalid: 'The selected account is invalid.',
  warehouseInvalid: 'The selected warehouse is invalid.',
  accountNotInWarehouse: 'The selected account is not linked to the selected warehouse.',
  productInvalid: 'The selected product is invalid.',
  productNotInAccount: 'The selected product does not belong to the selected account.',
  notFound: 'Shipment not found',
  onlyPendingEdited: 'Only pending shipments can be edited.',
  onlyCreatorEdits: 'Only the client who created this shipment can edit it.',
  onlyPendingDeleted: 'Only pending shipments can be deleted.',
  onlyCreatorDeletes: 'Only the client who created this shipment can delete it.',
  onlyPendingVerified: 'Only pending shipments can be verified.',
  onlyPendingRejected: 'Only pending shipments can be rejected.',
  alreadyReceived: 'This shipment has already been received into inventory.',
  created: 'Shipment created successfully! Awaiting verification from warehouse manager.',
  updated: 'Shipment updated successfully',
  verified: 'Shipment verified successfully! Inventory has been updated.',
  rejected: 'Shipment rejected',
  deleted: 'Shipment deleted successfully',
  loadFailed: 'Failed to load shipments',
  loadOneFailed: 'Failed to load shipment',
  loadAccountsFailed: 'Failed to load accounts',
  loadWarehousesFailed: 'Failed to load warehouses',
  loadProductsFailed: 'Failed to load products',
  createFailed: 'Failed to create shipment',
  updateFailed: 'Failed to update shipment',
  verifyFailed: 'Failed to verify shipment',
  rejectFailed: 'Failed to reject shipment',
  deleteFailed: 'Failed to delete shipment',
  // Multi-line shipments and putaway
  linesRequired: 'Add at least one product',
  tooManyLines: `A shipment carries at most ${SHIPMENT_LINES_MAX} products`,
  productOnAnotherLine: 'This product is already on another line',
  quantityIsSumOfLines: 'This shipment has several products: change its quantities per line',
  lineUnknown: 'This line is not on the shipment',
  lineListedTwice: 'This line is listed twice',
  everyLineReceived: 'Enter what was received for every line of the shipment',
  receivedRequired: 'Received quantity is required',
  receivedMin: 'Received quantity cannot be negative',
  discrepancyReasonRequired: 'Give a reason when the received quantity differs from the announced one',
  discrepancyReasonTooLong: `Reason must be at most ${DISCREPANCY_REASON_MAX} characters`,
  putawaySumMismatch: 'The put-away quantities must add up to the received quantity',
  tooManyPutawayRows: `Put a line away into at most ${PUTAWAY_ROWS_MAX} locations`,
  locationRequired: 'Location is required',
  locationInvalid: 'Choose an active location of the shipment’s warehouse',
  lotCodeRequired: 'Lot code is required for this product',
  lotCodeTooLong: `Lot code must be at most ${LOT_CODE_MAX} characters`,
  expiryRequired: 'Expiry date is required for this product',
  expiryInvalid: 'Please enter a valid expiry date',
  lotExpiryDiffers: 'This lot is already recorded with another expiry date',
  lotsNeedPutaway: 'Name the lot of every line: a product of this shipment tracks lots or expiry',
} as const;

/** Missing, null and blank fail with the field's "required" message (z.coerce alone turns '' and null into 0). */
const present = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema);

const requiredId = (message: string) => present(idSchema(message));

const quantityField = present(
  z.coerce
    .number({ error: SHIPMENT_MESSAGES.quantityRequired })
    .int(SHIPMENT_MESSAGES.quantityWhole)
    .min(1, SHIPMENT_MESSAGES.quantityMin)
    .max(SHIPMENT_QUANTITY_MAX, SHIPMENT_MESSAGES.quantityTooLarge),
);

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const deliveryDate = z
  .string()
  .trim()
  .max(10, SHIPMENT_MESSAGES.deliveryDateInvalid)
  .refine((v) => v === '' || isCalendarDate(v), SHIPMENT_MESSAGES.deliveryDateInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

const editableFields = {
  quantity: quantityField,
  tracking_number: optionalText(TRACKING_NUMBER_MAX, SHIPMENT_MESSAGES.trackingTooLong),
  carrier: optionalText(CARRIER_MAX, SHIPMENT_MESSAGES.carrierTooLong),
  delivery_date: deliveryDate,
  notes: optionalText(SHIPMENT_NOTES_MAX, SHIPMENT_MESSAGES.notesTooLong),
};

/** One announced product of a shipment. */
export const shipmentLineInputSchema = z.object({
  product_id: requiredId(SHIPMENT_MESSAGES.productRequired),
  quantity: quantityField,
});
export type ShipmentLineInput = z.infer<typeof shipmentLineInputSchema>;

/**
 * POST /api/shipments. Several products come as `lines`; without `lines`, the spec's `product_id` and `quantity`
 * announce one product (one line). When `lines` is present, those two fields are ignored.
 */
export const shipmentCreateSchema = z
  .object({
    account_id: requiredId(SHIPMENT_MESSAGES.accountRequired),
    warehouse_id: requiredId(SHIPMENT_MESSAGES.warehouseRequired),
    product_id: requiredId(SHIPMENT_MESSAGES.productRequired).optional(),
    ...editableFields,
    quantity: quantityField.optional(),
    lines: z
      .array(shipmentLineInputSchema, { error: SHIPMENT_MESSAGES.linesRequired })
      .min(1, SHIPMENT_MESSAGES.linesRequired)
      .max(SHIPMENT_LINES_MAX, SHIPMENT_MESSAGES.tooManyLines)
      .optional(),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when other fields failed, so a blank form reports every missing field at once; the value may
      // then be partly unparsed, hence the guards.
      if (value.lines !== undefined) {
        if (!Array.isArray(value.lines)) return;
        const seen = new Set<unknown>();
        value.lines.forEach((line, index) => {
          const productId = (line as { product_id?: unknown } | null)?.product_id;
          if (productId === undefined || productId === null) return;
          if (seen.has(String(productId))) {
            ctx.addIssue({
              code: 'custom',
              path: ['lines', index, 'product_id'],
              message: SHIPMENT_MESSAGES.productOnAnotherLine,
            });
          }
          seen.add(String(productId));
        });
        return;
      }
      // A product_id or quantity that is present but invalid already has its own message.
      if (value.product_id === undefined && !ctx.issues.some((i) => i.path?.[0] === 'product_id')) {
        ctx.addIssue({ code: 'custom', path: ['product_id'], message: SHIPMENT_MESSAGES.productRequired });
      }
      if (value.quantity === undefined && !ctx.issues.some((i) => i.path?.[0] === 'quantity')) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: SHIPMENT_MESSAGES.quantityRequired });
      }
    },
    { when: () => true },
  );
export type ShipmentCreateInput = z.infer<typeof shipmentCreateSchema>;

/** The lines a create body announces: `lines`, or the single product of the spec's fields. */
export const announcedLines = (input: ShipmentCreateInput): ShipmentLineInput[] =>
  input.lines ?? [{ product_id: input.product_id!, quantity: input.quantity! }];

/** PUT /api/shipments/{id}: product, account and warehouse never change (other fields are ignored). */
export const shipmentUpdateSchema = z.object(editableFields);
export type ShipmentUpdateInput = z.infer<typeof shipmentUpdateSchema>;

const lotCode = optionalText(LOT_CODE_MAX, SHIPMENT_MESSAGES.lotCodeTooLong);
const expiryDate = z
  .string()
  .trim()
  .max(10, SHIPMENT_MESSAGES.expiryInvalid)
  .refine((v) => v === '' || isCalendarDate(v), SHIPMENT_MESSAGES.expiryInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

/** The lot code and expiry date fields of putaway, shared with manual stock changes (inventory.ts). */
export const lotCodeInput = lotCode;
export const expiryDateInput = expiryDate;

/** One put-away row: units of a line into one location (and lot). */
export const putawayRowSchema = z.object({
  location_id: requiredId(SHIPMENT_MESSAGES.locationRequired),
  quantity: quantityField,
  lot_code: lotCode,
  /** YYYY-MM-DD. */
  expiry_date: expiryDate,
});
export type PutawayRowInput = z.infer<typeof putawayRowSchema>;

/** What was received of one shipment line and where it went (Σ putaway quantities = received_quantity). */
export const verifyLineSchema = z.object({
  line_id: idSchema(SHIPMENT_MESSAGES.lineUnknown),
  received_quantity: present(
    z.coerce
      .number({ error: SHIPMENT_MESSAGES.receivedRequired })
      .int(SHIPMENT_MESSAGES.quantityWhole)
      .min(0, SHIPMENT_MESSAGES.receivedMin)
      .max(SHIPMENT_QUANTITY_MAX, SHIPMENT_MESSAGES.quantityTooLarge),
  ),
  discrepancy_reason: optionalText(DISCREPANCY_REASON_MAX, SHIPMENT_MESSAGES.discrepancyReasonTooLong),
  putaway: z.array(putawayRowSchema).max(PUTAWAY_ROWS_MAX, SHIPMENT_MESSAGES.tooManyPutawayRows).default([]),
});
export type VerifyLineInput = z.infer<typeof verifyLineSchema>;

/**
 * POST /api/shipments/{id}/verify: optional notes, and optionally per line what was received and where it was put
 * away. Without `lines`, everything announced goes into each line's suggested location.
 */
export const shipmentVerifySchema = z
  .object({
    notes: optionalText(SHIPMENT_NOTES_MAX, SHIPMENT_MESSAGES.notesTooLong),
    lines: z.array(verifyLineSchema).max(SHIPMENT_LINES_MAX, SHIPMENT_MESSAGES.tooManyLines).optional(),
  })
  .default({ notes: null });
export type ShipmentVerifyInput = z.infer<typeof shipmentVerifySchema>;

/** POST /api/shipments/{id}/reject. */
export const shipmentRejectSchema = z.object({
  rejection_reason: safeString({ error: SHIPMENT_MESSAGES.reasonRequired })
    .trim()
    .min(1, SHIPMENT_MESSAGES.reasonRequired)
    .max(REJECTION_REASON_MAX, SHIPMENT_MESSAGES.reasonTooLong),
});
export type ShipmentRejectInput = z.infer<typeof shipmentRejectSchema>;

const narrowingId = optionalIdQuery();

/** GET /api/shipments: 25 per page (spec 2 §9); `status` absent, '' or 'all' means every status. */
export const shipmentListQuery = paginationQuery.extend({
  per_page: paginationQuery.shape.per_page.unwrap().default(SHIPMENTS_PAGE_SIZE),
  status: z
    .enum([...SHIPMENT_STATUS_FILTERS, ''])
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v)),
  warehouse_id: narrowingId,
  account_id: narrowingId,
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuery>;

/** GET /api/shipments/statistics: counts within the caller's scope and the header's selection. */
export const shipmentStatisticsQuery = z.object({ warehouse_id: narrowingId, account_id: narrowingId });
export type ShipmentStatisticsQuery = z.infer<typeof shipmentStatisticsQuery>;

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

const locationRef = z.object({ id: z.number().int(), code: z.string() });

/** Where a received line went: one row per (location, lot). */
export const shipmentPutawaySchema = z.object({
  location: locationRef,
  lot_code: z.string().nullable(),
  expiry_date: z.string().nullable(),
  quantity: z.number().int(),
});

export const shipmentLineSchema = z.object({
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    sku: z.string(),
    photo_url: z.string().nullable(),
    track_lots: z.boolean(),
    track_expiry: z.boolean(),
  }),
  /** Announced units. */
  quantity: z.number().int(),
  /** Units received (null until verified). */
  quantity_received: z.number().int().nullable(),
  /** Why received differs from announced (the discrepancy the client sees). */
  discrepancy_reason: z.string().nullable(),
  putaway: z.array(shipmentPutawaySchema),
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

export const shipmentSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  account_id: z.number().int(),
  warehouse_id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string(), photo_url: z.string().nullable() }),
  account: z.object({ id: z.number().int(), name: z.string() }),
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  /** Units announced over all lines. */
  quantity: z.number().int(),
  /** Units received over all lines (null until verified). */
  quantity_received: z.number().int().nullable(),
  /** Some line was received with a quantity other than the announced one. */
  has_discrepancy: z.boolean(),
  lines: z.array(shipmentLineSchema),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  /** YYYY-MM-DD. */
  delivery_date: z.string().nullable(),
  notes: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  verification_notes: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  formatted_status: z.string(),
  /** The inventory row the shipment was received into (once verified, while that row exists). */
  inventory_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user: person.nullable(),
  /** When and by whom it was verified or rejected. */
  verified_at: z.string().nullable(),
  verifier: person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do with it now (the server enforces the same rules). */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_review: z.boolean(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentTimelineItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  time: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ShipmentTimelineItem = z.infer<typeof shipmentTimelineItemSchema>;

export const shipmentListResponse = z.object({ data: z.array(shipmentSchema), meta: pageMetaSchema });
export const shipmentStatisticsSchema = z.object({
  total_shipments: z.number().int(),
  pending_shipments: z.number().int(),
  verified_shipments: z.number().int(),
  rejected_shipments: z.number().int(),
});
export type ShipmentStatistics = z.infer<typeof shipmentStatisticsSchema>;
export const shipmentStatisticsResponse = z.object({ data: shipmentStatisticsSchema });
/** GET /api/shipments/{id}: the shipment and its timeline (oldest first). */
export const shipmentDetailResponse = z.object({
  data: shipmentSchema,
  timeline: z.array(shipmentTimelineItemSchema),
});
export const shipmentSavedResponse = z.object({ data: shipmentSchema, message: z.string() });
export const shipmentDeletedResponse = z.object({ message: z.string() });

/** GET /api/shipments/{id}/putaway-suggestions: where each line's units should go (prefills the verify dialog). */
export const putawaySuggestionSchema = z.object({
  line_id: z.number().int(),
  product_id: z.number().int(),
  /** Null only when the warehouse has no UNASSIGNED location yet (verifying creates it and receives there). */
  location: locationRef.extend({ type: z.string() }).nullable(),
  /** Why this location: the product's pick location, an empty storage location, or the receiving fallback. */
  rule: z.enum(['pick_location', 'empty_storage', 'unassigned']),
});
export type PutawaySuggestion = z.infer<typeof putawaySuggestionSchema>;
export const putawaySuggestionsResponse = z.object({ data: z.array(putawaySuggestionSchema) });
