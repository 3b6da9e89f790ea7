import { z } from 'zod';
import { ID_MAX, idArraySchema, idSchema, optionalIdQuery } from './ids';
import {
  CUSTOMER_NAME_MAX,
  lineQuantityField,
  ORDER_FORM_MESSAGES,
  ORDER_LINE_QUANTITY_MAX,
  ORDER_NOTES_MAX,
  orderEditFields,
} from './order-form';
import { ORDER_LIFECYCLES, STATUS_AUDIENCES } from './order-lifecycle';
import { cursorParam, keysetPageMetaSchema } from './pagination';
import { CURSOR_MESSAGES } from './paging';
import { optionalText, safeString, tooLong } from './text';
import { ORDER_PRIORITIES, orderPriorityField, WAVE_MESSAGES } from './waves';

/**
 * The orders API (spec 2 §2–§9, Orders): list with merge rows, statistics, detail, status changes that
 * move stock once, item verification, edit, delete, labels and merge items. Shared by the server (validation and
 * serialisation) and the web app (forms and types).
 */

/** Spec 2 §9: 25 orders per page; 3 thumbnails per row then a +N chip; at least 2 orders to merge. */
export const ORDERS_PAGE_SIZE = 25;
export const ORDER_THUMBNAILS = 3;
export const MERGE_MIN_ORDERS = 2;
/** The most orders one merge item may hold (an id array is never unbounded). */
export const MERGE_MAX_ORDERS = 200;
/** Orders shipped longer ago than this leave the main list for the shipped archive (menu 'Shipped Orders (7D+)'). */
export const SHIPPED_ARCHIVE_DAYS = 7;
/** Label PDFs: 10 MB (spec 2 §9). */
export const LABEL_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Merge-item PDFs: the spec gives 62428800 bytes and a message saying 10MB; we keep 10 MB so the message is true
 * (and one limit covers every PDF the app stores).
 */
