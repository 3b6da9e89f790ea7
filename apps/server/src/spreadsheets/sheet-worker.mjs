// Spreadsheet parsing, off the main thread (read-sheet.ts starts one of these per file). Plain JavaScript on
// purpose: it runs as is under tsx, under vitest and next to a bundled server, with no loader of its own.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/** Excel's own limit for the text of one cell; anything longer is cut, so one cell cannot hold the whole file. */
const CELL_MAX_CHARACTERS = 32_767;
/** Blank rows tolerated in the sheet on top of the data-row cap, before the file counts as too long. */
const BLANK_ROW_ALLOWANCE = 100;

/**
 * CSV text as Excel writes it: UTF-8 (with or without BOM), or, when the bytes are not valid UTF-8, Windows-1252,
 * which is what Excel's plain "CSV (Comma delimited)" saves on Windows (accents, °, € would otherwise be lost).
 */
function decodeCsvText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const cellText = (cell) =>
  cell === null || cell === undefined ? '' : String(cell).slice(0, CELL_MAX_CHARACTERS).trim();

/**
 * Excel's "General" format shows integers of 12+ digits as 4.00638E+12, which would lose a barcode (GTIN) or a
 * long order number typed as a number: such cells are read as their full digits instead.
 */
function writeLongIntegersInFull(rows, range) {
  // Only the cells that will be read: a row may hold a cell in column XFD, 16 384 slots wide.
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells = rows[r];
    if (!cells) continue;
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = cells[c];
      // Only where the text shows an exponent: a CSV cell keeps the text as written (leading zeros included).
      if (cell?.t === 'n' && Number.isSafeInteger(cell.v) && /e[+-]/i.test(cell.w ?? '')) cell.w = String(cell.v);
    }
  }
}

/**
 * The first sheet's first `columns` columns as text. Rows past `maxRows` data rows (plus a header and a few blank
 * rows) are never parsed: SheetJS stops at `sheetRows`. The sheet's range is cut to the columns we read before
 * SheetJS turns it into rows, so a single cell in column XFD cannot make every row 16 384 cells wide.
 */
function readSheet({ bytes, kind, columns, maxRows }) {
  const sheetRows = maxRows + 2 + BLANK_ROW_ALLOWANCE;
  const options = { dense: true, cellFormula: false, cellHTML: false, cellStyles: false, raw: false, sheetRows };
  const book =
    kind === 'csv'
      ? XLSX.read(decodeCsvText(bytes), { ...options, type: 'string' })
      : XLSX.read(bytes, { ...options, type: 'array' });
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet?.['!ref']) return { ok: true, sheet: undefined };

  const rowsWithCells = sheet['!data'] ?? [];
  let lastRow = rowsWithCells.length - 1;
  while (lastRow >= 0 && !rowsWithCells[lastRow]?.some((cell) => cell !== undefined)) lastRow--;
  if (lastRow + 1 >= sheetRows) return { ok: false, reason: 'too_many_rows' };

  const range = XLSX.utils.decode_range(sheet['!ref']);
  range.e.c = Math.min(range.e.c, range.s.c + columns - 1);
  range.e.r = Math.min(range.e.r, Math.max(lastRow, range.s.r));
  sheet['!ref'] = XLSX.utils.encode_range(range);

  writeLongIntegersInFull(rowsWithCells, range);
  const matrix = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  const rows = [];
  matrix.forEach((cells, index) => {
    const text = cells.map(cellText);
    if (text.some((c) => c !== '')) rows.push({ row: range.s.r + index + 1, cells: text });
  });
  const [header, ...data] = rows;
  if (!header) return { ok: true, sheet: undefined };
  if (data.length > maxRows) return { ok: false, reason: 'too_many_rows' };
  return { ok: true, sheet: { header: header.cells, headerRow: header.row, rows: data } };
}

try {
  parentPort.postMessage(readSheet(workerData));
} catch (error) {
  parentPort.postMessage({ ok: false, reason: 'unreadable', detail: String(error?.message ?? error).slice(0, 200) });
}
