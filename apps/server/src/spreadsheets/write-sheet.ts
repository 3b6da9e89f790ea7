import * as XLSX from '@e965/xlsx';

export type SheetFormat = 'csv' | 'xlsx';
export type Cell = string | number | boolean | null;

/**
 * Spreadsheet formula injection (CSV injection): a cell that starts with = + - @ tab or CR is run as a formula by
 * Excel and friends. Text cells like that get a leading apostrophe so they are shown, not evaluated. Numbers are
 * written as numbers and need nothing.
 */
export const neutraliseFormula = (value: Cell): Cell =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

export interface SheetFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A one-sheet workbook of `header` then `rows`, every text cell neutralised, as CSV (UTF-8 with BOM) or XLSX. */
export function writeSheet(
  format: SheetFormat,
  sheetName: string,
  header: string[],
  rows: Cell[][],
  baseName: string,
): SheetFile {
  const safe = [header, ...rows].map((row) => row.map(neutraliseFormula));
  const sheet = XLSX.utils.aoa_to_sheet(safe);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  const body =
    format === 'csv'
      ? Buffer.from(`\uFEFF${XLSX.utils.sheet_to_csv(sheet)}`, 'utf8')
      : (XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  return { body, contentType: CONTENT_TYPES[format], filename: `${baseName}.${format}` };
}

/** `2025-01-31_142501`: sortable and safe in file names. */
export const fileTimestamp = (date = new Date()): string =>
  date.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
