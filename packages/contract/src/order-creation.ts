import { z } from 'zod';
import { idSchema, optionalIdQuery } from './ids';
import { QUANTITY_MAX, STOCK_STATUSES } from './inventory';

/**
 * Creating orders (spec 2 §2 /orders/create, §5 Create orders, §7 POST /orders/bulk, GET orders/available-inventory,
 * GET orders/shippers): the shapes the create screen, drafts and the spreadsheet import share.
 */
export const ORDER_CREATION_MESSAGES = {
  warehouseRequired: 'Please select a warehouse from the navbar before creating orders',
  accountRequired: 'Account is required',
  customerNameRequired: 'Customer name is required',
  orderIdRequired: 'Order Id is required',
  /** The spec repeats 'Order Id is required' for the ship date by mistake; the date gets its own true message. */
  shipDateRequired: 'Ship date is required',
  shipDateInvalid: 'Please enter a valid ship date',
  productsRequired: 'Please add products to at least one order before saving',
  quantityInvalid: 'Please enter a valid quantity',
  productRequired: 'Please select a product',
  tooManyOrders: (max: number) => `At most ${max} orders can be created at once`,
  tooManyProducts: (max: number) => `An order can have at most ${max} products`,
  textTooLong: (max: number) => `Must be at most ${max} characters`,
  accountNotInWarehouse: 'This account is not linked to the selected warehouse',
  accountInactive: 'This account is inactive',
  warehouseInactive: 'This warehouse is inactive',
  shipperUnavailable: 'This shipper is not available',
  productNotOfAccount: 'This product does not belong to the selected account',
  orderIdTaken: 'An order with this Order Id already exists for this account',
  orderIdRepeated: 'This Order Id is used by another order in this request',
  created: (n: number) => `Successfully created ${n} order${n === 1 ? '' : 's'}`,
  createFailed: 'Failed to create orders',
  loadShippersFailed: 'Failed to load shippers',
  loadProductsFailed: 'Failed to load products',
  labelsUploaded: (n: number) => `Successfully uploaded ${n} label file(s)`,
  labelsFailed: (n: number) =>
    `Failed to upload ${n} label file(s). You can upload them manually from the orders page.`,
  noInventory: 'No stock of this product in this warehouse',
  /** A line placed short (the create answer's inventory warning). */
  shortNoInventory: (orderNumber: string, sku: string, short: number) =>
    `${orderNumber}: ${sku} — No stock of this product in this warehouse; ${short} on backorder`,
  shortAvailable: (orderNumber: string, sku: string, available: number, requested: number, short: number) =>
    `${orderNumber}: ${sku} — only ${available} available of ${requested} requested; ${short} on backorder`,
} as const;

export const BULK_CREATE_MAX_ORDERS = 200;
export const ORDER_MAX_PRODUCTS = 200;
export const CUSTOMER_NAME_MAX = 255;
export const EXTERNAL_ORDER_ID_MAX = 100;
export const ORDER_NOTES_MAX = 2000;
/** Create screen indicator (spec §4, §9): low stock at this many available units or fewer. */
export const CREATE_LOW_STOCK_THRESHOLD = 5;

const M = ORDER_CREATION_MESSAGES;

/** An id in a body: digits only, 1…2^31−1 (ids.ts), the given message when missing or malformed. */
const idField = (message: string) => idSchema(message);
const optionalId = z
  .union([z.literal(''), z.null(), idSchema()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));
/** Text PostgreSQL can store: no NUL character (and no unpaired surrogate, which JSON cannot carry). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const isStorableText = (value: string) =>
  !value.includes('\u0000') && !new RegExp(LONE_SURROGATE.source).test(value);
export const TEXT_INVALID = 'Contains characters that cannot be stored';
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, M.textTooLong(max)).refine(isStorableText, TEXT_INVALID);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.textTooLong(max))
    .refine(isStorableText, TEXT_INVALID)
    .nullish()
    .transform((v) => (v ? v : null));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
export const shipDateField = requiredText(M.shipDateRequired, 10).refine(
  (v) => v === '' || isRealDate(v),
  M.shipDateInvalid,
);

export const orderLineInputSchema = z.object({
  product_id: idField(M.productRequired),
  quantity: z.coerce
    .number({ error: M.quantityInvalid })
    .int(M.quantityInvalid)
    .min(1, M.quantityInvalid)
    .max(QUANTITY_MAX, M.quantityInvalid),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/** One order of POST /orders/bulk: the create form (§3) plus its products. */
