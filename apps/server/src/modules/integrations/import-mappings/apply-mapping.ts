import {
  type FieldSource,
  IMPORT_MAPPING_MESSAGES as M,
  type OrderMapping,
  orderFieldLabel,
} from '@wms/contract/import-mappings';
import { ORDER_IMPORT_COLUMNS, type OrderImportField } from '@wms/contract/order-imports';
import { type FieldErrors, validationError } from '../../../http/errors';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';
import { columnNames } from './column-names';

/** What a mapping's defaults stand for on the day of the import. */
export interface MappingContext {
  /** The account the caller works in (`account_id` of the request), for `current_account`; null when not given. */
  accountName: string | null;
  today: Date;
}

/** The file's rows in our template's shape, and which column of the file fed each field (for error messages). */
export interface MappedSheet {
  sheet: ReadSheet;
  fileColumns: Partial<Record<OrderImportField, string>>;
}

/** Fields of the order itself (not of its line): Shopify writes them on an order's first row only. */
const ORDER_LEVEL: OrderImportField[] = ['account_name', 'customer_name', 'ship_date', 'shipper', 'notes'];
const ALLOWED_SPECIAL: Partial<Record<FieldSource['source'], OrderImportField>> = {
  current_account: 'account_name',
  days_from_today: 'ship_date',
};

const isoDay = (date: Date, plusDays: number) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + plusDays))
    .toISOString()
    .slice(0, 10);

/**
 * A date with a time (Amazon's `2026-11-27T07:59:59-08:00`, Shopify's `2026-11-24 10:15:03 -0500`) counts as its
 * day; anything else goes to the import's own date check unchanged.
 */
const dayOf = (text: string) => /^(\d{4}-\d{2}-\d{2})[T ]\d/.exec(text)?.[1] ?? text;

/** Every problem of the mapping at once (422 `mapping.<field>`), checked against this file's header. */
export function checkMapping(
  mapping: OrderMapping,
  columns: readonly string[],
  context: MappingContext,
  options: { partial?: boolean } = {},
): void {
  const errors: FieldErrors = {};
  const known = new Set(columns);
  for (const { field, required } of ORDER_IMPORT_COLUMNS) {
    const source = mapping[field];
    const label = orderFieldLabel(field);
    const problem = (() => {
      if (!source || (source.source === 'constant' && source.value === '')) {
        return required && !options.partial ? M.fieldRequired(label) : null;
      }
      if (source.source === 'column' && !known.has(source.column)) return M.columnMissing(source.column);
      const onlyFor = ALLOWED_SPECIAL[source.source];
      if (onlyFor && onlyFor !== field) return M.sourceNotAllowed(label);
      if (source.source === 'current_account' && context.accountName === null) return M.accountForCurrent;
      return null;
    })();
    if (problem) errors[`mapping.${field}`] = [problem];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * The file's rows as rows of our template (header = the template's labels), keeping each row's sheet number so
 * every message still points at the right line of the client's file. Rows that repeat an order (same order id)
 * take the order's fields from its first row where they are blank, as Shopify's export leaves them.
 */
export function applyMapping(sheet: ReadSheet, mapping: OrderMapping, context: MappingContext): MappedSheet {
  const columns = columnNames(sheet.header);
  checkMapping(mapping, columns, context);
  const fileColumns: MappedSheet['fileColumns'] = {};
  const readers = ORDER_IMPORT_COLUMNS.map(({ field }): ((cells: string[]) => string) => {
    const source = mapping[field];
    if (!source) return () => '';
    switch (source.source) {
      case 'column': {
        fileColumns[field] = source.column;
        const at = columns.indexOf(source.column);
        return field === 'ship_date' ? (cells) => dayOf(cells[at] ?? '') : (cells) => cells[at] ?? '';
      }
      case 'constant':
        return () => source.value;
      case 'current_account':
        return () => context.accountName ?? '';
      case 'days_from_today': {
        const day = isoDay(context.today, source.days);
        return () => day;
      }
      default:
        return () => '';
    }
  });
  const orderAt = ORDER_IMPORT_COLUMNS.findIndex((c) => c.field === 'order_id');
  const levelAt = ORDER_LEVEL.map((field) => ORDER_IMPORT_COLUMNS.findIndex((c) => c.field === field));
  const firstRowOf = new Map<string, string[]>();
  const rows = sheet.rows.map(({ row, cells }) => {
    const mapped = readers.map((read) => read(cells));
    const orderId = mapped[orderAt]!;
    const first = orderId === '' ? undefined : firstRowOf.get(orderId);
    if (first) {
      for (const at of levelAt) if (mapped[at] === '') mapped[at] = first[at]!;
    } else if (orderId !== '') firstRowOf.set(orderId, mapped);
    return { row, cells: mapped };
  });
  return {
    sheet: { header: ORDER_IMPORT_COLUMNS.map((c) => c.label), headerRow: sheet.headerRow, rows },
    fileColumns,
  };
}
