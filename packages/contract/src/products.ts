import { z } from 'zod';
import { ID_ARRAY_MAX, idArraySchema, idSchema, optionalIdQuery } from './ids';
import { kitLineSchema, productKindField } from './kits';
import { cursorParam, keysetPageMetaSchema, paginationQuery } from './pagination';
import { optionalText, safeString } from './text';
import { requiredString } from './validation';

/** Spec 2 §9: products table page sizes (default 10). */
export const PRODUCT_PAGE_SIZES = [10, 25, 50] as const;
/** Spec 2 §5/§9: product import file cap. */
export const PRODUCT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv', '.numbers'] as const;
/**
 * Columns of the import template, in order; `SKU` and `Product Name` are required. Weight is in pounds. Kind and
 * Components are optional (a file without them keeps the stored kinds and components).
 */
export const PRODUCT_IMPORT_COLUMNS = [
  'SKU',
  'Product Name',
  'Photo URL',
  'Product Link',
  'Dimension',
  'Weight (lbs)',
  'Barcode',
  'Kind',
  'Components',
];
/** The most product rows one import file may hold (below its header); split larger catalogues. */
export const PRODUCT_IMPORT_MAX_ROWS = 20_000;
/** Columns A… read from an import sheet (the known columns may sit anywhere among them); cells further right are ignored. */
export const IMPORT_READ_COLUMNS = 50;
/** The most rows an export returns (CSV/XLSX of the current list). */
export const EXPORT_MAX_ROWS = 50_000;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const SKU_MAX_LENGTH = 100;
export const PRODUCT_NAME_MAX_LENGTH = 255;
export const WEIGHT_MAX = 99_999_999.99;
/** A product barcode: UPC/EAN/GTIN digits or any text a scanner reads (Code 128, QR…), at most this long. */
export const BARCODE_MAX_LENGTH = 64;

/** '1 product', '2 products' (never '1 products'). */
const productCount = (n: number): string => `${n} ${n === 1 ? 'product' : 'products'}`;

export const PRODUCT_MESSAGES = {
  skuRequired: 'SKU is required',
  nameRequired: 'Product name is required',
  urlInvalid: 'Please enter a valid URL',
  imageFailed: 'Failed to load image from URL',
  accountRequired: 'Account is required',
  accountInvalid: 'The selected account is invalid.',
  skuTaken: 'This SKU already exists for this account.',
  skuTooLong: `SKU must be at most ${SKU_MAX_LENGTH} characters`,
  nameTooLong: `Product name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`,
  weightInvalid: 'Weight must be a number of at least 0',
  weightTooLarge: 'Weight is too large',
  barcodeTooLong: `Barcode must be at most ${BARCODE_MAX_LENGTH} characters`,
  barcodeTaken: 'This barcode is already used by another product of this account.',
  /** Import: a barcode that another product of the account (or an earlier row of the file) already has. */
  importBarcodeTaken: (row: number, barcode: string, sku: string) =>
    `Row ${row}: barcode '${barcode}' is already used by SKU '${sku}'.`,
  copyBarcodeTaken: 'Barcode already used by another product of the target account',
  importBarcodeClashes: 'The file was not imported: some barcodes are already used by other products.',
  created: 'Product created successfully',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully.',
  deleteHasStock: 'This product cannot be deleted because it has inventory records. Delete its inventory first.',
  deleteInUse: 'This product cannot be deleted because it is used by inventory or orders.',
  notFound: 'Product not found',
  stockedCannotMove: 'A product with inventory cannot move to another account.',
  copyTargetRequired: 'Please select a target account',
  copyWarehouseRequired: 'Please select a target warehouse',
  copyProductsRequired: 'Please select at least one product',
  copyTargetNotLinked: 'The target account is not linked to the target warehouse.',
  copied: (copied: number, skipped: number) =>
    skipped > 0
      ? `${productCount(copied)} copied successfully. ${productCount(skipped)} ${skipped === 1 ? 'was' : 'were'} skipped.`
      : `${productCount(copied)} copied successfully.`,
  /** Spec 2 §8's '{n} products were skipped due to errors', in the singular for one. */
  copySkipped: (n: number) => `${productCount(n)} ${n === 1 ? 'was' : 'were'} skipped due to errors`,
  importFileRequired: 'Please select a file to import',
  importAccountRequired: 'Please select an account',
  importTooLarge: 'File is too large. Maximum size is 10MB.',
  importInvalidType:
    'Invalid file type. Please select an Excel file (.xlsx, .xls), CSV file (.csv), or Numbers file (.numbers).',
  importEmpty: 'The file contains no product rows.',
  importTooManyRows: (max: number) =>
    `The file has more than ${max} rows. Split it into smaller files and import each.`,
  importMissingColumns: (columns: string[]) => `The file is missing required columns: ${columns.join(', ')}.`,
  importBomb: 'The file could not be processed: its uncompressed contents are too large.',
  importUnreadable: 'The file could not be read. Please convert it to Excel (.xlsx) or CSV and try again.',
  importDone: (n: number) => `Import completed! ${n} products imported successfully.`,
  importWithErrors: (n: number) => `Import completed with ${n} errors. Check details below.`,
  importFailed: 'Import failed with validation errors',
  numbersDetected: 'Numbers file detected. Please convert to Excel or CSV format first.',
} as const;

export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** An http(s) URL or nothing; blank means nothing. */
export const optionalUrl = safeString()
  .trim()
  .max(2048, PRODUCT_MESSAGES.urlInvalid)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isHttpUrl(v), PRODUCT_MESSAGES.urlInvalid);