export const MERGE_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const LABEL_TYPES = ['shipping', 'return', 'customs'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
export const LABEL_TYPE_LABELS: Record<LabelType, string> = {
  shipping: 'Shipping',
  return: 'Return',
  customs: 'Customs',
};
/** Which list GET /orders/with-merge-items answers: `active` (the main list, default) or `all` (the archive). */
export const ORDER_LIST_TYPES = ['active', 'all'] as const;
/**
 * How GET /orders/with-merge-items sorts: by creation (the default, newest first), ship date or
 * customer name (case-insensitive). A merge item sorts by the earliest ship date / first customer of its listed
 * orders. Ties fall back to the id in the same direction.
 */
export const ORDER_SORTS = ['created_at', 'ship_date', 'customer_name'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Without `direction`: newest first, soonest ship date first, customers A to Z. */
export const DEFAULT_SORT_DIRECTION: Record<OrderSort, SortDirection> = {
  created_at: 'desc',
  ship_date: 'asc',
  customer_name: 'asc',
};

export const ORDER_TEXT_MAX = {
  customerName: CUSTOMER_NAME_MAX,
  notes: ORDER_NOTES_MAX,
  labelName: 255,
  tracking: 100,
  carrier: 100,
} as const;
export const MERGE_TITLE_MAX = 255;
/** The most units one order line may hold (the order form's cap: create and edit agree). */
export const ORDER_QUANTITY_MAX = ORDER_LINE_QUANTITY_MAX;

/** Spec 2 §5, §8 texts of the order screens, plus the server's rule messages. */
export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  labelNotFound: 'Label not found',
  mergeItemNotFound: 'Merge item not found',
  statusRequired: 'Please choose a status',
  statusUnknown: 'This status does not exist or is not available for orders.',
  statusNotForYou: 'This status is not available to you.',
  shipNeedsVerification: 'Cannot ship order: All order items must be verified first by a manager',
  // Refused on screen before the "cannot be undone" question: the list knows what is verified.
  shipRefusedTitle: 'This order cannot ship yet',
  unitsVerified: (verified: number, units: number) => `${verified} of ${units} units verified.`,
  verifyItems: 'Verify items',
  shippedIsFinal: 'This order has been shipped; its status can no longer change.',
  cancelledCannotShip: 'A cancelled order cannot be shipped. Re-open it first.',
  notEnoughStockToShip: 'Not enough stock on hand to ship this order.',
  productNotStocked: 'A product of this order has no inventory in this warehouse, so the order cannot ship.',
  statusUpdated: 'Order status updated successfully',
  statusUpdateFailed: 'Failed to update order status',
  onlyPendingDeleted: 'Only pending orders can be deleted',
  deleted: 'Order deleted successfully',
  deleteFailed: 'Failed to delete order',
  updated: 'Order updated successfully',
  cannotEdit: 'Shipped or cancelled orders cannot be edited.',
  // An order in a live wave has units allocated and pick tasks written for its lines as they are now.
  itemsInWave: (wave: string) => `This order is in wave ${wave}; remove it from the wave before changing its items.`,
  shipInWave: (wave: string) => `This order is still being picked in wave ${wave}; it can ship once it is picked.`,
  holdInWave: (wave: string) => `This order is in wave ${wave}; remove it from the wave before putting it on hold.`,
  customerNameRequired: ORDER_FORM_MESSAGES.customerNameRequired,
  shipDateInvalid: ORDER_FORM_MESSAGES.shipDateInvalid,
  shipperInvalid: ORDER_FORM_MESSAGES.shipperInvalid,
  quantityInvalid: ORDER_FORM_MESSAGES.quantityInvalid,
  itemNotInOrder: 'This item does not belong to the order.',
  itemsDuplicate: 'Each item may be listed once.',
  // Verification (staff verify items, also by scanning SKUs)
  itemVerified: 'Item verified',
  itemUnverified: 'Item marked as not verified',
  verifyNotOpen: 'Only open orders can have their items verified.',
  skuRequired: 'Please scan or enter a SKU or barcode',
  /** The scanned text matched no line's SKU nor its product's barcode. */
  skuNotInOrder: (code: string) => `No item of this order has the SKU or barcode ${code}.`,
  skuAllVerified: (sku: string) => `All units of ${sku} are already verified.`,
  scanned: (sku: string, verified: number, quantity: number) => `${sku}: ${verified} of ${quantity} verified`,
  // Labels (spec 2 §5 Label upload)
  labelFieldsRequired: 'Please fill in required fields and select a file',
  labelNameRequired: 'Label name is required',
  labelFileRequired: 'Please select a PDF file',
  labelTooLarge: 'File size exceeds 10MB limit',
  labelNotPdf: 'Only PDF files are allowed',
  labelTypeInvalid: 'Label type must be shipping, return or customs',
  labelUploaded: 'Label uploaded successfully',
  labelUploadFailed: 'Failed to upload label',
  labelDownloadFailed: 'Failed to download label',
  labelsFetchFailed: 'Failed to fetch labels',
  noLabels: 'No labels found for this order',
  // Merge items (spec 2 §5 Merge item)
  mergeTitleRequired: 'Title is required',
  mergeTitleAndOrders: 'Please provide a title and select at least one order',
  mergeAtLeastTwo: 'Please select at least 2 orders to merge',
  mergeTooMany: `Merge at most ${MERGE_MAX_ORDERS} orders at a time.`,
  mergeOrderIdsInvalid: 'order_ids must be a JSON list of order ids',
  mergePdfRejected: 'File was rejected. Please select a valid PDF file under 10MB.',
  mergeAlreadyMerged: 'An order you selected is already merged.',
  mergeOneWarehouse: 'Orders of one merge item must come from one warehouse.',
  /** A merge item's PDF is served to everyone who sees one of its orders: one account only. */
  mergeOneAccount: 'Orders of one merge item must belong to one account.',
  mergeCreated: 'Merge item created successfully',
  mergeCreateFailed: 'Failed to create merge item',
  mergeNoPdf: 'This merge item has no PDF: neither an uploaded file nor labels on its orders.',
  pdfDownloadFailed: 'Failed to download PDF',
  // Lists and loads (spec 2 §8)
  loadFailed: 'Failed to load orders',
  loadOneFailed: 'Failed to load order',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Answers

const idName = z.object({ id: z.number().int(), name: z.string() });

export const orderStatusRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  lifecycle: z.enum(ORDER_LIFECYCLES),
  system_key: z.string().nullable(),
});

