import type { ProductMapping, ProductMappingField } from '@wms/contract/import-mappings';
import {
  IMPORT_READ_COLUMNS,
  isHttpUrl,
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCT_MESSAGES,
  type ProductImportResult,
  productInputSchema,
} from '@wms/contract/products';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { fieldError, HttpError } from '../../../http/errors';
import type { ImageFetcher } from '../../../http/safe-fetch';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';
import { type ImportFileMessages, type ImportUpload, readSheet } from '../../../spreadsheets/read-upload';
import {
  applyProductMapping,
  type ImportField,
  mapImportColumns,
  REQUIRED_IMPORT_FIELDS,
  readImportSheet,
  yesNo,
} from '../../integrations/import-mappings/import-mappings-api';
import { accountEventScope, recordEvent } from '../../platform/activity/activity-api';
import {
  type KitCells,
  type KitRow,
  kitIssuesError,
  kitRuleIssues,
  parseComponents,
  parseKind,
  writeKitComponents,
} from './kit-import';
import { checkPhotos } from './photo-checks';
import { resolveProductAccount } from './product-account';
import {
  DuplicateBarcodeError,
  type ProductValues,
  productsByBarcode,
  upsertProducts,
  type WrittenFields,
} from './products-repository';

const barcodeClashError = (rows: string[]) => new HttpError(422, PRODUCT_MESSAGES.importBarcodeClashes, { file: rows });

/** Spec §5: a file the reader cannot open gets conversion instructions instead of a bare error. */
export const CONVERSION_REQUIRED = {
  message: PRODUCT_MESSAGES.importUnreadable,
  conversion_required: true as const,
  instructions: [
    'Open the file in Excel, Numbers or Google Sheets.',
    'Choose File › Export (or Save As / Download) and pick Excel (.xlsx) or CSV.',
    'Import the exported file.',
  ],
  supported_formats: ['.xlsx', '.xls', '.csv', '.numbers'],
  note: 'Password-protected or damaged spreadsheets cannot be read; the first sheet is imported, with a header row.',
};

export class ConversionRequiredError extends Error {}

interface RowIssue {
  row: number;
  message: string;
}

interface ParsedRow {
  row: number;
  values: ProductValues;
  kit: KitCells;
}

interface ParsedSheet {
  good: ParsedRow[];
  errors: RowIssue[];
  warnings: RowIssue[];
  /** Kind and components problems: any refuses the whole file. */
  kitIssues: string[];
  /**
   * The optional fields the file has a column for (a mapped file: a mapped column): on update only these are
   * written, a blank cell clearing the field; a field without a column keeps its stored value.
   */
  written: WrittenFields;
}

/** Which column of the client's file fed each field (a mapped import), for the row messages; empty otherwise. */
type FileColumns = Partial<Record<ProductMappingField, string>>;

/** A message about one field names the file's column it came from (the client knows their own columns). */
const inColumn = (message: string, column: string | undefined) =>
  column ? `${message} (column '${column}')` : message;

/** Which optional fields the sheet has a column for (SKU and name are required, so always there). */
const writtenFields = (columns: Partial<Record<ImportField, number>>): WrittenFields => ({
  photoUrl: columns.photo_url !== undefined,
  link: columns.link !== undefined,
  dimension: columns.dimension !== undefined,
  weight: columns.weight !== undefined,
  barcode: columns.barcode !== undefined,
});

