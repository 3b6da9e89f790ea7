import { inspectZip } from './zip-inspection';

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv' | 'numbers';

export type Detection =
  | { ok: true; kind: SpreadsheetKind }
  | { ok: false; reason: 'unsupported_type' | 'bomb' | 'empty' | 'unreadable' };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const EXTENSION_KINDS: Record<string, SpreadsheetKind> = {
  '.xlsx': 'xlsx',
  '.xls': 'xls',
  '.csv': 'csv',
  '.numbers': 'numbers',
};

export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
};

/** Text has no NUL bytes; binaries almost always do. (Its encoding is settled when it is read: read-sheet.ts.) */
const isTextWithoutNul = (buffer: Buffer): boolean => !buffer.includes(0);

function kindOfZip(buffer: Buffer): Detection {
  const inspection = inspectZip(buffer);
  if (!inspection.ok) return { ok: false, reason: inspection.reason === 'bomb' ? 'bomb' : 'unsupported_type' };
  const names = new Set(inspection.entries.map((e) => e.name));
  if (names.has('[Content_Types].xml') && (names.has('xl/workbook.xml') || names.has('xl/workbook.bin'))) {
    return { ok: true, kind: 'xlsx' };
  }
  if ([...names].some((n) => n === 'Index.zip' || (n.startsWith('Index/') && n.endsWith('.iwa')))) {
    return { ok: true, kind: 'numbers' };
  }
  return { ok: false, reason: 'unsupported_type' };
}

/**
 * The real type of an uploaded spreadsheet, from its bytes: zip (xlsx: [Content_Types].xml + xl/workbook;
 * numbers: Index/*.iwa), OLE compound file (xls), or text without NULs (csv). The name's extension must
 * agree with the content, so an executable or a PDF renamed .xlsx is refused.
 */
export function detectSpreadsheet(filename: string, buffer: Buffer): Detection {
  const expected = EXTENSION_KINDS[extensionOf(filename)];
  if (!expected) return { ok: false, reason: 'unsupported_type' };
  if (buffer.length === 0) return { ok: false, reason: 'empty' };
  let detected: Detection;
  const head = buffer.subarray(0, 8);
  if (head.subarray(0, 4).equals(ZIP_MAGIC) || head.subarray(0, 4).equals(EMPTY_ZIP_MAGIC))
    detected = kindOfZip(buffer);
  else if (head.equals(OLE_MAGIC)) detected = { ok: true, kind: 'xls' };
  else if (isTextWithoutNul(buffer)) detected = { ok: true, kind: 'csv' };
  else detected = { ok: false, reason: 'unsupported_type' };
  if (!detected.ok) return detected;
  return detected.kind === expected ? detected : { ok: false, reason: 'unsupported_type' };
}