/** One order as the list and the detail show it (spec 2 §3 Order). */
export const orderSchema = z.object({
  type: z.literal('order'),
  id: z.number().int(),
  order_number: z.string(),
  /** The client's external order id. */
  order_id: z.string(),
  /** The status name (the value the selector sends); details in status_detail. */
  status: z.string(),
  status_id: z.number().int(),
  status_color: z.string(),
  status_detail: orderStatusRefSchema,
  lifecycle: z.enum(ORDER_LIFECYCLES),
  customer_name: z.string(),
  account: idName,
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  shipper: idName.nullable(),
  /** The creator. */
  user: idName.nullable(),
  ship_date: z.string().nullable(),
  /** normal or urgent (urgent orders are released into waves first). */
  priority: z.enum(ORDER_PRIORITIES),
  notes: z.string().nullable(),
  /** Units ordered (sum of the lines' quantities) and units shipped. */
  items_count: z.number().int(),
  shipped_items_count: z.number().int(),
  verified_items_count: z.number().int(),
  /** Units on backorder: ordered − reserved over the lines of an open order (0 once stock has filled them). */
  short_items_count: z.number().int(),
  lines_count: z.number().int(),
  /** Up to 3 product photo URLs; images_count says how many products have one (the +N chip). */
  images: z.array(z.string()),
  images_count: z.number().int(),
  has_labels: z.boolean(),
  /** Open (not shipped, not cancelled): the edit screen may change it. */
  can_be_edited: z.boolean(),
  can_be_deleted: z.boolean(),
  /** Pounds. */
  total_weight: z.number(),
  formatted_total_weight: z.string(),
  merge_item_id: z.number().int().nullable(),
  isChild: z.boolean(),
  shipped_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const mergeItemRowSchema = z.object({
  type: z.literal('merge_item'),
  id: z.number().int(),
  merge_item_id: z.number().int(),
  title: z.string(),
  orders_count: z.number().int(),
  creator: idName.nullable(),
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  /** The uploaded PDF's name, or null when the PDF is built from the orders' labels. */
  pdf_original_name: z.string().nullable(),
  /** Where the PDF downloads from (uploaded or built). */
  pdf_file_path: z.string(),
  has_uploaded_pdf: z.boolean(),
  created_at: z.string(),
  /** The merged orders the caller may see. */
  children: z.array(orderSchema.extend({ isChild: z.literal(true) })),
});
export type MergeItemRow = z.infer<typeof mergeItemRowSchema>;

export const orderListRowSchema = z.discriminatedUnion('type', [orderSchema, mergeItemRowSchema]);
export type OrderListRow = z.infer<typeof orderListRowSchema>;

export const orderListResponse = z.object({ data: z.array(orderListRowSchema), meta: keysetPageMetaSchema });

export const orderStatisticsSchema = z.object({
  total_orders: z.number().int(),
  pending_orders: z.number().int(),
  processing_orders: z.number().int(),
  shipped_orders: z.number().int(),
});
export type OrderStatistics = z.infer<typeof orderStatisticsSchema>;
export const orderStatisticsResponse = orderStatisticsSchema.extend({ data: orderStatisticsSchema });

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  quantity: z.number().int(),
  quantity_reserved: z.number().int(),
  quantity_shipped: z.number().int(),
  /** quantity − quantity_reserved while the order is open: the backorder. */
  quantity_short: z.number().int(),
  verified_quantity: z.number().int(),
  verified: z.boolean(),
  /** 'verified' when every unit is verified, else 'pending' (spec 2 §3: status, verified is meaningful). */
  status: z.enum(['verified', 'pending']),
  verified_at: z.string().nullable(),
  verified_by: idName.nullable(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  weight: z.number().nullable(),
  formatted_total_weight: z.string(),
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string(), photo_url: z.string().nullable() }),
  /**
   * A component line of a bundle: the bundle ordered and how many of it (this line's quantity is that times the
   * component's units per kit). Null for a product ordered as itself.
   */
  kit: z
    .object({ product_id: z.number().int(), sku: z.string(), name: z.string(), quantity: z.number().int() })
    .nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const shipmentLabelSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  label_name: z.string(),
  label_type: z.enum(LABEL_TYPES),
  formatted_label_type: z.string(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  file: z.object({ name: z.string(), size: z.number().int(), mime_type: z.string() }),
  download_url: z.string(),
  created_by: idName.nullable(),
  created_at: z.string(),
});
export type ShipmentLabel = z.infer<typeof shipmentLabelSchema>;

