import { ORDER_IMPORT_MESSAGES as M, ORDER_IMPORT_MAX_ROWS } from '@wms/contract/order-imports';
import { fieldError, HttpError } from '../../http/errors';
import { detectSpreadsheet } from '../../spreadsheets/detect-spreadsheet';
import { type ReadSheet, readSheetRows, SheetTooLongError } from '../../spreadsheets/read-sheet';

/** The import's columns may sit anywhere in the first 30 columns of the header row; cells further right are ignored. */
const ORDER_IMPORT_READ_COLUMNS = 30;

export interface ImportUpload {
  filename: string;
  buffer: Buffer;
}

/**
 * The one place the order import calls the spreadsheet reader (the worker-based reader with its row and column caps). The type is decided by content: .xlsx, .xls or .csv, never .numbers.
 */
export async function readOrderSheet(upload: ImportUpload): Promise<ReadSheet> {
  const detection = detectSpreadsheet(upload.filename, upload.buffer);
  if (!detection.ok) {
    if (detection.reason === 'unsupported_type') throw new HttpError(415, M.invalidType);
    if (detection.reason === 'empty') throw fieldError('file', M.empty);
    throw fieldError('file', M.unreadable);
  }
  if (detection.kind === 'numbers') throw new HttpError(415, M.invalidType);
  let sheet: ReadSheet | undefined;
  try {
    sheet = await readSheetRows(upload.buffer, {
      kind: detection.kind,
      columns: ORDER_IMPORT_READ_COLUMNS,
      maxRows: ORDER_IMPORT_MAX_ROWS,
    });
  } catch (error) {
    if (error instanceof SheetTooLongError) throw fieldError('file', M.tooManyRows(error.maxRows));
    throw fieldError('file', M.unreadable);
  }
  if (!sheet || sheet.rows.length === 0) throw fieldError('file', M.empty);
  return sheet;
}
