import { z } from 'zod';
import { GS1_COMPANY_PREFIX_PATTERN } from './gs1';
import { idSchema } from './ids';
import { ORDER_LINE_QUANTITY_MAX } from './order-form';
import { ORDER_TEXT_MAX } from './orders';
import { optionalText, safeString, tooLong } from './text';
import { requiredString } from './validation';

/**
 * The packing station (docs/outbound-packing.md): settings, carton types, stations and their printers, the pack
 * flow (lookup, scan-verify into cartons, close with an SSCC), documents and Ship. Wire names are snake_case.
 */

export const PACKING_MESSAGES = {
  // Settings and account fields
  prefixInvalid: 'GS1 company prefix: 7 to 10 digits.',
  extensionDigitInvalid: 'SSCC extension digit: one digit from 0 to 9.',
  settingsSaved: 'Packing settings saved',
  prefixMissing: 'Set a GS1 company prefix in Settings → Packing before closing cartons.',
  // Carton types
  cartonTypeNotFound: 'Carton type not found',
  cartonTypeNameRequired: 'Enter the carton type name.',
  cartonTypeNameTaken: 'This warehouse already has a carton type with this name.',
  dimensionInvalid: 'Enter a whole number of millimetres from 1 to 10 000.',
  dimensionsRequired: 'Enter the inner length, width and height.',
  tareInvalid: 'Enter the tare weight in grams, from 0 to 1 000 000.',
  customLocked: 'The Custom carton type cannot be changed or deactivated.',
  cartonTypeInactive: 'This carton type is inactive: choose another.',
  cartonTypeOtherWarehouse: 'Choose a carton type of the order’s warehouse.',
  cartonTypeCreated: 'Carton type created',
  cartonTypeUpdated: 'Carton type updated',
  cartonTypeDeleted: 'Carton type deleted',
  cartonTypeDeactivated: 'Carton type deactivated: cartons already use it.',
  // Stations and printers
  stationNotFound: 'Packing station not found',
  stationNameRequired: 'Enter the station name.',
  stationNameTaken: 'This warehouse already has a station with this name.',
  printerHostRequired: 'Enter the printer address.',
  printerHostInvalid: 'Enter the printer’s IP address.',
  printerOutsideNetworks: 'This printer address is outside the warehouse’s printer networks.',
  printerAddressForbidden: 'This address cannot be a printer (loopback, link-local or metadata range).',
  printerPortInvalid: 'Enter a port from 1 to 65535.',
  stationCreated: 'Packing station created',
  stationUpdated: 'Packing station updated',
  stationDeactivated: 'Packing station deactivated',
  browserStation: 'This station prints in the browser.',
  printed: (document: string) => `Sent ${document} to the printer.`,
  printerUnreachable: (host: string, port: number) => `The printer at ${host}:${port} did not answer.`,
  networkNotFound: 'Printer network not found',
  cidrInvalid: 'Enter a network as an IPv4 or IPv6 CIDR, e.g. 10.20.0.0/16.',
  cidrTaken: 'This network is already on the list.',
  networkAdded: 'Printer network added',
  networkRemoved: 'Printer network removed',
  // Lookup and pack flow
  codeRequired: 'Scan a barcode, SKU, order number, tote or wave.',
  nothingToPack: 'Nothing to pack matches this code.',
  orderNotFound: 'Order not found',
  orderNotOpen: (status: string) => `This order is ${status}: there is nothing to pack.`,
  notPickedYet: (wave: string) => `This order is still being picked in ${wave}: pack it once its wave is picked.`,
  packStarted: (order: string) => `Packing ${order}.`,
  notInOrder: (code: string) => `${code} is not in this order.`,
  tooMany: (sku: string, quantity: number) => `All ${quantity} of ${sku} are already verified: this one is extra.`,
  notPicked: (sku: string, picked: number) =>
    `Only ${picked} of ${sku} ${picked === 1 ? 'was' : 'were'} picked for this order: this one is extra.`,
  lotNotPicked: (lot: string) => `Lot ${lot} was not picked for this order.`,
  lotRequired: (sku: string) => `${sku} is lot-tracked: scan the lot number.`,
  verified: (sku: string, verified: number, quantity: number, carton: number) =>
    `${sku}: ${verified} of ${quantity} verified, in carton ${carton}.`,
  nothingForWave: (code: string) => `No order of this wave still needs ${code}.`,
  putInSlot: (slot: number, order: string) => `Put it in slot ${slot} — ${order}.`,
  putInTote: (tote: string, order: string) => `Put it in tote ${tote} — ${order}.`,
  waveNotBatch: 'Sorting at the station is for batch waves.',
  // Cartons
  cartonNotFound: 'Carton not found',
  cartonNotOpen: 'This carton is closed: reopen it first.',
  cartonClosed: 'Carton closed',
  cartonEmpty: 'An empty carton cannot be closed.',
  cartonNotEmpty: 'Only an empty carton can be removed: move its units out first.',
  cartonShipped: 'This carton has shipped.',
  cartonReopened: 'Carton reopened',
  cartonRemoved: 'Carton removed',
  weightRequired: 'Enter the carton’s weight in grams.',
  weightInvalid: 'Enter the weight in grams, from 1 to 1 000 000.',
  customDimensionsRequired: 'A Custom carton needs its length, width and height.',
  quantityInvalid: 'Enter a whole number of units, at least 1.',
  notEnoughVerified: (sku: string, free: number) =>
    `Only ${free} verified unit${free === 1 ? '' : 's'} of ${sku} ${free === 1 ? 'is' : 'are'} outside cartons.`,
  notEnoughInCarton: (sku: string, count: number) =>
    `The carton holds only ${count} unit${count === 1 ? '' : 's'} of ${sku}.`,
  sameCarton: 'Choose another carton to move the units to.',
  itemNotInOrder: 'This line is not in the order.',
  // Ship
  labelRequired: 'This account requires a shipping label: upload it before shipping.',
  notAllVerified: 'Verify every unit before shipping.',
  notAllPacked: (units: number) => `${units} verified unit${units === 1 ? ' is' : 's are'} not in a carton.`,
  openCartons: (count: number) => `Close ${count === 1 ? 'the open carton' : `the ${count} open cartons`} first.`,
  noCartons: 'Close at least one carton: only closed cartons ship.',
  unknownCarton: 'This carton is not one of the order’s closed cartons.',
  shortNotAllowed: 'Some units were not picked and this account does not allow partial shipments.',
  shipped: (order: string) => `${order} shipped.`,
  shippedPartly: (order: string, units: number) =>
    `${order} shipped in part: ${units} unit${units === 1 ? '' : 's'} stay open as a backorder.`,
  alreadyShipped: (order: string) => `${order} has already shipped.`,
  cartsShort: (sku: string) => `The cart holds fewer units of ${sku} than were picked: ask a supervisor.`,
  // Documents
  labelNeedsClosedCarton: 'Close the carton before printing its label.',
  noShippingLabel: 'This order has no shipping label.',
} as const;

