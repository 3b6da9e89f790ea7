import {
  REPLENISHMENT_MESSAGES as M,
  PICK_FACE_IMPORT_MAX_ROWS,
  PICK_FACE_SHEET_COLUMNS,
  pickFaceInputSchema,
} from '@wms/contract/replenishment';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { fieldError, HttpError, notFound } from '../../../http/errors';
import { detectSpreadsheet } from '../../../spreadsheets/detect-spreadsheet';
import { type ReadSheet, readSheetRows, SheetTooLongError } from '../../../spreadsheets/read-sheet';
import { fileTimestamp, type SheetFile, type SheetFormat, writeSheet } from '../../../spreadsheets/write-sheet';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  facesForExport,
  type ImportedFace,
  inventoriesOfSkus,
  pickLocationsByCode,
  upsertFaces,
  warehouseInScope,
} from './replenishment-repository';

/**
 * The pick-face spreadsheet of a warehouse, as the locations one: the export has the columns the import reads;
 * the import is all or nothing, every bad row named ("Row N: …" in `errors.file`), faces it names are set (added
 * or updated), faces it does not name stay as they are.
 */

export interface SheetUpload {
  filename: string;
  buffer: Buffer;
}

async function requireWarehouse(db: Executor, auth: RequestAuth, warehouseId: number) {
  if (!(await warehouseInScope(db, await auth.scope(), warehouseId))) throw notFound(M.warehouseNotFound);
}

export async function exportPickFaces(
  db: Executor,
  auth: RequestAuth,
  warehouseId: number,
  format: SheetFormat,
): Promise<SheetFile> {
  await requireWarehouse(db, auth, warehouseId);
  const rows = await facesForExport(db, warehouseId);
  return writeSheet(format, 'Pick faces', [...PICK_FACE_SHEET_COLUMNS], rows, `pick_faces_${fileTimestamp()}`);
}

async function readUpload(upload: SheetUpload): Promise<ReadSheet> {
  const detection = detectSpreadsheet(upload.filename, upload.buffer);
  if (!detection.ok) {
    if (detection.reason === 'unsupported_type') throw new HttpError(415, M.importInvalidType);
    throw fieldError('file', M.importEmpty);
  }
  let sheet: ReadSheet | undefined;
  try {
    sheet = await readSheetRows(upload.buffer, {
      kind: detection.kind,
      columns: 10,
      maxRows: PICK_FACE_IMPORT_MAX_ROWS,
    });
  } catch (error) {
    if (error instanceof SheetTooLongError) throw fieldError('file', M.importTooManyRows(error.maxRows));
    throw fieldError('file', M.importUnreadable);
  }
  if (!sheet || sheet.rows.length === 0) throw fieldError('file', M.importEmpty);
  return sheet;
}

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const wholeOrText = (text: string): number | string | null =>
  text === '' ? null : /^\d+$/.test(text) ? Number(text) : text;
const rowOf = (message: string) => Number(/^Row (\d+)/.exec(message)?.[1] ?? 0);

/** Reads and checks every row; any bad row refuses the file (422) listing every bad row at once. */
export async function parsePickFaceImport(
  db: Executor,
  warehouseId: number,
  upload: SheetUpload | undefined,
): Promise<ImportedFace[]> {
  if (!upload) throw fieldError('file', M.importFileRequired);
  const sheet = await readUpload(upload);
  const index = new Map(sheet.header.map((h, i) => [normalise(h), i] as const));
  const required = PICK_FACE_SHEET_COLUMNS.filter((c) => c !== 'Account');
  const missing = required.filter((c) => !index.has(normalise(c)));
  if (missing.length) throw fieldError('file', M.importMissingColumns(missing));
  const cell = (cells: string[], column: (typeof PICK_FACE_SHEET_COLUMNS)[number]) => {
    const i = index.get(normalise(column));
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const rows = sheet.rows.map(({ row, cells }) => ({
    row,
    sku: cell(cells, 'SKU'),
    account: cell(cells, 'Account'),
    location: cell(cells, 'Location'),
    min: cell(cells, 'Min'),
    max: cell(cells, 'Max'),
    increment: cell(cells, 'Increment'),
  }));
  const inventories = await inventoriesOfSkus(db, warehouseId, rows.map((r) => r.sku).filter(Boolean));
  const locations = await pickLocationsByCode(db, warehouseId, rows.map((r) => r.location).filter(Boolean));

  const problems: string[] = [];
  const good: ImportedFace[] = [];
  const firstRow = new Map<string, number>();
  for (const r of rows) {
    const messages: string[] = [];
    const ofSku = inventories.filter((i) => i.sku.toLowerCase() === r.sku.toLowerCase());
    const matching = r.account ? ofSku.filter((i) => i.accountName.toLowerCase() === r.account.toLowerCase()) : ofSku;
    if (!r.sku || ofSku.length === 0) messages.push(M.importSkuUnknown(r.sku));
    else if (matching.length === 0) messages.push(M.importAccountUnknown(r.account, r.sku));
    else if (matching.length > 1) messages.push(M.importAccountNeeded(r.sku));
    const locationId = locations.get(r.location.toLowerCase());
    if (locationId === undefined) messages.push(M.importLocationUnknown(r.location));
    // A cell that is not a whole number goes to the schema as missing: its message names the column's rule.
    const numbers = { min: wholeOrText(r.min), max: wholeOrText(r.max), increment: wholeOrText(r.increment) };
    const parsed = pickFaceInputSchema.safeParse({
      location_id: locationId ?? 1,
      min: typeof numbers.min === 'number' ? numbers.min : undefined,
      max: typeof numbers.max === 'number' ? numbers.max : undefined,
      increment: typeof numbers.increment === 'number' ? numbers.increment : undefined,
    });
    if (!parsed.success) {
      const known = new Set(messages);
      for (const issue of parsed.error.issues) if (!known.has(issue.message)) messages.push(issue.message);
    }
    const inventory = matching.length === 1 ? matching[0]! : null;
    if (inventory && locationId !== undefined) {
      const key = `${inventory.inventoryId}:${locationId}`;
      const earlier = firstRow.get(key);
      if (earlier !== undefined) messages.push(M.importDuplicateRow(earlier));
      else firstRow.set(key, r.row);
    }
    if (messages.length) problems.push(M.importRow(r.row, [...new Set(messages)].join('; ')));
    else if (parsed.success && inventory && locationId !== undefined) {
      const { min, max, increment } = parsed.data;
      good.push({ inventoryId: inventory.inventoryId, locationId, min, max, increment });
    }
  }
  if (problems.length) {
    const sorted = problems.sort((a, b) => rowOf(a) - rowOf(b));
    throw new HttpError(422, M.importRejected(sorted.length), { file: sorted });
  }
  return good;
}

/** The import: checked whole, then every face set in one transaction with one activity event. */
export async function importPickFaces(
  db: Database,
  auth: RequestAuth,
  warehouseId: number,
  upload: SheetUpload | undefined,
): Promise<number> {
  await requireWarehouse(db, auth, warehouseId);
  const faces = await parsePickFaceImport(db, warehouseId, upload);
  await inTransaction(db, async (tx) => {
    await upsertFaces(tx, warehouseId, faces);
    await recordEvent(tx, {
      kind: 'pick_faces.imported',
      payload: { count: faces.length },
      actorId: auth.user.id,
      subject: { type: 'warehouse', id: warehouseId },
      warehouseIds: [warehouseId],
      accountIds: [],
    });
  });
  return faces.length;
}
