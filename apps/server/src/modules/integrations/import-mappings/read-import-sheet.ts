import { IMPORT_MAPPING_READ_COLUMNS } from '@wms/contract/import-mappings';
import { ORDER_IMPORT_MESSAGES as M, ORDER_IMPORT_MAX_ROWS } from '@wms/contract/order-imports';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';
import { type ImportFileMessages, type ImportUpload, readSheet } from '../../../spreadsheets/read-upload';

/** The order import's texts for a file it cannot take (spec 2 §8). */
export const ORDER_FILE_MESSAGES: ImportFileMessages = {
  invalidType: M.invalidType,
  empty: M.empty,
  unreadable: M.unreadable,
  tooManyRows: M.tooManyRows,
};

/**
 * A shop's export as sheet rows: .xlsx, .xls, .csv, and Amazon's tab-separated .txt reports. Up to
 * IMPORT_MAPPING_READ_COLUMNS columns, since a Shopify export keeps its shipping name in column 35; the limits and
 * messages of the import it is for (the order import's by default).
 */
export const readImportSheet = (
  upload: ImportUpload,
  messages: ImportFileMessages = ORDER_FILE_MESSAGES,
  maxRows: number = ORDER_IMPORT_MAX_ROWS,
): Promise<ReadSheet> =>
  readSheet(upload, { columns: IMPORT_MAPPING_READ_COLUMNS, maxRows, textAsCsv: true, messages });
