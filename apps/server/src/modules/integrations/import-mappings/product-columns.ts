import {
  IMPORT_MAPPING_MESSAGES as M,
  PRODUCT_MAPPING_FIELDS,
  type ProductMapping,
  type ProductMappingField,
  productFieldLabel,
  productMappingSchema,
  type WeightUnit,
} from '@wms/contract/import-mappings';
import { type FieldErrors, fieldError, validationError } from '../../../http/errors';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';
import { columnNames } from './column-names';

/** JSON of a mapping in a multipart field: eight fields of at most a few hundred characters each. */
const MAPPING_JSON_MAX = 8_192;
/** Pounds in one unit of each weight unit a column may be in. */
const POUNDS_PER: Record<WeightUnit, number> = { lb: 1, oz: 1 / 16, g: 1 / 453.59237, kg: 1 / 0.45359237 };
/** Fields a variant row takes from its product's first row when blank (never SKU, weight or barcode: per variant). */
const PRODUCT_LEVEL: ProductMappingField[] = ['name', 'photo_url', 'link', 'dimension'];

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

/** Every problem of a product mapping at once (422 `mapping.<field>`), checked against this file's header. */
export function checkProductMapping(
  mapping: ProductMapping,
  columns: readonly string[],
  options: { partial?: boolean } = {},
): void {
  const known = new Set(columns);
  const errors: FieldErrors = {};
  for (const { field, label, required } of PRODUCT_MAPPING_FIELDS) {
    const source = mapping[field];
    const blank = !source || (source.source === 'constant' && source.value === '');
    if (blank) {
      if (required && !options.partial) errors[`mapping.${field}`] = [M.fieldRequired(label)];
    } else if (source.source === 'column' && !known.has(source.column)) {
      errors[`mapping.${field}`] = [M.columnMissing(source.column)];
    }
  }
  const group = mapping.variant_group;
  if (group && !known.has(group.column)) errors['mapping.variant_group'] = [M.columnMissing(group.column)];
  const missingOption = mapping.variant_options?.columns.find((column) => !known.has(column));
  if (missingOption !== undefined) errors['mapping.variant_options'] = [M.columnMissing(missingOption)];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** A weight in another unit, in pounds; text that is not a number stays as it is for the import's own check. */
function toPounds(text: string, unit: WeightUnit): string {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (unit === 'lb' || !Number.isFinite(value)) return text;
  return String(Math.round(value * POUNDS_PER[unit] * 100) / 100);
}

/** Shopify's option value of a product without variants: not a name anyone chose. */
const NO_VARIANT_OPTION = 'default title';
/** Between a product's name and its variant's option values, and between option values (Shopify's own "M / Grey"). */
const VARIANT_NAME_SEPARATOR = ' — ';
const OPTION_SEPARATOR = ' / ';

/** A row's name followed by its option values, or the name alone when it has none (or only `Default Title`). */
function withOptionValues(name: string, values: readonly string[]): string {
  const chosen = values.map((v) => v.trim()).filter((v) => v !== '' && v.toLowerCase() !== NO_VARIANT_OPTION);
  if (name.trim() === '' || chosen.length === 0) return name;
  return `${name}${VARIANT_NAME_SEPARATOR}${chosen.join(OPTION_SEPARATOR)}`;
}

/** The mapped file in the product template's shape, and which column of the file fed each field (for messages). */
export interface MappedProductSheet {
  sheet: ReadSheet;
  fileColumns: Partial<Record<ProductMappingField, string>>;
}

/**
 * The file's rows as rows of our product template (header = the template's labels, only the fields mapped, so a
 * mapping without Barcode leaves stored barcodes alone), keeping each row's sheet number for the messages. With a
 * variant group (Shopify's Handle), a variant row takes the product's fields from the group's first row, and a row
 * of the group with no SKU (Shopify's extra image rows) is no product and is skipped. With variant options, a row's
 * option values follow its name (`Merino Trail Socks — M`).
 */
export function applyProductMapping(sheet: ReadSheet, mapping: ProductMapping): MappedProductSheet {
  const columns = columnNames(sheet.header);
  checkProductMapping(mapping, columns);
  const fileColumns: MappedProductSheet['fileColumns'] = {};
  // A field left without a source (or a fixed value never typed) is not in the sheet: an update keeps its value.
  const fields = PRODUCT_MAPPING_FIELDS.filter(({ field }) => {
    const source = mapping[field];
    return source !== undefined && !(source.source === 'constant' && source.value === '');
  });
  const readers = fields.map(({ field }): ((cells: string[]) => string) => {
    const source = mapping[field]!;
    if (source.source === 'constant') return () => source.value;
    fileColumns[field] = source.column;
    const at = columns.indexOf(source.column);
    const unit = field === 'weight' ? source.unit : undefined;
    return unit ? (cells) => toPounds(cells[at] ?? '', unit) : (cells) => cells[at] ?? '';
  });
  const groupAt = mapping.variant_group ? columns.indexOf(mapping.variant_group.column) : -1;
  const skuAt = fields.findIndex((f) => f.field === 'sku');
  const levelAt = fields.flatMap((f, at) => (PRODUCT_LEVEL.includes(f.field) ? [at] : []));
  const nameAt = fields.findIndex((f) => f.field === 'name');
  const optionsAt = (mapping.variant_options?.columns ?? []).map((column) => columns.indexOf(column));
  const firstRowOf = new Map<string, string[]>();
  const rows: ReadSheet['rows'] = [];
  for (const { row, cells } of sheet.rows) {
    const mapped = readers.map((read) => read(cells));
    const group = groupAt < 0 ? '' : (cells[groupAt] ?? '').trim();
    const first = group === '' ? undefined : firstRowOf.get(group);
    if (first) {
      if (mapped[skuAt]!.trim() === '') continue;
      for (const at of levelAt) if (mapped[at] === '') mapped[at] = first[at]!;
    } else if (group !== '') firstRowOf.set(group, mapped);
    // Named after the group's first row is filled in: that row keeps the product's plain name for its siblings.
    const named = [...mapped];
    if (nameAt >= 0 && optionsAt.length > 0) {
      named[nameAt] = withOptionValues(
        mapped[nameAt]!,
        optionsAt.map((at) => cells[at] ?? ''),
      );
    }
    rows.push({ row, cells: named });
  }
  return {
    sheet: { header: fields.map((f) => productFieldLabel(f.field)), headerRow: sheet.headerRow, rows },
    fileColumns,
  };
}
