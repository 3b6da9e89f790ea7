import * as XLSX from '@e965/xlsx';
import type { SpreadsheetKind } from './detect-spreadsheet';

/**
 * CSV text as Excel writes it: UTF-8 (with or without BOM), or, when the bytes are not valid UTF-8, Windows-1252,
 * which is what Excel's plain "CSV (Comma delimited)" saves on Windows (accents, °, € would otherwise be lost).
 */
export function decodeCsvText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

export interface SheetRow {
  /** Row number as the user sees it in the spreadsheet (1-based, header included). */
  row: number;
  cells: string[];
}

export interface ReadSheet {
  header: string[];
  headerRow: number;
  rows: SheetRow[];
}

/**
 * The first sheet as text cells. Blank rows are dropped but numbering follows the sheet, so a message about
 * "row 7" points at row 7 in Excel. The header is the first non-blank row. Throws when the library cannot read it.
 */
export function readFirstSheet(buffer: Buffer, kind: SpreadsheetKind): ReadSheet | undefined {
  const options = { dense: true, cellFormula: false, cellHTML: false, raw: false } as const;
  const book =
    kind === 'csv'
      ? XLSX.read(decodeCsvText(buffer), { ...options, type: 'string' })
      : XLSX.read(buffer, { ...options, type: 'buffer' });
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet?.['!ref']) return undefined;
  const firstRow = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  const rows: SheetRow[] = [];
  matrix.forEach((cells, index) => {
    const text = cells.map((c) => (c === null || c === undefined ? '' : String(c).trim()));
    if (text.some((c) => c !== '')) rows.push({ row: firstRow + index + 1, cells: text });
  });
  const [header, ...data] = rows;
  if (!header) return undefined;
  return { header: header.cells, headerRow: header.row, rows: data };
}
