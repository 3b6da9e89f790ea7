import { z } from 'zod';
import { idSchema, optionalIdQuery } from './ids';
import { productKindField } from './kits';
import { cursorParam, keysetPageMetaSchema, pageMetaSchema, paginationQuery } from './pagination';
import { expiryDateInput, lotCodeInput, SHIPMENT_MESSAGES } from './shipments';
import { safeString } from './text';

/** Spec 2 §4/§9: low stock is 1..10 available; out of stock is 0 or less. */
/** The dashboard's "expiring soon" card counts lots expiring within this many days. */
export const EXPIRING_SOON_DAYS = 30;
/** The inventory list's expiry filter looks at most this far ahead (ten years). */
export const EXPIRING_WITHIN_DAYS_MAX = 3650;
export const LOW_STOCK_THRESHOLD = 10;
export const INVENTORY_PAGE_SIZE = 25;
export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const ADJUSTMENT_TYPES = ['on_hand', 'reserved'] as const;
/**
 * Ledger movement kinds (DESIGN §6). `closing` zeroes on hand when an inventory row is deleted; `move` changes the
 * location of units without changing on hand.
 */
export const MOVEMENT_TYPES = [
  'initial',
  'adjustment',
  'edit',
  'reserve',
  'release',
  'ship',
  'receipt',
  'closing',
  'move',
  'count',
  'return',
  /** A kit work order's components (build) or kit (disassembly) leaving stock, one row per location and lot. */
  'kit_consume',
  /** A kit work order's kit (build) or components (disassembly) entering stock at the target location. */
  'kit_build',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

export const stockStatusOf = (available: number, threshold: number = LOW_STOCK_THRESHOLD): StockStatus =>
  available <= 0 ? 'out_of_stock' : available <= threshold ? 'low_stock' : 'in_stock';

export const INVENTORY_MESSAGES = {
  changedSinceLoaded: 'This inventory changed since you opened it. Check the current quantities and try again.',
  productRequired: 'Please select a product',
  warehouseRequired: 'Please select a warehouse',
  accountRequired: 'Please select an account',
  onHandRequired: 'Please enter quantity on hand',
  quantityPositive: 'Quantity must be positive',
  quantityWhole: 'Quantity must be a whole number',
  quantityTooLarge: 'Quantity is too large',
  adjustmentTooLarge: 'Adjust by at most 1000000 units at a time.',
  reservedExceedsOnHand: 'Reserved quantity cannot exceed quantity on hand',
  quantityChangeRequired: 'Please enter a quantity',
  quantityChangeNonZero: 'The quantity change cannot be zero',
  typeInvalid: 'Please choose on hand or reserved',
  productInvalid: 'The selected product is invalid.',
  productNotInAccount: 'The selected product does not belong to the selected account.',
  warehouseInvalid: 'The selected warehouse is invalid.',
  accountInvalid: 'The selected account is invalid.',
  accountNotInWarehouse: 'The selected account is not linked to the selected warehouse.',
  duplicate: 'Inventory for this product already exists in this warehouse and account.',
  belowZeroOnHand: 'This adjustment would make the quantity on hand negative.',
  belowZeroReserved: 'This adjustment would make the reserved quantity negative.',
  onHandBelowReserved: 'On hand cannot go below the reserved quantity.',
  locationInvalid: 'Choose a location of this inventory’s warehouse.',
  locationShort: 'That location holds fewer units than this adjustment takes.',
  lotShort: 'That lot holds fewer units than this change takes.',
  onHandBelowQuarantined: 'On hand cannot go below the reserved plus the quarantined quantity.',
  locationInactive: 'Choose an active location: units cannot be put into an inactive one.',
  lotInvalid: 'The selected lot is invalid.',
  lotToTakeRequired: 'Choose the lot to take from: this location may hold several lots of the product.',
  // Units arriving by hand follow the receiving rules: the same words as putaway.
  lotCodeRequired: SHIPMENT_MESSAGES.lotCodeRequired,
  expiryRequired: SHIPMENT_MESSAGES.expiryRequired,
  lotExpiryDiffers: SHIPMENT_MESSAGES.lotExpiryDiffers,
  deleteReserved: 'Inventory with reserved quantity cannot be deleted. Release the reservations first.',
  created: 'Inventory created successfully',
  updated: 'Inventory updated successfully',
  adjusted: 'Inventory adjusted successfully',
  deleted: 'Inventory deleted successfully',
  verified: 'Verified status updated successfully',
  notFound: 'Inventory not found',
} as const;

/**
 * The largest quantity a row may hold: a billion units, far below the integer column's 2^31−1, so on hand plus any
 * allowed adjustment or order line can never overflow the column.
 */
export const QUANTITY_MAX = 1_000_000_000;
/** The largest change one adjustment may make, either way. */
export const ADJUSTMENT_MAX = 1_000_000;

const quantity = (requiredMessage: string) =>
  z.coerce
    .number({ error: requiredMessage })
    .int(INVENTORY_MESSAGES.quantityWhole)
    .min(0, INVENTORY_MESSAGES.quantityPositive)
    .max(QUANTITY_MAX, INVENTORY_MESSAGES.quantityTooLarge);

/**
 * A required number: missing, null and blank all fail with the schema's own "required" message (z.coerce alone
 * would turn '' and null into 0).
 */
const present = <T extends z.ZodType>(_message: string, schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema);

const requiredId = (message: string) => present(message, idSchema(message));

const optionalId = (message: string) =>
  z
    .union([idSchema(message), z.literal(''), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null));

/**
 * Where a manual on-hand change lands or comes from, shared by create, edit and adjust; all optional, so
 * old payloads keep working. Units added go to `location_id` (an active location of the row's warehouse; absent:
 * UNASSIGNED) in the lot `lot_code` (found or created, with `expiry_date`; required when the product tracks lots or
 * expiry). Units taken come from `location_id` and `lot_id` (absent: the take order, within `lot_id` when given).
 */
const stockPlaceFields = {
  location_id: optionalId(INVENTORY_MESSAGES.locationInvalid),
  lot_id: optionalId(INVENTORY_MESSAGES.lotInvalid),
  lot_code: lotCodeInput,
  /** YYYY-MM-DD. */
  expiry_date: expiryDateInput,
};
export type StockPlaceInput = {
  location_id: number | null;
  lot_id: number | null;
  lot_code: string | null;
  expiry_date: string | null;
};

const reservedExceedsOnHand = {
  path: ['quantity_reserved'],
  message: INVENTORY_MESSAGES.reservedExceedsOnHand,
};

export const inventoryCreateSchema = z
  .object({
    product_id: requiredId(INVENTORY_MESSAGES.productRequired),
    warehouse_id: requiredId(INVENTORY_MESSAGES.warehouseRequired),
    account_id: z
      .union([idSchema(INVENTORY_MESSAGES.accountInvalid), z.literal(''), z.null()])
      .optional()
      .transform((v) => (typeof v === 'number' ? v : null)),
    quantity_on_hand: present(INVENTORY_MESSAGES.onHandRequired, quantity(INVENTORY_MESSAGES.onHandRequired)),
    quantity_reserved: z
      .preprocess(
        (v) => (v === '' || v === null || v === undefined ? 0 : v),
        quantity(INVENTORY_MESSAGES.quantityPositive),
      )
      .default(0),
    ...stockPlaceFields,
  })
  // A negative on hand already has its own message; comparing the reservation with it would only add noise.
  .refine((v) => v.quantity_on_hand < 0 || v.quantity_reserved <= v.quantity_on_hand, reservedExceedsOnHand);
export type InventoryCreateInput = z.infer<typeof inventoryCreateSchema>;

export const inventoryUpdateSchema = z
  .object({
    quantity_on_hand: present(INVENTORY_MESSAGES.onHandRequired, quantity(INVENTORY_MESSAGES.onHandRequired)),
    /** Optional on edit: absent keeps the current reservation. */
    quantity_reserved: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), quantity(INVENTORY_MESSAGES.quantityPositive))
      .optional(),
    /**
     * The quantities the editor saw when the form opened. Edits set absolute values, so when stock moved in the
     * meantime (an adjustment, an order) the server refuses with 409 instead of silently undoing that movement.
     */
    expected_on_hand: z.number().int().min(0).max(QUANTITY_MAX).optional(),
    expected_reserved: z.number().int().min(0).max(QUANTITY_MAX).optional(),
    ...stockPlaceFields,
  })
  .refine((v) => v.quantity_reserved === undefined || v.quantity_reserved <= v.quantity_on_hand, reservedExceedsOnHand);
export type InventoryUpdateInput = z.infer<typeof inventoryUpdateSchema>;

export const inventoryAdjustSchema = z.object({
  type: z.enum(ADJUSTMENT_TYPES, { error: INVENTORY_MESSAGES.typeInvalid }),
  quantity_change: present(
    INVENTORY_MESSAGES.quantityChangeRequired,
    z.coerce
      .number({ error: INVENTORY_MESSAGES.quantityChangeRequired })
      .int(INVENTORY_MESSAGES.quantityWhole)
      .min(-ADJUSTMENT_MAX, INVENTORY_MESSAGES.adjustmentTooLarge)
      .max(ADJUSTMENT_MAX, INVENTORY_MESSAGES.adjustmentTooLarge)
      .refine((n) => n !== 0, INVENTORY_MESSAGES.quantityChangeNonZero),
  ),
  reason: safeString()
    .trim()
    .max(500, 'Use at most 500 characters for the reason.')
    .nullish()
    .transform((v) => (v ? v : null)),
  /**
   * Where the units arrive or are taken from (a location of the row's warehouse), and their lot. Absent: arrivals go
   * to UNASSIGNED, takings follow the take order (pick, storage, …, UNASSIGNED, quarantine), as shipping does.
   */
  ...stockPlaceFields,
});
export type InventoryAdjustInput = z.infer<typeof inventoryAdjustSchema>;

