import { z } from 'zod';
import { idSchema, optionalIdQuery } from './ids';
import { pageMetaSchema, paginationQuery } from './pagination';

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

/** NUL and unpaired UTF-16 surrogates cannot be stored as PostgreSQL text (DESIGN §5). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const TEXT_UNSTORABLE_MESSAGE = 'The text contains characters that cannot be stored.';
const storable = (v: string) => !v.includes('\u0000') && !UNPAIRED_SURROGATE.test(v);

/** An optional text: blank or absent is stored as null (spec 2 §7: empty optional fields are sent as null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(storable, TEXT_UNSTORABLE_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null));

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

/** POST /api/shipments. */
export const shipmentCreateSchema = z.object({
  account_id: requiredId(SHIPMENT_MESSAGES.accountRequired),
  warehouse_id: requiredId(SHIPMENT_MESSAGES.warehouseRequired),
  product_id: requiredId(SHIPMENT_MESSAGES.productRequired),
  ...editableFields,
});
export type ShipmentCreateInput = z.infer<typeof shipmentCreateSchema>;

/** PUT /api/shipments/{id}: product, account and warehouse never change (other fields are ignored). */
export const shipmentUpdateSchema = z.object(editableFields);
export type ShipmentUpdateInput = z.infer<typeof shipmentUpdateSchema>;

/** POST /api/shipments/{id}/verify: optional notes. */
export const shipmentVerifySchema = z
  .object({ notes: optionalText(SHIPMENT_NOTES_MAX, SHIPMENT_MESSAGES.notesTooLong) })
  .default({ notes: null });
export type ShipmentVerifyInput = z.infer<typeof shipmentVerifySchema>;

/** POST /api/shipments/{id}/reject. */
export const shipmentRejectSchema = z.object({
  rejection_reason: z
    .string({ error: SHIPMENT_MESSAGES.reasonRequired })
    .trim()
    .min(1, SHIPMENT_MESSAGES.reasonRequired)
    .max(REJECTION_REASON_MAX, SHIPMENT_MESSAGES.reasonTooLong)
    .refine(storable, TEXT_UNSTORABLE_MESSAGE),
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

export const shipmentSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  account_id: z.number().int(),
  warehouse_id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string(), photo_url: z.string().nullable() }),
  account: z.object({ id: z.number().int(), name: z.string() }),
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  quantity: z.number().int(),
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