export const orderTimelineEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  actor: idName.nullable(),
  time: z.string(),
});

export const orderDetailSchema = orderSchema.extend({
  order_items: z.array(orderItemSchema),
  shipment_labels: z.array(shipmentLabelSchema),
  merge_item: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  timeline: z.array(orderTimelineEntrySchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export const orderDetailResponse = z.object({ data: orderDetailSchema });

/** A stock shortfall when a cancelled order is re-opened or a quantity is raised. */
export const backorderItemSchema = z.object({
  order_item_id: z.number().int(),
  sku: z.string(),
  requested: z.number().int(),
  reserved: z.number().int(),
  short: z.number().int(),
});
export type BackorderItem = z.infer<typeof backorderItemSchema>;

export const orderChangedResponse = z.object({
  message: z.string(),
  data: orderDetailSchema,
  backorder_items: z.array(backorderItemSchema),
});

/** The status options a caller may set (GET /orders/status-options). */
export const orderStatusOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The value to send to POST /orders/{id}/status (the name). */
  value: z.string(),
  color: z.string(),
  lifecycle: z.enum(ORDER_LIFECYCLES),
  audience: z.enum(STATUS_AUDIENCES),
  system_key: z.string().nullable(),
  sort_order: z.number().int(),
});
export type OrderStatusOption = z.infer<typeof orderStatusOptionSchema>;
export const orderStatusOptionsResponse = z.object({ data: z.array(orderStatusOptionSchema) });

export const scanResponse = z.object({
  message: z.string(),
  item: orderItemSchema,
  all_verified: z.boolean(),
  data: orderDetailSchema,
});

export const labelListResponse = z.object({ data: z.array(shipmentLabelSchema) });
export const labelUploadResponse = z.object({ message: z.string(), data: shipmentLabelSchema });
export const mergeItemCreatedResponse = z.object({ message: z.string(), data: mergeItemRowSchema });

/** 409/422 of a status change: `error` repeats `message` (spec 2 §7: the error is in an error field). */
export const statusChangeErrorResponse = z.object({
  message: z.string(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Requests

const searchText = safeString().trim().max(200, tooLong(200));

export const orderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(ORDERS_PAGE_SIZE),
  search: searchText.optional(),
  account_id: optionalIdQuery(),
  warehouse_id: optionalIdQuery(),
  /** A status name (case-insensitive) or id. */
  status: safeString().trim().max(255, tooLong(255)).optional(),
  type: z.enum(ORDER_LIST_TYPES).default('active'),
  /** true: only open orders with a short line (backorders); false: only orders without one. */
  short: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  /** Only orders of this priority (urgent: the ones the wave builder releases first). */
  priority: z.enum(ORDER_PRIORITIES, { error: WAVE_MESSAGES.priorityInvalid }).optional(),
  sort: z.enum(ORDER_SORTS).default('created_at'),
  /** Absent: the sort's own default (DEFAULT_SORT_DIRECTION). */
  direction: z.enum(SORT_DIRECTIONS).optional(),
  cursor: cursorParam,
  /** "Jump to date": the page that starts at this day (sorted by created_at or ship_date), as a cursor page. */
  jump_to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, CURSOR_MESSAGES.jumpToInvalid)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), CURSOR_MESSAGES.jumpToInvalid)
    .optional()
    .describe(
      'YYYY-MM-DD: start the page at this day (newest first: the orders of that day and older; oldest first: that day and newer). Needs sort=created_at or ship_date',
    ),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderStatisticsQuery = z.object({
  account_id: optionalIdQuery(),
  warehouse_id: optionalIdQuery(),
  status: safeString().trim().max(255, tooLong(255)).optional(),
});
export type OrderStatisticsQuery = z.infer<typeof orderStatisticsQuery>;

export const orderStatusOptionsQuery = z.object({
  /** Only statuses of this lifecycle (the shipped archive's filter asks for shipped ones). */
  lifecycle: z.enum(ORDER_LIFECYCLES).optional(),
});

/** POST/PUT /orders/{id}/status: the status name (as the selector sends it) or its id. */
export const orderStatusChangeSchema = z.object({
  status: z.union(
    [
      safeString({ error: ORDER_MESSAGES.statusRequired })
        .trim()
        .min(1, ORDER_MESSAGES.statusRequired)
        .max(255, ORDER_MESSAGES.statusUnknown),
      z.number().int().min(1).max(ID_MAX),
    ],
    { error: ORDER_MESSAGES.statusRequired },
  ),
});
export type OrderStatusChangeInput = z.infer<typeof orderStatusChangeSchema>;

/** PUT /orders/{id}: what an open order may change (the order form's own rules, order-form.ts). Absent fields stay. */
export const orderUpdateSchema = z.object({
  ...orderEditFields,
  priority: orderPriorityField.optional(),
  items: z
    .array(z.object({ id: idSchema(ORDER_MESSAGES.itemNotInOrder), quantity: lineQuantityField }))
    .max(500)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, ORDER_MESSAGES.itemsDuplicate)
    .optional(),
});
export type OrderUpdateInput = z.infer<typeof orderUpdateSchema>;

