import { fieldError, HttpError } from '../http/errors';
import { detectSpreadsheet, extensionOf } from './detect-spreadsheet';
import { type ReadSheet, readSheetRows, SheetTooLongError } from './read-sheet';

/** An uploaded file to import, buffered (the multipart reader caps its size). */
export interface ImportUpload {
  filename: string;
  buffer: Buffer;
}

/** The texts each import gives for a file it cannot take (each import keeps the spec's own wording). */
export interface ImportFileMessages {
  invalidType: string;
  empty: string;
  /** A zip whose contents would unpack too large; without it, such a file counts as unreadable. */
  bomb?: string;
  tooManyRows: (max: number) => string;
  /** What a file the reader cannot open throws: a `file` field error with this text, or the import's own error. */
  unreadable: string | (() => Error);
}

export interface ReadUploadOptions {
  /** Columns read from the left of the header row; cells further right are ignored. */
  columns: number;
  maxRows: number;
  /** A `.txt` file is read as CSV (Amazon's tab-separated reports: the reader finds the tab separator itself). */
  textAsCsv?: boolean;
  /** Apple Numbers files are read (the product import); otherwise they are refused as an invalid type (415). */
  numbers?: boolean;
  messages: ImportFileMessages;
}

/**
 * The one reader of every import's upload (orders, products, mapped shop exports): the type is decided by content
 * (.xlsx, .xls, .csv, optionally .numbers and .txt), the sheet is read by the worker-based reader with its row and
 * column caps, and every way a file can fail answers with the import's own message (415 for a type, 422 `file`).
 */
export async function readSheet(upload: ImportUpload, options: ReadUploadOptions): Promise<ReadSheet> {
  const { messages } = options;
  const unreadable = () =>
    typeof messages.unreadable === 'string' ? fieldError('file', messages.unreadable) : messages.unreadable();
  const asText = options.textAsCsv === true && extensionOf(upload.filename) === '.txt';
  const detection = detectSpreadsheet(asText ? `${upload.filename}.csv` : upload.filename, upload.buffer);
  if (!detection.ok) {
    if (detection.reason === 'unsupported_type') throw new HttpError(415, messages.invalidType);
    if (detection.reason === 'bomb' && messages.bomb !== undefined) throw fieldError('file', messages.bomb);
    if (detection.reason === 'empty') throw fieldError('file', messages.empty);
    throw unreadable();
  }
  if (detection.kind === 'numbers' && !options.numbers) throw new HttpError(415, messages.invalidType);
  let sheet: ReadSheet | undefined;
  try {
    sheet = await readSheetRows(upload.buffer, {
      kind: detection.kind,
      columns: options.columns,
      maxRows: options.maxRows,
    });
  } catch (error) {
    if (error instanceof SheetTooLongError) throw fieldError('file', messages.tooManyRows(error.maxRows));
    throw unreadable();
  }
  if (!sheet || sheet.rows.length === 0) throw fieldError('file', messages.empty);
  return sheet;
}
