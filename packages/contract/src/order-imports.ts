import { z } from 'zod';

/** Spreadsheet order import (spec 2 §2 bulk import dialog, §5 Bulk order import, §7 orders/import, §8, §9). */
export const ORDER_IMPORT_MESSAGES = {
  fileRequired: 'Please select a file to upload',
  warehouseRequired: 'Please select a warehouse',
  warehouseFieldRequired: 'Warehouse is required',
  tooLarge: 'File size exceeds 10MB limit',
  invalidType: 'Invalid file format. Please use .xlsx, .xls, or .csv',
  unreadable: 'The file could not be read. Save it again as .xlsx or .csv and retry.',
  empty: 'The file has no order rows',
  tooManyRows: (max: number) => `The file has more than ${max} rows. Split it into smaller files.`,
  missingColumns: (columns: string[]) => `Missing required column(s): ${columns.join(', ')}`,
  imported: 'Orders imported successfully',
  importedWithNotes: (created: number, warnings: number, errors: number) =>
    `Imported ${created} order${created === 1 ? '' : 's'} with ${warnings} warning(s) and ${errors} error(s)`,
  nothingImported: 'No orders could be imported. Fix the errors listed and import the file again.',
  // Summary lines (server): each names the sheet row(s) it is about.
  rowNote: (row: number, text: string) => `Row ${row}: ${text}`,
  rowsNote: (rows: readonly number[], text: string) =>
    `${rows.length === 1 ? `Row ${rows[0]}` : `Rows ${rows.join(', ')}`}: ${text}`,
  accountNotFound: (name: string, warehouse: string) =>
    `Account '${name}' not found in ${warehouse} (names are case-sensitive)`,
  accountAmbiguous: (name: string) => `Account name '${name}' is ambiguous: several accounts have it`,
  shipperNotFound: (shipper: string) => `Shipper '${shipper}' not found or inactive`,
  skuNotFound: (sku: string, account: string) => `SKU '${sku}' not found for account '${account}'`,
  orderNotCreated: (orderId: string) => `order '${orderId}' was not created because of the errors above`,
  orderExists: (orderId: string, account: string) =>
    `order '${orderId}' of '${account}' already exists and was skipped`,
  backordered: (sku: string, reserved: number, ordered: number, backordered: number, orderNumber: string) =>
    `${sku} — ${reserved} of ${ordered} reserved, ${backordered} on backorder (order ${orderNumber})`,
  // Web texts (spec §8)
  templateFailed: 'Failed to download template',
  importFailed: 'Failed to import orders',
  completedWithErrors: 'Import completed with errors',
  completedWithWarnings: (n: number) => `Import completed with ${n} warning(s). See summary below.`,
  templateDownloaded: 'Template downloaded successfully',
  guidance: [
    'Account names must match exactly (case-sensitive).',
    'One row per product.',
    'Rows with the same Order ID (and account) form one order.',
  ],
} as const;

export const ORDER_IMPORT_MAX_BYTES = 10_485_760;
/** Data rows one file may have (a 10 MB sheet holds far fewer real orders; the cap stops hostile files). */
export const ORDER_IMPORT_MAX_ROWS = 20_000;
export const ORDER_IMPORT_ACCEPT = '.xlsx,.xls,.csv';

/** The columns the import reads, in template order; `required` ones must be present in the header. */
export const ORDER_IMPORT_COLUMNS = [
  { field: 'account_name', label: 'Account Name', required: true },
  { field: 'order_id', label: 'Order ID', required: true },
  { field: 'customer_name', label: 'Customer Name', required: true },
  { field: 'ship_date', label: 'Ship Date', required: true },
  { field: 'shipper', label: 'Shipper', required: false },
  { field: 'sku', label: 'SKU', required: true },
  { field: 'quantity', label: 'Quantity', required: true },
  { field: 'notes', label: 'Notes', required: false },
  /** normal or urgent (case-insensitive); blank: normal. An order of several rows is urgent when one row says so. */
  { field: 'priority', label: 'Priority', required: false },
] as const;
export type OrderImportField = (typeof ORDER_IMPORT_COLUMNS)[number]['field'];

export const importSummarySchema = z.object({
  success_count: z.number().int(),
  warning_count: z.number().int(),
  error_count: z.number().int(),
  warnings: z.array(z.string()),
  errors: z.array(z.string()),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const orderImportResponse = z.object({
  message: z.string(),
  summary: importSummarySchema,
  warnings: z.array(z.string()),
});
export type OrderImportResponse = z.infer<typeof orderImportResponse>;