export const inventoryVerifySchema = z.object({
  verified: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
    error: 'Say whether the inventory is verified.',
  }),
});

/** Units of one lot in one location that expire within the list's window. */
export const expiringLotSchema = z.object({
  lot: z.object({ id: z.number().int(), code: z.string(), expiry_date: z.string() }),
  location: z.object({ id: z.number().int(), code: z.string() }),
  quantity: z.number().int(),
});
export type ExpiringLot = z.infer<typeof expiringLotSchema>;

export const inventorySchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  warehouse_id: z.number().int(),
  account_id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    sku: z.string(),
    photo_url: z.string().nullable(),
    /** Pounds. */
    weight: z.number().nullable(),
    dimension: z.string().nullable(),
    link: z.string().nullable(),
    account: z.object({ id: z.number().int(), name: z.string() }),
    /** Units added by hand must name a lot (and an expiry date) when these are set. */
    track_lots: z.boolean(),
    track_expiry: z.boolean(),
    /** standard, or assembled (a kit with its own stock; see kit_buildable). */
    kind: productKindField,
  }),
  account: z.object({ id: z.number().int(), name: z.string() }),
  account_name: z.string(),
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  warehouse_name: z.string(),
  quantity_on_hand: z.number().int(),
  quantity_reserved: z.number().int(),
  /** Units in quarantine locations: on hand, not available. */
  quantity_quarantined: z.number().int(),
  /** on hand − reserved − quarantined. */
  quantity_available: z.number().int(),
  stock_status: z.enum(STOCK_STATUSES),
  /**
   * An assembled kit's row: how many more kits its components' available stock in this warehouse could build (the
   * least over components of available ÷ units per kit); null for any other product.
   */
  kit_buildable: z.number().int().nullable(),
  verified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Only in a list filtered by `expiring_within_days`: the row's units whose lot expires within that window, per lot
   * and location, soonest first — what the expiring-soon list shows and acts on.
   */
  expiring_lots: z.array(expiringLotSchema).optional(),
});
export type Inventory = z.infer<typeof inventorySchema>;

export const inventoryListQuery = paginationQuery.extend({
  per_page: paginationQuery.shape.per_page.unwrap().default(INVENTORY_PAGE_SIZE),
  account_id: optionalIdQuery(),
  warehouse_id: optionalIdQuery(),
  product_id: optionalIdQuery(),
  stock_status: z.enum(STOCK_STATUSES).optional(),
  cursor: cursorParam,
  /** Rows holding a lot whose expiry date is within this many days from today (already expired included). */
  expiring_within_days: z.coerce.number().int().min(0).max(EXPIRING_WITHIN_DAYS_MAX).optional(),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuery>;

export const stockCountsSchema = z.object({
  low_stock_count: z.number().int(),
  out_of_stock_count: z.number().int(),
});

export const inventoryListResponse = z.object({
  data: z.array(inventorySchema),
  meta: keysetPageMetaSchema,
  counts: stockCountsSchema,
});

export const lowStockQuery = inventoryListQuery.omit({ cursor: true }).extend({
  threshold: z.coerce.number().int().min(1).max(1_000_000).default(LOW_STOCK_THRESHOLD),
});

export const stockFilterResponse = z.object({
  inventories: z.array(inventorySchema),
  data: z.array(inventorySchema),
  meta: pageMetaSchema,
});

const stockTotals = {
  items: z.number().int(),
  units_on_hand: z.number().int(),
  units_reserved: z.number().int(),
  units_available: z.number().int(),
  low_stock_count: z.number().int(),
  out_of_stock_count: z.number().int(),
};

export const inventorySummaryResponse = z.object({
  warehouses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      code: z.string(),
      is_active: z.boolean(),
      ...stockTotals,
      accounts: z.array(z.object({ id: z.number().int(), name: z.string(), ...stockTotals })),
    }),
  ),
  totals: z.object(stockTotals),
});
export type InventorySummary = z.infer<typeof inventorySummaryResponse>;

export const movementSchema = z.object({
  id: z.number().int(),
  inventory_id: z.number().int().nullable(),
  type: z.enum(MOVEMENT_TYPES),
  on_hand_delta: z.number().int(),
  reserved_delta: z.number().int(),
  on_hand_after: z.number().int(),
  reserved_after: z.number().int(),
  reason: z.string().nullable(),
  reference_type: z.string().nullable(),
  reference_id: z.number().int().nullable(),
  /** The location (and its code) this row's units went to or came from; null for reservations. */
  location: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  /** Units the location gained (+) or lost (−) by this row. */
  location_delta: z.number().int(),
  /** The order's number ('ORD-000019') when the movement refers to an order that still exists, else null. */
  order_number: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const movementListResponse = z.object({ data: z.array(movementSchema), meta: pageMetaSchema });

export const inventoryResponse = z.object({ message: z.string().optional(), data: inventorySchema });
