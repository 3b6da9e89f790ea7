import type { ProductImportInspection, ProductMapping } from '@wms/contract/import-mappings';
import type { ImportUpload } from '../order-imports/read-order-sheet';
import { mapImportColumns, REQUIRED_IMPORT_FIELDS } from '../products/import-columns';
import { columnNames } from './column-names';
import { readImportSheet } from './read-import-sheet';

const SAMPLES_PER_COLUMN = 3;

/**
 * POST /products/import/inspect: the columns of a product file with sample values, whether the product import
 * recognises its header as it is, and a mapping guessed by the import's own header names (the rest is the
 * person's choice in the mapping step). Only this much goes back, never the file.
 */
export async function inspectProductFile(upload: ImportUpload): Promise<ProductImportInspection> {
  const sheet = await readImportSheet(upload);
  const names = columnNames(sheet.header);
  const found = mapImportColumns(sheet.header);
  const suggested: ProductMapping = {};
  for (const [field, at] of Object.entries(found) as [keyof ProductMapping, number][]) {
    suggested[field] = { source: 'column', column: names[at]! };
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
    suggested_mapping: suggested,
  };
}