/** POST /orders/{id}/items/{itemId}/verify: verify every unit (true) or none (false); or an exact count. */
export const itemVerifySchema = z.object({
  verified: z.boolean({ error: 'Say whether the item is verified.' }).optional(),
  verified_quantity: z.number().int().min(0).max(ORDER_QUANTITY_MAX).optional(),
});
export type ItemVerifyInput = z.infer<typeof itemVerifySchema>;

/**
 * POST /orders/{id}/scan: one scanned code — a SKU or a product barcode (the field keeps its name `sku`) — verifies
 * the next unverified unit of that product.
 */
export const scanSchema = z.object({
  sku: safeString({ error: ORDER_MESSAGES.skuRequired })
    .trim()
    .min(1, ORDER_MESSAGES.skuRequired)
    .max(255, ORDER_MESSAGES.skuRequired),
});
export type ScanInput = z.infer<typeof scanSchema>;

/** The text fields of the label upload form (multipart; the file is `label_file`). */
export const labelFieldsSchema = z.object({
  label_name: safeString({ error: ORDER_MESSAGES.labelNameRequired })
    .trim()
    .min(1, ORDER_MESSAGES.labelNameRequired)
    .max(ORDER_TEXT_MAX.labelName, tooLong(ORDER_TEXT_MAX.labelName)),
  label_type: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 'shipping' : v),
    z.enum(LABEL_TYPES, { error: ORDER_MESSAGES.labelTypeInvalid }),
  ),
  tracking_number: optionalText(ORDER_TEXT_MAX.tracking).optional(),
  carrier: optionalText(ORDER_TEXT_MAX.carrier).optional(),
});
export type LabelFields = z.infer<typeof labelFieldsSchema>;

/** The text fields of the merge form (multipart; the optional file is `pdf_file`; order_ids a JSON list). */
export const mergeFieldsSchema = z.object({
  title: safeString({ error: ORDER_MESSAGES.mergeTitleRequired })
    .trim()
    .min(1, ORDER_MESSAGES.mergeTitleRequired)
    .max(MERGE_TITLE_MAX, tooLong(MERGE_TITLE_MAX)),
  order_ids: idArraySchema(ORDER_MESSAGES.mergeAtLeastTwo, MERGE_MAX_ORDERS, ORDER_MESSAGES.mergeOrderIdsInvalid)
    .min(MERGE_MIN_ORDERS, ORDER_MESSAGES.mergeAtLeastTwo)
    .refine((ids) => new Set(ids).size === ids.length, ORDER_MESSAGES.mergeAtLeastTwo),
});
export type MergeFields = z.infer<typeof mergeFieldsSchema>;

/** "3.50 lb": weights are pounds everywhere (docs/catalogue.md). */
export const formatWeight = (pounds: number): string => `${pounds.toFixed(2)} lb`;