/**
 * A barcode, trimmed; blank means none (null). Absent (undefined) on an edit keeps the stored one, so payloads
 * written before barcodes existed never clear it.
 */
export const barcodeField = safeString()
  .trim()
  .max(BARCODE_MAX_LENGTH, PRODUCT_MESSAGES.barcodeTooLong)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/** Weight in pounds, 2 decimals; blank means unknown. Accepts numbers and numeric strings (forms send both). */
export const weightField = z
  .union([z.number(), safeString().trim().max(50, PRODUCT_MESSAGES.weightInvalid), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.weightInvalid });
      return z.NEVER;
    }
    if (n > WEIGHT_MAX) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.weightTooLarge });
      return z.NEVER;
    }
    return Math.round((n + Number.EPSILON) * 100) / 100;
  });

const optionalId = z
  .union([idSchema(), z.literal(''), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

/** POST/PUT /products. `photo` is the spec's input name; `photo_url` is accepted too (what the API answers). */
export const productInputSchema = z
  .object({
    sku: requiredString(PRODUCT_MESSAGES.skuRequired).max(SKU_MAX_LENGTH, PRODUCT_MESSAGES.skuTooLong),
    name: requiredString(PRODUCT_MESSAGES.nameRequired).max(PRODUCT_NAME_MAX_LENGTH, PRODUCT_MESSAGES.nameTooLong),
    photo: optionalUrl,
    photo_url: optionalUrl,
    link: optionalUrl,
    dimension: optionalText(100),
    weight: weightField,
    barcode: barcodeField,
    /** Receiving names a lot per put-away row. Absent on an edit keeps the stored choice. */
    track_lots: z.boolean().optional(),
    /** Receiving names a lot and its expiry date per put-away row. Absent on an edit keeps the stored choice. */
    track_expiry: z.boolean().optional(),
    /** standard, bundle or assembled. Absent keeps the stored kind (standard on create). */
    kind: productKindField.optional(),
    account_id: optionalId,
  })
  .transform(({ photo, photo_url, ...rest }) => ({ ...rest, photo_url: photo ?? photo_url ?? null }));
export type ProductInput = z.infer<typeof productInputSchema>;

export const productAccountSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const productSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  photo_url: z.string().nullable(),
  link: z.string().nullable(),
  dimension: z.string().nullable(),
  /** Pounds. */
  weight: z.number().nullable(),
  weight_unit: z.literal('lb'),
  /** UPC/EAN/GTIN or any scannable text, unique per account (case-insensitively); null when none. */
  barcode: z.string().nullable(),
  /** Receiving asks for a lot code. */
  track_lots: z.boolean(),
  /** Receiving asks for a lot code and its expiry date. */
  track_expiry: z.boolean(),
  /** standard, bundle (ordered as its components) or assembled (built from its components). */
  kind: productKindField,
  account_id: z.number().int(),
  /** The owning account with its owner's email (spec: account name and account email on the detail page). */
  account: productAccountSchema.nullable(),
  /** The same account as a one-element list (the spec's `accounts`). */
  accounts: z.array(productAccountSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /products/{id}: the product with its kit relations (a kit's components; a component's kits). */
export const productDetailSchema = productSchema.extend({
  components: z.array(kitLineSchema),
  kits: z.array(kitLineSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productListQuery = paginationQuery.extend({
  account_id: optionalIdQuery(),
  warehouse_id: optionalIdQuery(),
  /** Only products of this kind (standard, bundle or assembled). */
  kind: productKindField.optional(),
  cursor: cursorParam,
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productListResponse = z.object({
  products: z.array(productSchema),
  data: z.array(productSchema),
  meta: keysetPageMetaSchema,
});

export const productCopySchema = z.object({
  product_ids: idArraySchema(PRODUCT_MESSAGES.copyProductsRequired, ID_ARRAY_MAX, 'The selected product is invalid.')
    .min(1, PRODUCT_MESSAGES.copyProductsRequired)
    .max(ID_ARRAY_MAX, `Copy at most ${ID_ARRAY_MAX} products at a time.`),
  target_account_id: idSchema(PRODUCT_MESSAGES.copyTargetRequired),
  target_warehouse_id: idSchema(PRODUCT_MESSAGES.copyWarehouseRequired),
});
export type ProductCopyInput = z.infer<typeof productCopySchema>;

export const productCopyResponse = z.object({
  message: z.string(),
  copied_count: z.number().int(),
  total_skipped: z.number().int(),
  skipped: z.array(z.object({ product_id: z.number().int(), sku: z.string().nullable(), reason: z.string() })),
});

export const flattenAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
});
export const flattenAccountsResponse = z.object({
  accounts: z.array(flattenAccountSchema),
  data: z.array(flattenAccountSchema),
});

export const importRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export const importSummarySchema = z.object({
  success_count: z.number().int(),
  failure_count: z.number().int(),
  warning_count: z.number().int(),
  total_processed: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
});
export const productImportResponse = importSummarySchema.extend({
  message: z.string(),
  summary: importSummarySchema,
  /** Failures and warnings; a message starting 'Warning:' is a warning (the row was imported). */
  validation_errors: z.array(importRowErrorSchema),
});
export type ProductImportResult = z.infer<typeof productImportResponse>;

/** 422 answer for a file the spreadsheet reader cannot open (spec §5 conversion_required). */
export const conversionRequiredResponse = z.object({
  message: z.string(),
  conversion_required: z.literal(true),
  instructions: z.array(z.string()),
  supported_formats: z.array(z.string()),
  note: z.string(),
});

export const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });
