import { ORDER_IMPORT_MAX_ROWS } from '@wms/contract/order-imports';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';
import { type ImportUpload, readSheet } from '../../../spreadsheets/read-upload';
import { ORDER_FILE_MESSAGES } from '../../integrations/import-mappings/import-mappings-api';

/** The import's columns may sit anywhere in the first 30 columns of the header row; cells further right are ignored. */
const ORDER_IMPORT_READ_COLUMNS = 30;

/** The order import's template file: .xlsx, .xls or .csv (never .numbers), decided by content. */
export const readOrderSheet = (upload: ImportUpload): Promise<ReadSheet> =>
  readSheet(upload, {
    columns: ORDER_IMPORT_READ_COLUMNS,
    maxRows: ORDER_IMPORT_MAX_ROWS,
    messages: ORDER_FILE_MESSAGES,
  });