export const DIMENSION_MAX_MM = 10_000;
export const WEIGHT_MAX_G = 1_000_000;
export const CARTON_TYPE_NAME_MAX = 100;
export const STATION_NAME_MAX = 100;
export const SCAN_CODE_MAX = 128;
export const CIDR_NOTE_MAX = 200;
export const CUSTOM_CARTON_TYPE_NAME = 'Custom';

/** A GS1 company prefix typed by staff: 7–10 digits, or empty/null for none. */
export const gs1CompanyPrefixField = safeString({ error: PACKING_MESSAGES.prefixInvalid })
  .trim()
  .regex(GS1_COMPANY_PREFIX_PATTERN, PACKING_MESSAGES.prefixInvalid)
  .or(z.literal('').transform(() => null))
  .nullable();

const dimension = z
  .number({ error: PACKING_MESSAGES.dimensionInvalid })
  .int(PACKING_MESSAGES.dimensionInvalid)
  .min(1, PACKING_MESSAGES.dimensionInvalid)
  .max(DIMENSION_MAX_MM, PACKING_MESSAGES.dimensionInvalid);
const weight = z
  .number({ error: PACKING_MESSAGES.weightInvalid })
  .int(PACKING_MESSAGES.weightInvalid)
  .min(1, PACKING_MESSAGES.weightInvalid)
  .max(WEIGHT_MAX_G, PACKING_MESSAGES.weightInvalid);
