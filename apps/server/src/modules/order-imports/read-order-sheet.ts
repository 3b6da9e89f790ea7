import { ORDER_IMPORT_MESSAGES as M } from '@wms/contract/order-imports';
import { fieldError, HttpError } from '../../http/errors';
import { detectSpreadsheet } from '../../spreadsheets/detect-spreadsheet';
import { type ReadSheet, readFirstSheet } from '../../spreadsheets/read-sheet';

export interface ImportUpload {
  filename: string;
  buffer: Buffer;
}

/**
 * The one place the order import calls the spreadsheet reader (so a worker-based reader with row and column caps
 * can replace it here alone). The type is decided by content: .xlsx, .xls or .csv, never .numbers.
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
    sheet = readFirstSheet(upload.buffer, detection.kind);
  } catch {
    throw fieldError('file', M.unreadable);
  }
  if (!sheet || sheet.rows.length === 0) throw fieldError('file', M.empty);
  return sheet;
}
