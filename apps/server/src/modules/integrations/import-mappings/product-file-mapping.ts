import {
  IMPORT_MAPPING_MESSAGES as M,
  type ProductImportInspection,
  type ProductMapping,
} from '@wms/contract/import-mappings';
import { PRODUCT_MESSAGES } from '@wms/contract/products';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { notFound } from '../../../http/errors';
import type { ImportUpload } from '../../../spreadsheets/read-upload';
import { columnNames, headerKey } from './column-names';
import { mapImportColumns, REQUIRED_IMPORT_FIELDS } from './import-columns';
import { findAccountInScope, findMapping, findMappingForHeader } from './import-mappings-repository';
import { parseProductMapping } from './product-columns';
import { recogniseProductPreset } from './product-presets';
import { readImportSheet } from './read-import-sheet';

const SAMPLES_PER_COLUMN = 3;

/**
 * POST /products/import/inspect: the columns of a product file with sample values, whether the import reads its
 * header as it is, the preset or saved mapping (of the account asked about) its header matches, and a suggested
 * mapping: the saved one's, else the preset's, else one guessed from the import's own header names. Only this
 * much goes back, never the file.
 */
export async function inspectProductFile(
  db: Database,
  auth: RequestAuth,
  upload: ImportUpload,
  accountId: number | null,
): Promise<ProductImportInspection> {
  const scope = await auth.scope();
  if (accountId !== null && !(await findAccountInScope(db, scope, accountId))) throw notFound(M.accountNotFound);
  const sheet = await readImportSheet(upload, {
    invalidType: PRODUCT_MESSAGES.importInvalidType,
    empty: PRODUCT_MESSAGES.importEmpty,
    bomb: PRODUCT_MESSAGES.importBomb,
    tooManyRows: PRODUCT_MESSAGES.importTooManyRows,
    unreadable: PRODUCT_MESSAGES.importUnreadable,
  });
  const names = columnNames(sheet.header);
  const saved =
    accountId === null
      ? undefined
      : await findMappingForHeader(db, scope, 'products', headerKey(sheet.header), accountId);
  const recognised = recogniseProductPreset(names);
  const found = mapImportColumns(sheet.header);
  const byHeaderNames: ProductMapping = {};
  for (const [field, at] of Object.entries(found) as [keyof ProductMapping, number][]) {
    Object.assign(byHeaderNames, { [field]: { source: 'column', column: names[at]! } });
  }
  return {
    columns: names.map((name, at) => ({
      name,
      samples: sheet.rows
        .map((r) => r.cells[at] ?? '')
        .filter((v) => v !== '')
        .slice(0, SAMPLES_PER_COLUMN),
    })),
    row_count: sheet.rows.length,
    recognised: REQUIRED_IMPORT_FIELDS.every((c) => found[c.field] !== undefined),
    preset: recognised ? { id: recognised.preset.id, name: recognised.preset.name } : null,
    saved_mapping: saved ?? null,
    suggested_mapping: (saved?.mapping as ProductMapping | undefined) ?? recognised?.mapping ?? byHeaderNames,
  };
}

/**
 * The mapping a product import goes through: the `mapping` JSON sent, or the saved mapping `mapping_id`
 * names (within the caller's scope and of kind products, else 404), or null: the file is read as our template.
 */
export async function productMappingOf(
  db: Database,
  auth: RequestAuth,
  form: { mapping: string | null; mappingId: string | null },
): Promise<ProductMapping | null> {
  if (form.mapping !== null) return parseProductMapping(form.mapping);
  if (form.mappingId === null) return null;
  const id = /^[1-9]\d{0,9}$/.test(form.mappingId) ? Number(form.mappingId) : 0;
  const saved = id > 0 && id < 2 ** 31 ? await findMapping(db, await auth.scope(), id) : undefined;
  if (saved?.kind !== 'products') throw notFound(M.notFound);
  return saved.mapping as ProductMapping;
}
