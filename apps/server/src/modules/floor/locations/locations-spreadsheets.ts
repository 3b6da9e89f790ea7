import {
  LOCATION_GENERATE_MAX,
  LOCATION_MESSAGES,
  LOCATION_SHEET_COLUMNS,
  LOCATION_TYPE_LABELS,
  type LocationInput,
  locationInputSchema,
} from '@wms/contract/locations';
import type { Executor } from '../../../db/client';
import { fieldError, HttpError } from '../../../http/errors';
import { detectSpreadsheet } from '../../../spreadsheets/detect-spreadsheet';
import { type ReadSheet, readSheetRows, SheetTooLongError } from '../../../spreadsheets/read-sheet';
import { fileTimestamp, type SheetFile, type SheetFormat, writeSheet } from '../../../spreadsheets/write-sheet';
import { allLocations, existingCodes } from './locations-repository';

export interface LocationUpload {
  filename: string;
  buffer: Buffer;
}

/** GET /locations/template: the import columns and two example rows. */
export function locationTemplate(): SheetFile {
  const rows = [
    ['A-01-01-A', 'A', '01', '01', 'A', '', 'pick', '', 40, 'Yes', 'Front of aisle 1'],
    ['B-01-01-A-1', 'B', '01', '01', 'A', '1', 'storage', '', '', 'Yes', ''],
  ];
  return writeSheet('xlsx', 'Locations', [...LOCATION_SHEET_COLUMNS], rows, `locations_template_${fileTimestamp()}`);
}

/** Every location of the warehouse in walk order, with the same columns the import reads (plus what it holds). */
export async function exportLocations(db: Executor, warehouseId: number, format: SheetFormat): Promise<SheetFile> {
  const rows = await allLocations(db, warehouseId);
  const header = [...LOCATION_SHEET_COLUMNS, 'Units Held', 'Products Held'];
  const cells = rows.map((l) => [
    l.code,
    l.zone,
    l.aisle,
    l.rack,
    l.level,
    l.bin,
    l.type,
    l.walkSequence,
    l.maxUnits,
    l.isActive ? 'Yes' : 'No',
    l.notes,
    l.unitsHeld,
    l.productsHeld,
  ]);
  return writeSheet(format, 'Locations', header, cells, `locations_${fileTimestamp()}`);
}

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const TYPE_BY_LABEL = new Map(
  Object.entries(LOCATION_TYPE_LABELS).flatMap(([type, label]) => [
    [type, type],
    [label.toLowerCase(), type],
  ]),
);

async function readUpload(upload: LocationUpload): Promise<ReadSheet> {
  const detection = detectSpreadsheet(upload.filename, upload.buffer);
  if (!detection.ok) {
    if (detection.reason === 'unsupported_type') throw new HttpError(415, LOCATION_MESSAGES.importInvalidType);
    throw fieldError('file', LOCATION_MESSAGES.importEmpty);
  }
  let sheet: ReadSheet | undefined;
  try {
    sheet = await readSheetRows(upload.buffer, {
      kind: detection.kind,
      columns: 20,
      maxRows: LOCATION_GENERATE_MAX,
    });
  } catch (error) {
    if (error instanceof SheetTooLongError)
      throw fieldError('file', LOCATION_MESSAGES.importTooManyRows(error.maxRows));
    throw fieldError('file', LOCATION_MESSAGES.importUnreadable);
  }
  if (!sheet || sheet.rows.length === 0) throw fieldError('file', LOCATION_MESSAGES.importEmpty);
  return sheet;
}

const wholeNumber = (text: string): number | string | null =>
  text === '' ? null : /^\d+$/.test(text) ? Number(text) : text;

/**
 * Reads and checks every row of an import; any bad row (schema, duplicate in the file, code already in the
 * warehouse) refuses the whole file with 422 listing every bad row at once (`errors.file`, one "Row N: …" each).
 */
export async function parseLocationImport(
  db: Executor,
  warehouseId: number,
  upload: LocationUpload | undefined,
): Promise<LocationInput[]> {
  if (!upload) throw fieldError('file', LOCATION_MESSAGES.importFileRequired);
  const sheet = await readUpload(upload);
  const index = new Map(sheet.header.map((h, i) => [normalise(h), i] as const));
  const missing = ['Code', 'Zone'].filter((c) => !index.has(normalise(c)));
  if (missing.length) throw fieldError('file', LOCATION_MESSAGES.importMissingColumns(missing));
  const cell = (cells: string[], column: (typeof LOCATION_SHEET_COLUMNS)[number]) => {
    const i = index.get(normalise(column));
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const problems: string[] = [];
  const good: { row: number; input: LocationInput }[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    const active = cell(cells, 'Active').toLowerCase();
    const type = cell(cells, 'Type').toLowerCase();
    const messages: string[] = [];
    if (active && !['yes', 'no', 'true', 'false', '1', '0', 'y', 'n'].includes(active))
      messages.push(LOCATION_MESSAGES.importActiveInvalid);
    const walk = wholeNumber(cell(cells, 'Walk Sequence'));
    const max = wholeNumber(cell(cells, 'Max Units'));
    if (typeof walk === 'string') messages.push(LOCATION_MESSAGES.importNumberInvalid('Walk Sequence'));
    if (typeof max === 'string') messages.push(LOCATION_MESSAGES.importNumberInvalid('Max Units'));
    const parsed = locationInputSchema.safeParse({
      code: cell(cells, 'Code'),
      zone: cell(cells, 'Zone'),
      aisle: cell(cells, 'Aisle'),
      rack: cell(cells, 'Rack'),
      level: cell(cells, 'Level'),
      bin: cell(cells, 'Bin'),
      type: type ? (TYPE_BY_LABEL.get(type) ?? type) : undefined,
      walk_sequence: typeof walk === 'string' ? null : walk,
      max_units: typeof max === 'string' ? null : max,
      is_active: !active || ['yes', 'true', '1', 'y'].includes(active),
      notes: cell(cells, 'Notes'),
    });
    if (!parsed.success) messages.push(...new Set(parsed.error.issues.map((i) => i.message)));
    if (parsed.success) {
      const key = parsed.data.code.toLowerCase();
      const earlier = firstRow.get(key);
      if (earlier !== undefined) messages.push(LOCATION_MESSAGES.importDuplicateRow(parsed.data.code, earlier));
      else firstRow.set(key, row);
    }
    if (messages.length) problems.push(LOCATION_MESSAGES.importRow(row, messages.join('; ')));
    else if (parsed.success) good.push({ row, input: parsed.data });
  }
  const clashing = new Set(
    (
      await existingCodes(
        db,
        warehouseId,
        good.map((g) => g.input.code),
      )
    ).map((c) => c.toLowerCase()),
  );
  for (const { row, input } of good) {
    if (clashing.has(input.code.toLowerCase()))
      problems.push(LOCATION_MESSAGES.importRow(row, LOCATION_MESSAGES.importCodeExists(input.code)));
  }
  if (problems.length) {
    const sorted = problems.sort((a, b) => rowOf(a) - rowOf(b));
    throw new HttpError(422, LOCATION_MESSAGES.importRejected(sorted.length), { file: sorted });
  }
  return good.map((g) => g.input);
}

const rowOf = (message: string) => Number(/^Row (\d+)/.exec(message)?.[1] ?? 0);
