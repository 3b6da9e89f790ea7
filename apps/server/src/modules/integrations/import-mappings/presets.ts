import { DEFAULT_SHIP_DAYS, type ImportPresetId, type OrderMapping } from '@wms/contract/import-mappings';
import { looseName } from './column-names';

/**
 * The exports of the shops clients already use, recognised from their header. `signature` columns must
 * all be present; `mapping` names columns as the shop writes them (matched loosely against the file's header).
 */
export interface ImportPreset {
  id: ImportPresetId;
  name: string;
  signature: string[];
  mapping: OrderMapping;
}

export const IMPORT_PRESETS: ImportPreset[] = [
  {
    // Shopify admin → Orders → Export (CSV): one row per line item; the order's own fields only on its first row.
    id: 'shopify_orders',
    name: 'Shopify orders export',
    signature: ['Name', 'Financial Status', 'Lineitem quantity', 'Lineitem sku', 'Shipping Name'],
    mapping: {
      account_name: { source: 'current_account' },
      order_id: { source: 'column', column: 'Name' },
      customer_name: { source: 'column', column: 'Shipping Name' },
      // Shopify has no ship date: the order's default (today + 2 days), as for a hand-made order.
      ship_date: { source: 'days_from_today', days: DEFAULT_SHIP_DAYS },
      sku: { source: 'column', column: 'Lineitem sku' },
      quantity: { source: 'column', column: 'Lineitem quantity' },
      notes: { source: 'column', column: 'Notes' },
    },
  },
  {
    // Amazon Seller Central → Orders → Order Reports → Unshipped orders (tab-separated .txt), one row per order item.
    id: 'amazon_unshipped_orders',
    name: 'Amazon unshipped orders report',
    signature: ['order-id', 'order-item-id', 'sku', 'quantity-to-ship', 'recipient-name'],
    mapping: {
      account_name: { source: 'current_account' },
      order_id: { source: 'column', column: 'order-id' },
      customer_name: { source: 'column', column: 'recipient-name' },
      ship_date: { source: 'column', column: 'promise-date' },
      sku: { source: 'column', column: 'sku' },
      quantity: { source: 'column', column: 'quantity-to-ship' },
    },
  },
];

/** The preset whose signature columns the file has, with its columns renamed to the file's own spelling. */
export function recognisePreset(columns: readonly string[]): { preset: ImportPreset; mapping: OrderMapping } | null {
  const byLoose = new Map(columns.map((name) => [looseName(name), name]));
  for (const preset of IMPORT_PRESETS) {
    if (!preset.signature.every((column) => byLoose.has(looseName(column)))) continue;
    const mapping: OrderMapping = {};
    for (const [field, source] of Object.entries(preset.mapping) as [
      keyof OrderMapping,
      OrderMapping[keyof OrderMapping],
    ][]) {
      if (!source) continue;
      if (source.source !== 'column') mapping[field] = source;
      else {
        const column = byLoose.get(looseName(source.column));
        // A column the shop sometimes leaves out (a report without promise-date) falls back to the default.
        if (column) mapping[field] = { source: 'column', column };
        else if (field === 'ship_date') mapping[field] = { source: 'days_from_today', days: DEFAULT_SHIP_DAYS };
      }
    }
    return { preset, mapping };
  }
  return null;
}