const scanCode = safeString({ error: PACKING_MESSAGES.codeRequired })
  .trim()
  .min(1, PACKING_MESSAGES.codeRequired)
  .max(SCAN_CODE_MAX, PACKING_MESSAGES.codeRequired);
const carrier = optionalText(ORDER_TEXT_MAX.carrier);
const trackingNumber = optionalText(ORDER_TEXT_MAX.tracking);

// ---------------------------------------------------------------------------------------------------------------
// Settings (GET/PUT /api/settings/packing) and the account's packing fields

export const packingSettingsSchema = z.object({
  gs1_company_prefix: z.string().nullable(),
  sscc_extension_digit: z.number().int(),
});
export type PackingSettings = z.infer<typeof packingSettingsSchema>;
export const packingSettingsInputSchema = z.object({
  gs1_company_prefix: gs1CompanyPrefixField,
  sscc_extension_digit: z
    .number({ error: PACKING_MESSAGES.extensionDigitInvalid })
    .int(PACKING_MESSAGES.extensionDigitInvalid)
    .min(0, PACKING_MESSAGES.extensionDigitInvalid)
    .max(9, PACKING_MESSAGES.extensionDigitInvalid)
    .default(0),
});
export type PackingSettingsInput = z.input<typeof packingSettingsInputSchema>;
export const packingSettingsResponse = z.object({ data: packingSettingsSchema });
export const packingSettingsSavedResponse = z.object({ data: packingSettingsSchema, message: z.string() });

/**
 * Account fields (POST/PUT/GET /api/accounts; staff set them): the account's own GS1 company prefix (null: the
 * installation's) and whether Ship needs an uploaded shipping label.
 */
export const accountPackingSettingsFields = {
  gs1_company_prefix: gs1CompanyPrefixField,
  require_label: z.boolean(),
};

// ---------------------------------------------------------------------------------------------------------------
// Carton types (GET/POST /api/warehouses/{id}/carton-types, PUT/DELETE /api/carton-types/{id})

export const cartonTypeSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  name: z.string(),
  is_custom: z.boolean(),
  length_mm: z.number().int().nullable(),
  width_mm: z.number().int().nullable(),
  height_mm: z.number().int().nullable(),
  tare_weight_g: z.number().int(),
  active: z.boolean(),
});
export type CartonType = z.infer<typeof cartonTypeSchema>;

