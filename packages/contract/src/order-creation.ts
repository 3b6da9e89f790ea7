import { z } from 'zod';
import { idSchema, optionalIdField, optionalIdQuery } from './ids';
import { STOCK_STATUSES } from './inventory';
import { productKindField } from './kits';
import { lineQuantityField, ORDER_FORM_MESSAGES, orderFormSchema } from './order-form';
import { tooLong } from './text';

/**
 * Creating orders (spec 2 §2 /orders/create, §5 Create orders, §7 POST /orders/bulk, GET orders/available-inventory,
 * GET orders/shippers): the shapes the create screen, drafts and the spreadsheet import share. The order form itself
 * (fields, limits, messages) is order-form.ts.
 */
export const ORDER_CREATION_MESSAGES = {
  ...ORDER_FORM_MESSAGES,
  warehouseRequired: 'Please select a warehouse from the navbar before creating orders',
  productsRequired: 'Please add products to at least one order before saving',
  tooManyOrders: (max: number) => `At most ${max} orders can be created at once`,
  tooManyProducts: (max: number) => `An order can have at most ${max} products`,
  textTooLong: tooLong,
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
/** The order form's limits, where the create screen and the import have always found them. */
export {
  CUSTOMER_NAME_MAX,
  EXTERNAL_ORDER_ID_MAX,
  ORDER_NOTES_MAX,
  shipDateField,
} from './order-form';
/** Create screen indicator (spec §4, §9): low stock at this many available units or fewer. */
export const CREATE_LOW_STOCK_THRESHOLD = 5;

const M = ORDER_CREATION_MESSAGES;

export const orderLineInputSchema = z.object({
  product_id: idSchema(M.productRequired),
  quantity: lineQuantityField,
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/** One order of POST /orders/bulk: the order form (order-form.ts) plus its products. */
export const createOrderInputSchema = orderFormSchema.extend({
  products: z
    .array(orderLineInputSchema, { error: M.productsRequired })
    .min(1, M.productsRequired)
    .max(ORDER_MAX_PRODUCTS, M.tooManyProducts(ORDER_MAX_PRODUCTS)),
});
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;

export const bulkCreateOrdersSchema = z.object({
  warehouse_id: optionalIdField(),
  /** The navbar's account, added by the web client's defaults; each order names its own account. */
  account_id: optionalIdField(),
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
  /** Only products of this kind (the inventory screen lists an account's bundles with what they make). */
  kind: productKindField.optional(),
});
export type AvailableInventoryQuery = z.infer<typeof availableInventoryQuery>;
export const AVAILABLE_INVENTORY_LIMIT = 50;

export const availableInventoryRowSchema = z.object({
  product_id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** standard, bundle or assembled; a bundle's quantity_available is how many whole kits its components make. */
  kind: productKindField,
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