function parseSheet(sheet: ReadSheet, fileColumns: FileColumns): ParsedSheet {
  const columns: Partial<Record<ImportField, number>> = mapImportColumns(sheet.header);
  const written = writtenFields(columns);
  const missing = REQUIRED_IMPORT_FIELDS.filter((c) => columns[c.field] === undefined).map((c) => c.label);
  if (missing.length > 0) throw fieldError('file', PRODUCT_MESSAGES.importMissingColumns(missing));
  const cell = (cells: string[], field: ImportField) => {
    const index = columns[field];
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const good: ParsedRow[] = [];
  const errors: RowIssue[] = [];
  const warnings: RowIssue[] = [];
  const kitIssues: string[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    // A photo is optional: a URL that is not http(s) loses the photo with a warning, never the product.
    let photo = cell(cells, 'photo_url');
    if (photo && !isHttpUrl(photo)) {
      warnings.push({
        row,
        message: `Warning: the photo URL is not a valid http(s) address; the product was imported without a photo.`,
      });
      photo = '';
    }
    const parsed = productInputSchema.safeParse({
      sku: cell(cells, 'sku'),
      name: cell(cells, 'name'),
      photo,
      link: cell(cells, 'link'),
      dimension: cell(cells, 'dimension'),
      weight: cell(cells, 'weight'),
      barcode: written.barcode ? cell(cells, 'barcode') : undefined,
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => {
        const path = String(issue.path[0] ?? '');
        return inColumn(issue.message, fileColumns[(path === 'photo' ? 'photo_url' : path) as ProductMappingField]);
      });
      errors.push({ row, message: [...new Set(problems)].join('; ') });
      continue;
    }
    const key = parsed.data.sku.toLowerCase();
    const earlier = firstRowOfSku.get(key);
    if (earlier !== undefined) {
      errors.push({
        row,
        message: inColumn(`Duplicate SKU '${parsed.data.sku}' (already on row ${earlier})`, fileColumns.sku),
      });
      continue;
    }
    firstRowOfSku.set(key, row);
    const track = (field: 'track_lots' | 'track_expiry', label: string) => {
      if (columns[field] === undefined) return undefined;
      const value = yesNo(cell(cells, field));
      if (value === undefined) errors.push({ row, message: `${label} must be yes or no` });
      return value;
    };
    const trackLots = track('track_lots', 'Track Lots');
    const trackExpiry = track('track_expiry', 'Track Expiry');
    if (errors.at(-1)?.row === row) continue;
    const kit: KitCells = {
      kind: columns.kind === undefined ? undefined : parseKind(cell(cells, 'kind'), row, kitIssues),
      components:
        columns.components === undefined ? undefined : parseComponents(cell(cells, 'components'), row, kitIssues),
    };
    const { sku, name, photo_url, link, dimension, weight, barcode } = parsed.data;
    good.push({
      row,
      values: {
        sku,
        name,
        photoUrl: photo_url,
        link,
        dimension,
        weightLb: weight,
        barcode,
        trackLots,
        trackExpiry,
        kind: kit.kind,
      },
      kit,
    });
  }
  // A row that failed anyway reports its own error; its photo warning would only add noise.
  const failedRows = new Set(errors.map((e) => e.row));
  return { good, errors, warnings: warnings.filter((w) => !failedRows.has(w.row)), kitIssues, written };
}

/**
 * Rows whose barcode another product would keep: an earlier row of the file, or a product of the account that the
 * file does not give another barcode (a product named in the file takes the file's barcode, so two products may
 * swap theirs). One message per clashing row.
 */
async function barcodeClashes(
  db: Executor,
  accountId: number,
  rows: ParsedRow[],
  column: string | undefined,
): Promise<string[]> {
  const fileBarcodeOfSku = new Map(rows.map((r) => [r.values.sku.toLowerCase(), r.values.barcode?.toLowerCase()]));
  const stored = await productsByBarcode(
    db,
    accountId,
    rows.flatMap((r) => (r.values.barcode ? [r.values.barcode] : [])),
  );
  const firstRowOf = new Map<string, ParsedRow>();
  const clashes: string[] = [];
  for (const row of rows) {
    const { barcode, sku } = row.values;
    if (!barcode) continue;
    const key = barcode.toLowerCase();
    const earlier = firstRowOf.get(key);
    if (earlier) {
      clashes.push(inColumn(PRODUCT_MESSAGES.importBarcodeTaken(row.row, barcode, earlier.values.sku), column));
      continue;
    }
    firstRowOf.set(key, row);
    const holder = stored.get(key);
    const holderKeepsIt =
      holder !== undefined &&
      holder.toLowerCase() !== sku.toLowerCase() &&
      (!fileBarcodeOfSku.has(holder.toLowerCase()) || fileBarcodeOfSku.get(holder.toLowerCase()) === key);
    if (holderKeepsIt) clashes.push(inColumn(PRODUCT_MESSAGES.importBarcodeTaken(row.row, barcode, holder), column));
  }
  return clashes;
}

/** The product import's texts for a file it cannot take (spec §5); an unreadable one gets conversion help. */
const PRODUCT_FILE_MESSAGES: ImportFileMessages = {
  invalidType: PRODUCT_MESSAGES.importInvalidType,
  empty: PRODUCT_MESSAGES.importEmpty,
  bomb: PRODUCT_MESSAGES.importBomb,
  tooManyRows: PRODUCT_MESSAGES.importTooManyRows,
  unreadable: () => new ConversionRequiredError(),
};

/**
 * The file as rows of our template: read as it is (its header names found by the import), or, with a mapping,
 * read like a shop's export (.txt reports too, more columns) and put through the mapping.
 */
export async function readProductSheet(
  upload: ImportUpload,
  mapping: ProductMapping | null,
): Promise<{ sheet: ReadSheet; fileColumns: FileColumns }> {
  if (!mapping) {
    const sheet = await readSheet(upload, {
      columns: IMPORT_READ_COLUMNS,
      maxRows: PRODUCT_IMPORT_MAX_ROWS,
      numbers: true,
      messages: PRODUCT_FILE_MESSAGES,
    });
    return { sheet, fileColumns: {} };
  }
  return applyProductMapping(await readImportSheet(upload, PRODUCT_FILE_MESSAGES, PRODUCT_IMPORT_MAX_ROWS), mapping);
}

/**
 * Product import (spec §5): every bad row is reported at once, good rows are imported (insert or update by
 * account + SKU, so re-importing a file updates it); a barcode clash refuses the whole file; photo URLs are downloaded through the SSRF guard and a
 * failure only drops the photo with a 'Warning:' row.
 */
export async function importProducts(
  db: Database,
  auth: RequestAuth,
  upload: ImportUpload | undefined,
  requestedAccountId: number | null,
  fetchImage: ImageFetcher,
  mapping: ProductMapping | null = null,
): Promise<ProductImportResult> {
  if (!upload) throw fieldError('file', PRODUCT_MESSAGES.importFileRequired);
  const accountId = await resolveProductAccount(
    db,
    auth,
    requestedAccountId,
    'account_id',
    PRODUCT_MESSAGES.importAccountRequired,
  );
  const read = await readProductSheet(upload, mapping);
  const { good, errors, warnings, kitIssues, written } = parseSheet(read.sheet, read.fileColumns);
  if (kitIssues.length > 0) throw kitIssuesError(kitIssues);
  const kitRows: KitRow[] = good.map((r) => ({ row: r.row, sku: r.values.sku, ...r.kit }));

  const photoUrls = good.flatMap((r) => (r.values.photoUrl ? [r.values.photoUrl] : []));
  const verdicts = await checkPhotos(photoUrls, fetchImage);
  for (const row of good) {
    const verdict = row.values.photoUrl ? verdicts.get(row.values.photoUrl) : undefined;
    if (verdict && verdict.ok === false) {
      warnings.push({
        row: row.row,
        message: `Warning: photo could not be downloaded (${verdict.reason}); the product was imported without a photo.`,
      });
      row.values.photoUrl = null;
    }
  }

  const { created, updated } = await db.transaction(async (tx) => {
    // Barcode clashes refuse the whole file (422, every clashing row listed): nothing is written.
    const clashes = written.barcode ? await barcodeClashes(tx, accountId, good, read.fileColumns.barcode) : [];
    if (clashes.length > 0) throw barcodeClashError(clashes);
    const kitRuleProblems = await kitRuleIssues(tx, accountId, kitRows);
    if (kitRuleProblems.length > 0) throw kitIssuesError(kitRuleProblems);
    const counts = await upsertProducts(
      tx,
      accountId,
      good.map((r) => r.values),
      written,
    ).catch((error) => {
      // A product created meanwhile took one of the file's barcodes.
      throw error instanceof DuplicateBarcodeError ? barcodeClashError([PRODUCT_MESSAGES.barcodeTaken]) : error;
    });
    await writeKitComponents(tx, accountId, kitRows);
    await recordEvent(tx, {
      kind: 'products.imported',
      payload: { filename: upload.filename, created: counts.created, updated: counts.updated, failed: errors.length },
      actorId: auth.user.id,
      subject: { type: 'account', id: accountId },
      ...(await accountEventScope(tx, [accountId])),
    });
    return counts;
  });

  const summary = {
    success_count: good.length,
    failure_count: errors.length,
    warning_count: warnings.length,
    total_processed: good.length + errors.length,
    created_count: created,
    updated_count: updated,
  };
  return {
    message:
      errors.length > 0 ? PRODUCT_MESSAGES.importWithErrors(errors.length) : PRODUCT_MESSAGES.importDone(good.length),
    ...summary,
    summary,
    validation_errors: [...errors, ...warnings].sort((a, b) => a.row - b.row),
  };
}