/** A fixed-size carton type: its name, inner dimensions and tare (the Custom type is never written through this). */
export const cartonTypeInputSchema = z.object({
  name: requiredString(PACKING_MESSAGES.cartonTypeNameRequired, CARTON_TYPE_NAME_MAX),
  length_mm: dimension,
  width_mm: dimension,
  height_mm: dimension,
  tare_weight_g: z
    .number({ error: PACKING_MESSAGES.tareInvalid })
    .int(PACKING_MESSAGES.tareInvalid)
    .min(0, PACKING_MESSAGES.tareInvalid)
    .max(WEIGHT_MAX_G, PACKING_MESSAGES.tareInvalid)
    .default(0),
  /** PUT only: true reactivates a deactivated type. */
  active: z.boolean().optional(),
});
export type CartonTypeInput = z.input<typeof cartonTypeInputSchema>;
export const cartonTypeListQuery = z.object({ include_inactive: z.enum(['true', 'false']).optional() });
export const cartonTypeListResponse = z.object({ data: z.array(cartonTypeSchema) });
export const cartonTypeSavedResponse = z.object({ data: cartonTypeSchema, message: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Packing stations and printer networks

export const STATION_OUTPUTS = ['browser', 'printer'] as const;
export type StationOutput = (typeof STATION_OUTPUTS)[number];
export const DEFAULT_PRINTER_PORT = 9100;

export const packingStationSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  name: z.string(),
  output: z.enum(STATION_OUTPUTS),
  printer_host: z.string().nullable(),
  printer_port: z.number().int(),
  active: z.boolean(),
});
export type PackingStation = z.infer<typeof packingStationSchema>;
export const packingStationInputSchema = z.object({
  name: requiredString(PACKING_MESSAGES.stationNameRequired, STATION_NAME_MAX),
  output: z.enum(STATION_OUTPUTS).default('browser'),
  printer_host: optionalText(255),
  printer_port: z
    .number({ error: PACKING_MESSAGES.printerPortInvalid })
    .int(PACKING_MESSAGES.printerPortInvalid)
    .min(1, PACKING_MESSAGES.printerPortInvalid)
    .max(65535, PACKING_MESSAGES.printerPortInvalid)
    .default(DEFAULT_PRINTER_PORT),
  /** PUT only: true reactivates a deactivated station. */
  active: z.boolean().optional(),
});
export type PackingStationInput = z.input<typeof packingStationInputSchema>;
export const packingStationListResponse = z.object({ data: z.array(packingStationSchema) });
export const packingStationSavedResponse = z.object({ data: packingStationSchema, message: z.string() });

export const printerNetworkSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  cidr: z.string(),
  note: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type PrinterNetwork = z.infer<typeof printerNetworkSchema>;
export const printerNetworkInputSchema = z.object({
  cidr: safeString({ error: PACKING_MESSAGES.cidrInvalid }).trim().min(1, PACKING_MESSAGES.cidrInvalid).max(64),
  note: safeString().trim().max(CIDR_NOTE_MAX, tooLong(CIDR_NOTE_MAX)).default(''),
});
export type PrinterNetworkInput = z.input<typeof printerNetworkInputSchema>;
export const printerNetworkListResponse = z.object({ data: z.array(printerNetworkSchema) });
export const printerNetworkSavedResponse = z.object({ data: printerNetworkSchema, message: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// The pack flow

/** POST /api/packing/lookup: what a scan at the station names. */
export const packLookupSchema = z.object({ warehouse_id: idSchema(), code: scanCode });
export type PackLookupInput = z.input<typeof packLookupSchema>;
export const packLookupResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order'), order_id: z.number().int(), order_number: z.string() }),
  z.object({
    kind: z.literal('wave'),
    wave_id: z.number().int(),
    wave_number: z.string(),
    orders: z.array(
      z.object({
        order_id: z.number().int(),
        order_number: z.string(),
        /** The order's place in the wave (1, 2, …): the slot its units are sorted into. */
        slot: z.number().int(),
        tote: z.string().nullable(),
      }),
    ),
  }),
]);
export type PackLookupResult = z.infer<typeof packLookupResultSchema>;
export const packLookupResponse = z.object({ data: packLookupResultSchema });

/** POST /api/waves/{id}/pack-sort (batch): one scanned unit, verified for the first order (by slot) still missing it. */
export const packSortSchema = z.object({ code: scanCode });
export const packSortResultSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  slot: z.number().int(),
  tote: z.string().nullable(),
  message: z.string(),
});
export type PackSortResult = z.infer<typeof packSortResultSchema>;

/** POST /api/orders/{id}/pack: start (or resume) packing, optionally at a station. */
export const packStartSchema = z.object({ station_id: idSchema().nullish() });

export const CARTON_STATUSES = ['open', 'closed', 'shipped'] as const;
export type CartonStatus = (typeof CARTON_STATUSES)[number];

