import { z } from 'zod';
import { idSchema } from './ids';
import { ORDER_IMPORT_COLUMNS, type OrderImportField } from './order-imports';
import { NAME_MAX_LENGTH, safeString, tooLong } from './text';

/**
 * Import mappings: a file of any shape (a shop's export) is read through a mapping that says, for each
 * of our template's fields, which column of the file holds it, or which constant or default stands in for it.
 */
export const IMPORT_MAPPING_MESSAGES = {
  notFound: 'Mapping not found',
  accountNotFound: 'Account not found',
  nameRequired: 'Please name the mapping',
  nameTaken: 'This account already has a mapping with this name',
  mappingInvalid: 'The mapping is not valid',
  fieldRequired: (label: string) => `${label} must be mapped to a column or given a value`,
  columnMissing: (column: string) => `The file has no column '${column}'`,
  sourceNotAllowed: (label: string) => `This kind of value cannot stand in for ${label}`,
  accountForCurrent: 'Choose the account the orders belong to',
  saved: 'Mapping saved',
  updated: 'Mapping updated',
  deleted: 'Mapping deleted',
  // Web texts
  inspectFailed: 'The file could not be read',
  mapStepTitle: 'Match the file’s columns to our fields',
  templateRecognised: 'This file uses our template: no mapping needed.',
  presetRecognised: (name: string) => `Recognised: ${name}`,
  savedRecognised: (name: string) => `Your saved mapping “${name}” matches this file`,
} as const;

/** Columns read from a mapped file (a Shopify orders export has about 80). Cells further right are ignored. */
export const IMPORT_MAPPING_READ_COLUMNS = 120;
/** Rows of the file the mapping step shows (the file itself never goes back to the browser). */
export const IMPORT_PREVIEW_ROWS = 5;
export const IMPORT_MAPPING_COLUMN_MAX = 255;
export const IMPORT_MAPPING_VALUE_MAX = 255;
/** Ship date default: today plus this many days. */
export const DEFAULT_SHIP_DAYS = 2;

export const ORDER_MAPPING_FIELDS = ORDER_IMPORT_COLUMNS.map((c) => c.field) as [
  OrderImportField,
  ...OrderImportField[],
];
export const orderFieldLabel = (field: OrderImportField): string =>
  ORDER_IMPORT_COLUMNS.find((c) => c.field === field)?.label ?? field;

/**
 * Where one field's value comes from: a column of the file; a constant typed once; the account the caller works in
 * (`account_id` of the request); or a ship date counted from the day of the import (so a saved mapping stays right).
 */
export const fieldSourceSchema = z.discriminatedUnion('source', [
  z.strictObject({
    source: z.literal('column'),
    column: safeString().trim().min(1).max(IMPORT_MAPPING_COLUMN_MAX, tooLong(IMPORT_MAPPING_COLUMN_MAX)),
  }),
  z.strictObject({
    source: z.literal('constant'),
    value: safeString().trim().max(IMPORT_MAPPING_VALUE_MAX, tooLong(IMPORT_MAPPING_VALUE_MAX)),
  }),
  z.strictObject({ source: z.literal('current_account') }),
  z.strictObject({ source: z.literal('days_from_today'), days: z.number().int().min(0).max(365) }),
]);
export type FieldSource = z.infer<typeof fieldSourceSchema>;

/** Field → source; a field left out is blank in every row (fine for optional fields, an error for required ones). */
export const orderMappingSchema = z.strictObject({
  account_name: fieldSourceSchema.optional(),
  order_id: fieldSourceSchema.optional(),
  customer_name: fieldSourceSchema.optional(),
  ship_date: fieldSourceSchema.optional(),
  shipper: fieldSourceSchema.optional(),
  sku: fieldSourceSchema.optional(),
  quantity: fieldSourceSchema.optional(),
  notes: fieldSourceSchema.optional(),
  priority: fieldSourceSchema.optional(),
});
export type OrderMapping = z.infer<typeof orderMappingSchema>;

/** Product import: each product field read from a column of the file, or one value for every row. */
export const PRODUCT_MAPPING_FIELDS = [
  { field: 'sku', label: 'SKU', required: true },
  { field: 'name', label: 'Product Name', required: true },
  { field: 'photo_url', label: 'Photo URL', required: false },
  { field: 'link', label: 'Product Link', required: false },
  { field: 'dimension', label: 'Dimension', required: false },
  { field: 'weight', label: 'Weight (lbs)', required: false },
  { field: 'barcode', label: 'Barcode', required: false },
] as const;
export type ProductMappingField = (typeof PRODUCT_MAPPING_FIELDS)[number]['field'];
export const productFieldLabel = (field: ProductMappingField): string =>
  PRODUCT_MAPPING_FIELDS.find((f) => f.field === field)?.label ?? field;

/** Option columns a variant's name may take its values from (Shopify writes three). */
export const VARIANT_OPTION_COLUMNS_MAX = 3;

