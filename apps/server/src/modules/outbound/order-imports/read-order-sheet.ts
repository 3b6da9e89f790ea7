import { ORDER_IMPORT_MESSAGES as M, ORDER_IMPORT_MAX_ROWS } from '@wms/contract/order-imports';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';
import { type ImportFileMessages, type ImportUpload, readSheet } from '../../../spreadsheets/read-upload';

/** The import's columns may sit anywhere in the first 30 columns of the header row; cells further right are ignored. */
const ORDER_IMPORT_READ_COLUMNS = 30;

/** The order import's texts for a file it cannot take (spec 2 §8). */
export const ORDER_FILE_MESSAGES: ImportFileMessages = {
  invalidType: M.invalidType,
  empty: M.empty,
  unreadable: M.unreadable,
  tooManyRows: M.tooManyRows,
};

/** The order import's template file: .xlsx, .xls or .csv (never .numbers), decided by content. */
export const readOrderSheet = (upload: ImportUpload): Promise<ReadSheet> =>
  readSheet(upload, {
    columns: ORDER_IMPORT_READ_COLUMNS,
    maxRows: ORDER_IMPORT_MAX_ROWS,
    messages: ORDER_FILE_MESSAGES,
  });
