import {
  IMPORT_PREVIEW_ROWS,
  type ImportInspection,
  IMPORT_MAPPING_MESSAGES as M,
  type OrderMapping,
  orderMappingSchema,
} from '@wms/contract/import-mappings';
import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { fieldError, notFound } from '../../../http/errors';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';
import type { ImportUpload } from '../../../spreadsheets/read-upload';
import { applyMapping, type MappedSheet } from './apply-mapping';
import { columnNames, headerKey } from './column-names';
import { findAccountInScope, findMapping, findMappingForHeader } from './import-mappings-repository';
import { recognisePreset } from './presets';
import { readImportSheet } from './read-import-sheet';
import { isTemplateHeader, suggestMapping } from './suggest-mapping';

const SAMPLES_PER_COLUMN = 3;
/** Serialised JSON of a mapping in a multipart field: 8 fields of at most a few hundred characters each. */
const MAPPING_JSON_MAX = 16_384;

async function accountNameFor(db: Database, auth: RequestAuth, accountId: number | null): Promise<string | null> {
  if (accountId === null) return null;
  const account = await findAccountInScope(db, await auth.scope(), accountId);
  if (!account) throw notFound(M.accountNotFound);
  return account.name;
}

/**
 * POST /orders/import/inspect: the file's columns with a few sample values, its first rows, the preset or saved
 * mapping its header matches, and a suggested mapping. The file is read on the server; only this much goes back.
 */
export async function inspectOrderFile(
  db: Database,
  auth: RequestAuth,
  upload: ImportUpload,
  accountId: number | null,
): Promise<ImportInspection> {
  await accountNameFor(db, auth, accountId);
  const sheet = await readImportSheet(upload);
  const names = columnNames(sheet.header);
  const saved =
    (await findMappingForHeader(db, await auth.scope(), 'orders', headerKey(sheet.header), accountId)) ?? null;
  const recognised = recognisePreset(names);
  const isTemplate = isTemplateHeader(names);
  const identity: OrderMapping = Object.fromEntries(
    ORDER_IMPORT_COLUMNS.flatMap((c) => {
      const column = names.find((n) => n.trim().toLowerCase() === c.label.toLowerCase());
      return column ? [[c.field, { source: 'column', column }]] : [];
    }),
  );
  const suggested =
    (saved?.mapping as OrderMapping | undefined) ??
    recognised?.mapping ??
    (isTemplate ? identity : undefined) ??
    suggestMapping(names);
  return {
    columns: names.map((name, at) => ({
      name,
      samples: sheet.rows
        .map((r) => r.cells[at] ?? '')
        .filter((v) => v !== '')
        .slice(0, SAMPLES_PER_COLUMN),
    })),
    preview: sheet.rows
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((r) => ({ row: r.row, cells: r.cells.slice(0, names.length) })),
    row_count: sheet.rows.length,
    is_template: isTemplate,
    preset: recognised ? { id: recognised.preset.id, name: recognised.preset.name } : null,
    saved_mapping: saved,
    suggested_mapping: suggested,
  };
}

/** The mapping fields of the import form, as sent (text parts of the multipart body). */
export interface MappingFormFields {
  mapping: string | null;
  mappingId: string | null;
  accountId: number | null;
}

/**
 * The order import's reader for a mapped file: null without `mapping` or `mapping_id`, so the spec's call with our
 * template reads the file exactly as before. A saved mapping is used only within the caller's scope (404 otherwise).
 */
export async function mappedOrderReader(
  db: Database,
  auth: RequestAuth,
  form: MappingFormFields,
): Promise<{
  read: (upload: ImportUpload) => Promise<ReadSheet>;
  fileColumns: () => MappedSheet['fileColumns'];
} | null> {
  if (form.mapping === null && form.mappingId === null) return null;
  let mapping: OrderMapping;
  if (form.mapping !== null) {
    let json: unknown;
    try {
      json = form.mapping.length > MAPPING_JSON_MAX ? undefined : JSON.parse(form.mapping);
    } catch {
      json = undefined;
    }
    const parsed = orderMappingSchema.safeParse(json);
    if (!parsed.success) throw fieldError('mapping', M.mappingInvalid);
    mapping = parsed.data;
  } else {
    const id = /^[1-9]\d{0,9}$/.test(form.mappingId ?? '') ? Number(form.mappingId) : 0;
    const saved = id > 0 && id < 2 ** 31 ? await findMapping(db, await auth.scope(), id) : undefined;
    // A product mapping is not one for orders: as unknown here as another account's.
    if (saved?.kind !== 'orders') throw notFound(M.notFound);
    mapping = saved.mapping as OrderMapping;
  }
  const accountName = await accountNameFor(db, auth, form.accountId);
  let fileColumns: MappedSheet['fileColumns'] = {};
  return {
    read: async (upload) => {
      const mapped = applyMapping(await readImportSheet(upload), mapping, { accountName, today: new Date() });
      fileColumns = mapped.fileColumns;
      return mapped.sheet;
    },
    fileColumns: () => fileColumns,
  };
}
