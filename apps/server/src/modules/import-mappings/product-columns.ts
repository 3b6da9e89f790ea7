import {
  IMPORT_MAPPING_MESSAGES as M,
  PRODUCT_MAPPING_FIELDS,
  type ProductMapping,
  productMappingSchema,
} from '@wms/contract/import-mappings';
import { type FieldErrors, fieldError, validationError } from '../../http/errors';
import { columnNames } from './column-names';

type ProductField = (typeof PRODUCT_MAPPING_FIELDS)[number]['field'];
/** JSON of a mapping in a multipart field: six fields of at most a few hundred characters each. */
const MAPPING_JSON_MAX = 8_192;

/** The `mapping` text field of a product import, or null without one (the header is then read by its names). */
export function parseProductMapping(text: string | null): ProductMapping | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = text.length > MAPPING_JSON_MAX ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = productMappingSchema.safeParse(json);
  if (!parsed.success) throw fieldError('mapping', M.mappingInvalid);
  return parsed.data;
}

/**
 * Column index of each product field as the mapping names it (the product import's alternative to recognising
 * its own header names): every problem at once, 422 `mapping.<field>`.
 */
export function productColumnsOf(
  header: readonly string[],
  mapping: ProductMapping,
): Partial<Record<ProductField, number>> {
  const names = columnNames(header);
  const columns: Partial<Record<ProductField, number>> = {};
  const errors: FieldErrors = {};
  for (const { field, label, required } of PRODUCT_MAPPING_FIELDS) {
    const source = mapping[field];
    if (!source) {
      if (required) errors[`mapping.${field}`] = [M.fieldRequired(label)];
      continue;
    }
    const at = names.indexOf(source.column);
    if (at < 0) errors[`mapping.${field}`] = [M.columnMissing(source.column)];
    else columns[field] = at;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return columns;
}
