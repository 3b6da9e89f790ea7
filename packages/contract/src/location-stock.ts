import { z } from 'zod';
import { idSchema } from './ids';
import { QUANTITY_MAX } from './inventory';
import { LOCATION_TYPES } from './locations';
import { pageMetaSchema, paginationQuery } from './pagination';

/** Stock per location and moves between locations. */
export const LOCATION_STOCK_MESSAGES = {
  fromRequired: 'Please choose the location to move from',
  toRequired: 'Please choose the location to move to',
  sameLocation: 'Choose a different location to move to',
  quantityRequired: 'Please enter a quantity',
  quantityWhole: 'Quantity must be a whole number',
  quantityPositive: 'Quantity must be at least 1',
  quantityTooLarge: 'Quantity is too large',
  locationInvalid: 'Choose an active location of this inventory’s warehouse.',
  lotInvalid: 'The selected lot is invalid.',
  sourceShort: 'The source location holds fewer units than you want to move.',
  /** Lot-tracked units moved without naming the lot: which lots the source holds, to choose from. */
  lotRequired: (location: string, lots: readonly { code: string; quantity: number }[]) =>
    `Choose the lot to move: ${location} holds ${lots
      .map((lot) => `lot ${lot.code} (${lot.quantity.toLocaleString('en-US')} units)`)
      .join(', ')}.`,
  reservedIntoQuarantine:
    'Quarantine would take units that orders have reserved. Release those reservations or move fewer units.',
  moved: 'Stock moved successfully',
} as const;

/** The phone move flow (/moves/scan): what each scan answers. */
export const MOVE_SCAN_MESSAGES = {
  scanEmpty: 'Scan or type a code first.',
  locationUnknown: (code: string) => `No location ${code} in this warehouse.`,
  locationInactive: (code: string) => `Location ${code} is inactive: choose an active location.`,
  sourceEmpty: (code: string) => `Location ${code} holds no stock.`,
  sourceFound: (code: string, units: number) => `From ${code}: ${units.toLocaleString('en-US')} units here.`,
  productNotHere: (code: string, location: string) => `No product with barcode or SKU ${code} in ${location}.`,
  productFound: (sku: string) => `Product ${sku} found.`,
  targetFound: (code: string) => `To ${code}.`,
  moved: (quantity: number, sku: string, from: string, to: string) =>
    `Moved ${quantity.toLocaleString('en-US')} × ${sku} from ${from} to ${to}.`,
  noWarehouse: 'Choose a warehouse in the header first.',
  failed: 'Failed to move stock',
  /** Said at the quantity step, before the mover walks to the target. */
  moreThanHeld: (held: number, code: string) =>
    `Only ${held.toLocaleString('en-US')} units here in ${code}: enter ${held.toLocaleString('en-US')} or fewer.`,
} as const;

const locationId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema(message));

export const inventoryMoveSchema = z
  .object({
    from_location_id: locationId(LOCATION_STOCK_MESSAGES.fromRequired),
    to_location_id: locationId(LOCATION_STOCK_MESSAGES.toRequired),
    quantity: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: LOCATION_STOCK_MESSAGES.quantityRequired })
        .int(LOCATION_STOCK_MESSAGES.quantityWhole)
        .min(1, LOCATION_STOCK_MESSAGES.quantityPositive)
        .max(QUANTITY_MAX, LOCATION_STOCK_MESSAGES.quantityTooLarge),
    ),
    lot_id: z
      .union([idSchema(LOCATION_STOCK_MESSAGES.lotInvalid), z.null()])
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((v) => v.from_location_id !== v.to_location_id, {
    path: ['to_location_id'],
    message: LOCATION_STOCK_MESSAGES.sameLocation,
  });
export type InventoryMoveInput = z.infer<typeof inventoryMoveSchema>;

const locationRef = z.object({
  id: z.number().int(),
  code: z.string(),
  zone: z.string(),
  type: z.enum(LOCATION_TYPES),
});
const lotRef = z.object({ id: z.number().int(), code: z.string(), expiry_date: z.string().nullable() }).nullable();

/** Units of one inventory row at one location (and lot). */
export const stockPlaceSchema = z.object({
  location: locationRef,
  lot: lotRef,
  quantity: z.number().int(),
});
export type StockPlace = z.infer<typeof stockPlaceSchema>;

/** GET /api/inventories/{id}/locations: where the row's units lie, in the order shipping takes them. */
export const inventoryLocationsResponse = z.object({ data: z.array(stockPlaceSchema) });

/** GET /api/locations/{id}/stock: what one location holds (the barcode lets a scan screen match SKU or barcode). */
export const locationStockRowSchema = z.object({
  inventory_id: z.number().int(),
  product: z.object({ id: z.number().int(), sku: z.string(), barcode: z.string().nullable(), name: z.string() }),
  account: z.object({ id: z.number().int(), name: z.string() }),
  lot: lotRef,
  quantity: z.number().int(),
});
export type LocationStockRow = z.infer<typeof locationStockRowSchema>;
export const locationStockResponse = z.object({ data: z.array(locationStockRowSchema) });

/**
 * GET /api/warehouses/{id}/location-stock: every (location, inventory row, lot) of a warehouse holding units, a page
 * at a time (by location, then SKU). The move screen keeps it on the handheld, with the warehouse's locations, so
 * scans and moves are checked offline as online.
 */
export const warehouseLocationStockQuery = paginationQuery.pick({ page: true, per_page: true });
export type WarehouseLocationStockQuery = z.infer<typeof warehouseLocationStockQuery>;
export const warehouseLocationStockRowSchema = locationStockRowSchema.extend({ location_id: z.number().int() });
export type WarehouseLocationStockRow = z.infer<typeof warehouseLocationStockRowSchema>;
export const warehouseLocationStockResponse = z.object({
  data: z.array(warehouseLocationStockRowSchema),
  meta: pageMetaSchema,
});

/** GET /api/products/{id}/locations: where a product lies in each warehouse in scope. */
export const productLocationSchema = stockPlaceSchema.extend({
  inventory_id: z.number().int(),
  warehouse: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
});
export type ProductLocation = z.infer<typeof productLocationSchema>;
export const productLocationsResponse = z.object({ data: z.array(productLocationSchema) });

/** GET /api/orders/{id}/pick-locations: for each order item, where to take it from (the order shipping takes). */
export const pickSuggestionSchema = z.object({
  order_item_id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  quantity: z.number().int(),
  takes: z.array(z.object({ location: locationRef, lot: lotRef, quantity: z.number().int() })),
  /** Units the locations cannot cover (not yet in stock). */
  short: z.number().int(),
});
export type PickSuggestion = z.infer<typeof pickSuggestionSchema>;
export const pickSuggestionsResponse = z.object({ data: z.array(pickSuggestionSchema) });
