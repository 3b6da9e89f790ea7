import { DEFAULT_SHIP_DAYS, type OrderMapping } from '@wms/contract/import-mappings';
import { ORDER_IMPORT_COLUMNS, type OrderImportField } from '@wms/contract/order-imports';
import { looseName } from './column-names';

/** Header names that usually hold each field, best first (compared loosely: case, spaces, dashes, underscores). */
const SYNONYMS: Record<OrderImportField, string[]> = {
  account_name: ['account name', 'account'],
  order_id: ['order id', 'order number', 'order no', 'order #', 'order', 'po number', 'po', 'reference'],
  customer_name: [
    'customer name',
    'shipping name',
    'recipient name',
    'ship to name',
    'recipient',
    'customer',
    'buyer name',
    'billing name',
    'full name',
  ],
  ship_date: ['ship date', 'ship by date', 'ship by', 'shipping date', 'promise date', 'latest ship date'],
  shipper: ['shipper', 'carrier', 'shipping carrier'],
  sku: ['sku', 'lineitem sku', 'item sku', 'product sku', 'seller sku', 'variant sku'],
  quantity: ['quantity', 'qty', 'lineitem quantity', 'quantity to ship', 'quantity purchased', 'item quantity'],
  notes: ['notes', 'note', 'order notes', 'comments', 'comment', 'customer note'],
  priority: ['priority', 'order priority'],
};

/**
 * A first guess at the mapping from the header names alone; each column feeds at most one field. Unmatched fields
 * get the defaults a client expects: the account they work in, a ship date two days out.
 */
export function suggestMapping(columns: readonly string[]): OrderMapping {
  const byLoose = new Map<string, string>();
  for (const name of columns) if (!byLoose.has(looseName(name))) byLoose.set(looseName(name), name);
  const used = new Set<string>();
  const mapping: OrderMapping = {};
  for (const { field } of ORDER_IMPORT_COLUMNS) {
    const column = SYNONYMS[field].map((s) => byLoose.get(looseName(s))).find((c) => c !== undefined && !used.has(c));
    if (column) {
      used.add(column);
      mapping[field] = { source: 'column', column };
    }
  }
  mapping.account_name ??= { source: 'current_account' };
  mapping.ship_date ??= { source: 'days_from_today', days: DEFAULT_SHIP_DAYS };
  return mapping;
}

/** The order import's own header comparison (parse-order-rows.ts): a file it reads as it is needs no mapping. */
const templateName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** The file has every required column of our template: it imports without a mapping (the identity mapping). */
export function isTemplateHeader(columns: readonly string[]): boolean {
  const names = new Set(columns.map(templateName));
  return ORDER_IMPORT_COLUMNS.filter((c) => c.required).every((c) => names.has(templateName(c.label)));
}