export const packItemSchema = z.object({
  /** The order line's id. */
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  lot_tracked: z.boolean(),
  quantity: z.number().int(),
  /** Units picked for the line (its quantity when the order is not in a wave). */
  picked: z.number().int(),
  verified: z.number().int(),
  /** Verified units already in a carton. */
  packed: z.number().int(),
  /** The lots picked for the line and how many of each. */
  lots: z.array(z.object({ lot_id: z.number().int(), lot_number: z.string(), picked: z.number().int() })),
});
export type PackItem = z.infer<typeof packItemSchema>;

export const cartonItemSchema = z.object({
  order_item_id: z.number().int(),
  sku: z.string(),
  lot_id: z.number().int().nullable(),
  lot_number: z.string().nullable(),
  quantity: z.number().int(),
});
export type CartonItem = z.infer<typeof cartonItemSchema>;

export const cartonSchema = z.object({
  id: z.number().int(),
  /** 1, 2, … within the order. */
  number: z.number().int(),
  carton_type_id: z.number().int(),
  type_name: z.string(),
  length_mm: z.number().int().nullable(),
  width_mm: z.number().int().nullable(),
  height_mm: z.number().int().nullable(),
  weight_g: z.number().int().nullable(),
  status: z.enum(CARTON_STATUSES),
  /** The 18 digits, set when first closed and kept on reopen. */
  sscc: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  items: z.array(cartonItemSchema),
});
export type Carton = z.infer<typeof cartonSchema>;

export const packViewSchema = z.object({
  order: z.object({
    id: z.number().int(),
    order_number: z.string(),
    external_id: z.string(),
    status: z.string(),
    account_id: z.number().int(),
    warehouse_id: z.number().int(),
    require_label: z.boolean(),
    has_label: z.boolean(),
    /** What the uploaded shipping label gave: Ship's default for each carton. */
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    wave: z
      .object({ id: z.number().int(), number: z.string(), slot: z.number().int(), tote: z.string().nullable() })
      .nullable(),
  }),
  items: z.array(packItemSchema),
  cartons: z.array(cartonSchema),
  ready_to_ship: z.boolean(),
  /** Why Ship is not possible yet, in words (empty when ready). */
  blockers: z.array(z.string()),
});
export type PackView = z.infer<typeof packViewSchema>;
/** Answer of GET/POST /orders/{id}/pack and the carton writes. */
export const packViewResponse = z.object({ data: packViewSchema, message: z.string().optional() });

/** POST /api/orders/{id}/pack/scan: one unit (barcode, SKU or lot number) into a carton (default the newest open). */
export const packScanSchema = z.object({ code: scanCode, carton_id: idSchema().nullish() });
export type PackScanInput = z.input<typeof packScanSchema>;
export const packScanResponse = z.object({
  message: z.string(),
  item_id: z.number().int(),
  carton_id: z.number().int(),
  pack: packViewSchema,
});
export type PackScanAnswer = z.infer<typeof packScanResponse>;

/** POST /api/orders/{id}/cartons: a new open carton; dimensions from the type, typed for the Custom type. */
export const cartonCreateSchema = z.object({
  carton_type_id: idSchema(),
  length_mm: dimension.nullish(),
  width_mm: dimension.nullish(),
  height_mm: dimension.nullish(),
});
export type CartonCreateInput = z.input<typeof cartonCreateSchema>;

/** POST /api/orders/{id}/cartons/{c}/items: verified units into carton c, or moved there from another open carton. */
export const cartonItemsSchema = z.object({
  order_item_id: idSchema(),
  lot_id: idSchema().nullish(),
  quantity: z
    .number({ error: PACKING_MESSAGES.quantityInvalid })
    .int(PACKING_MESSAGES.quantityInvalid)
    .min(1, PACKING_MESSAGES.quantityInvalid)
    .max(ORDER_LINE_QUANTITY_MAX, PACKING_MESSAGES.quantityInvalid),
  from_carton_id: idSchema().nullish(),
});
export type CartonItemsInput = z.input<typeof cartonItemsSchema>;