export const createOrderInputSchema = z.object({
  account_id: idField(M.accountRequired),
  /** Optional per order: the request's warehouse_id (the navbar selection) applies otherwise. */
  warehouse_id: optionalId,
  shipper_id: optionalId,
  customer_name: requiredText(M.customerNameRequired, CUSTOMER_NAME_MAX),
  ship_date: shipDateField,
  order_id: requiredText(M.orderIdRequired, EXTERNAL_ORDER_ID_MAX),
  notes: optionalText(ORDER_NOTES_MAX),
  products: z
    .array(orderLineInputSchema, { error: M.productsRequired })
    .min(1, M.productsRequired)
    .max(ORDER_MAX_PRODUCTS, M.tooManyProducts(ORDER_MAX_PRODUCTS)),
});
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;

export const bulkCreateOrdersSchema = z.object({
  warehouse_id: optionalId,
  /** The navbar's account, added by the web client's defaults; each order names its own account. */
  account_id: optionalId,
  orders: z
    .array(createOrderInputSchema, { error: M.productsRequired })
    .min(1, M.productsRequired)
    .max(BULK_CREATE_MAX_ORDERS, M.tooManyOrders(BULK_CREATE_MAX_ORDERS)),
});
export type BulkCreateOrdersInput = z.infer<typeof bulkCreateOrdersSchema>;

export const createdOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  order_id: z.string(),
  customer_name: z.string(),
  account_id: z.number().int(),
  warehouse_id: z.number().int(),
  shipper_id: z.number().int().nullable(),
  ship_date: z.string().nullable(),
  status: z.string(),
  items_count: z.number().int(),
  total_quantity: z.number().int(),
  total_reserved: z.number().int(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** A line that could not be reserved in full: which order, which SKU, how short. */
export const backorderItemSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  external_order_id: z.string(),
  product_id: z.number().int(),
  sku: z.string(),
  product_name: z.string(),
  quantity_ordered: z.number().int(),
  quantity_reserved: z.number().int(),
  quantity_backordered: z.number().int(),
});
export type BackorderItem = z.infer<typeof backorderItemSchema>;

export const inventoryWarningSchema = z.object({
  order_number: z.string(),
  sku: z.string(),
  available: z.number().int(),
  requested: z.number().int(),
  message: z.string(),
});
export type InventoryWarning = z.infer<typeof inventoryWarningSchema>;

export const bulkCreateResponse = z.object({
  message: z.string(),
  data: z.array(createdOrderSchema),
  inventory_warnings: z.array(inventoryWarningSchema),
  backorder_items: z.array(backorderItemSchema),
});
export type BulkCreateResult = z.infer<typeof bulkCreateResponse>;

/** Readable text of a shortfall (the create screen and the import summary say the same). */
export const backorderText = (b: BackorderItem) =>
  `${b.order_number} (${b.external_order_id}): ${b.sku} is ${b.quantity_backordered} short — ${b.quantity_reserved} of ${b.quantity_ordered} reserved, the rest is on backorder`;

// ---- Available inventory and shippers --------------------------------------------------------------------------

export const availableInventoryQuery = z.object({
  search: z.string().trim().max(200).optional(),
  account_id: optionalIdQuery(),
  warehouse_id: optionalIdQuery(),
});
export type AvailableInventoryQuery = z.infer<typeof availableInventoryQuery>;
export const AVAILABLE_INVENTORY_LIMIT = 50;

export const availableInventoryRowSchema = z.object({
  product_id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  photo_url: z.string().nullable(),
  weight: z.number().nullable(),
  quantity_available: z.number().int(),
  inventory_status: z.enum(STOCK_STATUSES),
  /** A palette key: success (in stock), warning (low), error (out). */
  status_color: z.enum(['success', 'warning', 'error']),
  warehouse_name: z.string().nullable(),
});
export type AvailableInventoryRow = z.infer<typeof availableInventoryRowSchema>;
export const availableInventoryResponse = z.object({ data: z.array(availableInventoryRowSchema) });

export const orderShipperSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export const orderShippersResponse = z.object({ data: z.array(orderShipperSchema) });
export type OrderShipper = z.infer<typeof orderShipperSchema>;

// ---- The create screen's stock indicator (spec §4) ------------------------------------------------------------

export type SectionStock = 'backorder' | 'out_of_stock' | 'low_stock' | 'in_stock';
export const SECTION_STOCK_LABELS: Record<SectionStock, string> = {
  backorder: 'Backorder',
  out_of_stock: 'Out of stock',
  low_stock: 'Low stock',
  in_stock: 'All in stock',
};

/** Backorder if any quantity exceeds availability; out of stock if any availability is 0; low at ≤ 5; else in stock. */
export function sectionStockStatus(lines: readonly { quantity: number; available: number }[]): SectionStock | null {
  if (lines.length === 0) return null;
  if (lines.some((l) => l.quantity > l.available)) return 'backorder';
  if (lines.some((l) => l.available <= 0)) return 'out_of_stock';
  if (lines.some((l) => l.available <= CREATE_LOW_STOCK_THRESHOLD)) return 'low_stock';
  return 'in_stock';
}