/** Units a weight column may be in; the import converts to pounds (Shopify's `Variant Grams` is in grams). */
export const WEIGHT_UNITS = ['lb', 'oz', 'g', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

const columnName = safeString().trim().min(1).max(IMPORT_MAPPING_COLUMN_MAX, tooLong(IMPORT_MAPPING_COLUMN_MAX));
const productColumn = z.strictObject({
  source: z.literal('column'),
  column: columnName,
  /** Weight only: the unit of the column's numbers (pounds when absent). */
  unit: z.enum(WEIGHT_UNITS).optional(),
});
const productSource = z.discriminatedUnion('source', [
  productColumn,
  z.strictObject({
    source: z.literal('constant'),
    value: safeString().trim().max(IMPORT_MAPPING_VALUE_MAX, tooLong(IMPORT_MAPPING_VALUE_MAX)),
  }),
]);
export type ProductFieldSource = z.infer<typeof productSource>;
export const productMappingSchema = z.strictObject({
  sku: productSource.optional(),
  name: productSource.optional(),
  photo_url: productSource.optional(),
  link: productSource.optional(),
  dimension: productSource.optional(),
  weight: productSource.optional(),
  barcode: productSource.optional(),
  /**
   * Rows with the same value in this column are one product's variants (Shopify's `Handle`): a blank field takes
   * the value of the group's first row, and a row of the group with no SKU (an extra image) is skipped.
   */
  variant_group: z.strictObject({ source: z.literal('column'), column: columnName }).optional(),
  /**
   * Columns holding a variant's option values (Shopify's `Option1 Value`…`Option3 Value`): a row's non-blank values
   * (other than Shopify's `Default Title`) follow its name, `Merino Trail Socks — M / Grey`, so the variants of one
   * product are not identically named products.
   */
  variant_options: z
    .strictObject({ source: z.literal('columns'), columns: z.array(columnName).min(1).max(VARIANT_OPTION_COLUMNS_MAX) })
    .optional(),
});
export type ProductMapping = z.infer<typeof productMappingSchema>;

/** What a mapping is for: the order import or the product import (one table, one list per account and kind). */
export const IMPORT_MAPPING_KINDS = ['orders', 'products'] as const;
export type ImportMappingKind = (typeof IMPORT_MAPPING_KINDS)[number];

/** The presets recognised from a file's header (docs/outbound.md, "Import mappings", lists the columns each maps). */
export const IMPORT_PRESET_IDS = [
  'shopify_orders',
  'amazon_unshipped_orders',
  'shopify_products',
  'amazon_listings',
] as const;
export type ImportPresetId = (typeof IMPORT_PRESET_IDS)[number];

const header = z.array(safeString().max(IMPORT_MAPPING_COLUMN_MAX)).min(1).max(IMPORT_MAPPING_READ_COLUMNS);
const mappingName = safeString({ error: IMPORT_MAPPING_MESSAGES.nameRequired })
  .trim()
  .min(1, IMPORT_MAPPING_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH));

export const importMappingInputSchema = z.strictObject({
  account_id: idSchema(IMPORT_MAPPING_MESSAGES.accountNotFound),
  kind: z.enum(IMPORT_MAPPING_KINDS).default('orders'),
  name: mappingName,
  /** The header of the file the mapping was made for: a file with the same header gets it offered again. */
  header,
  /** An order mapping for kind `orders`, a product mapping for kind `products` (checked against the kind). */
  mapping: z.union([orderMappingSchema, productMappingSchema]),
});
export type ImportMappingInput = z.infer<typeof importMappingInputSchema>;

export const importMappingUpdateSchema = z.strictObject({
  name: mappingName.optional(),
  header: header.optional(),
  mapping: z.union([orderMappingSchema, productMappingSchema]).optional(),
});
export type ImportMappingUpdate = z.infer<typeof importMappingUpdateSchema>;

export const importMappingSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  kind: z.enum(IMPORT_MAPPING_KINDS),
  name: z.string(),
  header: z.array(z.string()),
  mapping: z.union([orderMappingSchema, productMappingSchema]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importMappingListQuery = z.object({
  account_id: idSchema().optional(),
  kind: z.enum(IMPORT_MAPPING_KINDS).optional(),
});
export const importMappingListResponse = z.object({ data: z.array(importMappingSchema) });
export const importMappingResponse = z.object({ message: z.string(), data: importMappingSchema });

/** POST /orders/import/inspect: what the mapping step needs, never the whole file. */
export const importInspectionSchema = z.object({
  columns: z.array(z.object({ name: z.string(), samples: z.array(z.string()) })),
  /** The first rows of the file (sheet row numbers), at most IMPORT_PREVIEW_ROWS. */
  preview: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  row_count: z.number().int(),
  /** The file already has our template's columns: it imports as it is. */
  is_template: z.boolean(),
  preset: z.object({ id: z.enum(IMPORT_PRESET_IDS), name: z.string() }).nullable(),
  saved_mapping: importMappingSchema.nullable(),
  /** The saved mapping's, else the preset's, else one guessed from the header names. */
  suggested_mapping: orderMappingSchema,
});
export type ImportInspection = z.infer<typeof importInspectionSchema>;

/** POST /products/import/inspect: the file's columns with samples, the preset or saved mapping it matches, a mapping. */
export const productImportInspectionSchema = z.object({
  columns: z.array(z.object({ name: z.string(), samples: z.array(z.string()) })),
  row_count: z.number().int(),
  /** The import finds SKU and Product Name by itself: no mapping needed. */
  recognised: z.boolean(),
  preset: z.object({ id: z.enum(IMPORT_PRESET_IDS), name: z.string() }).nullable(),
  /** A mapping of the account (`account_id` of the request) saved for a file with this header. */
  saved_mapping: importMappingSchema.nullable(),
  /** The saved mapping's, else the preset's, else one guessed from the header names. */
  suggested_mapping: productMappingSchema,
});
export type ProductImportInspection = z.infer<typeof productImportInspectionSchema>;