/** PATCH /api/orders/{id}/cartons/{c}: any of these (weight and dimensions of an open carton; carrier and tracking). */
export const cartonPatchSchema = z.object({
  weight_g: weight.nullish(),
  length_mm: dimension.nullish(),
  width_mm: dimension.nullish(),
  height_mm: dimension.nullish(),
  carrier: carrier.optional(),
  tracking_number: trackingNumber.optional(),
});
export type CartonPatchInput = z.input<typeof cartonPatchSchema>;

/** POST /api/orders/{id}/cartons/{c}/close: weighed (typed or a keyboard scale), then an SSCC. */
export const cartonCloseSchema = z.object({
  weight_g: z
    .number({ error: PACKING_MESSAGES.weightRequired })
    .int(PACKING_MESSAGES.weightInvalid)
    .min(1, PACKING_MESSAGES.weightInvalid)
    .max(WEIGHT_MAX_G, PACKING_MESSAGES.weightInvalid),
  length_mm: dimension.nullish(),
  width_mm: dimension.nullish(),
  height_mm: dimension.nullish(),
});
export type CartonCloseInput = z.input<typeof cartonCloseSchema>;

/**
 * POST /api/orders/{id}/ship: carrier and tracking per carton (missing ones default to the order's, i.e. what the
 * uploaded label gave). Every closed carton of the order ships; listing none ships them all with the defaults.
 */
export const shipSchema = z.object({
  cartons: z
    .array(z.object({ carton_id: idSchema(), carrier: carrier.optional(), tracking_number: trackingNumber.optional() }))
    .max(1000)
    .default([]),
});
export type ShipInput = z.input<typeof shipSchema>;
export const shipResponse = z.object({
  data: packViewSchema,
  message: z.string(),
  /** Units left open on the order (a backorder) after a partial shipment. */
  backordered_units: z.number().int(),
});
export type ShipAnswer = z.infer<typeof shipResponse>;

/** The `cartons` of the `order.shipped` webhook payload. */
export const shippedCartonSchema = z.object({
  sscc: z.string().nullable(),
  weight_g: z.number().int().nullable(),
  length_mm: z.number().int().nullable(),
  width_mm: z.number().int().nullable(),
  height_mm: z.number().int().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int(), lot: z.string().nullable() })),
});
export type ShippedCarton = z.infer<typeof shippedCartonSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Documents and printing

export const PACKING_SLIP_LAYOUTS = ['a4', 'letter', '4x6'] as const;
export type PackingSlipLayout = (typeof PACKING_SLIP_LAYOUTS)[number];
export const packingSlipQuery = z.object({ layout: z.enum(PACKING_SLIP_LAYOUTS).default('a4') });
export const CARTON_LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type CartonLabelFormat = (typeof CARTON_LABEL_FORMATS)[number];
export const cartonLabelQuery = z.object({ format: z.enum(CARTON_LABEL_FORMATS).default('pdf') });

export const PRINT_DOCUMENTS = ['packing_slip', 'carton_label', 'shipping_label'] as const;
export type PrintDocument = (typeof PRINT_DOCUMENTS)[number];
/** POST /api/packing-stations/{id}/print: ZPL to the station's network printer over raw TCP. */
export const stationPrintSchema = z.object({
  document: z.enum(PRINT_DOCUMENTS),
  order_id: idSchema(),
  carton_id: idSchema().nullish(),
  layout: z.enum(PACKING_SLIP_LAYOUTS).nullish(),
});
export type StationPrintInput = z.input<typeof stationPrintSchema>;
export const stationPrintResponse = z.object({ message: z.string(), bytes: z.number().int() });

/** /orders/{id}/cartons/{cartonId}… paths. */
export const cartonParams = z.object({ id: idSchema(), cartonId: idSchema() });
export const messageOnlyResponse = z.object({ message: z.string() });
