import { IMPORT_MAPPING_READ_COLUMNS } from '@wms/contract/import-mappings';
import { ORDER_IMPORT_MESSAGES as M, ORDER_IMPORT_MAX_ROWS } from '@wms/contract/order-imports';
import { fieldError, HttpError } from '../../http/errors';
import { detectSpreadsheet, extensionOf } from '../../spreadsheets/detect-spreadsheet';
import { type ReadSheet, readSheetRows, SheetTooLongError } from '../../spreadsheets/read-sheet';
import type { ImportUpload } from '../order-imports/read-order-sheet';

/**
 * A shop's export as sheet rows: .xlsx, .xls, .csv, and Amazon's tab-separated .txt report (text, read like a CSV:
 * the reader finds the tab separator itself). Up to IMPORT_MAPPING_READ_COLUMNS columns, since a Shopify export
 * keeps its shipping name in column 35; same limits and messages as the template import (read-order-sheet.ts).
 */
export async function readImportSheet(upload: ImportUpload): Promise<ReadSheet> {
  const asText = extensionOf(upload.filename) === '.txt';
  const detection = detectSpreadsheet(asText ? `${upload.filename}.csv` : upload.filename, upload.buffer);
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
      columns: IMPORT_MAPPING_READ_COLUMNS,
      maxRows: ORDER_IMPORT_MAX_ROWS,
    });
  } catch (error) {
    if (error instanceof SheetTooLongError) throw fieldError('file', M.tooManyRows(error.maxRows));
    throw fieldError('file', M.unreadable);
  }
  if (!sheet || sheet.rows.length === 0) throw fieldError('file', M.empty);
  return sheet;
}
