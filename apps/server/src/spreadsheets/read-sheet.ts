import * as XLSX from '@e965/xlsx';

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
export function readFirstSheet(buffer: Buffer): ReadSheet | undefined {
  const book = XLSX.read(buffer, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, raw: false });
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
