import type { Inventory } from '@wms/contract/inventory';
import { EXPORT_MAX_ROWS } from '@wms/contract/products';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { fileTimestamp, type SheetFile, type SheetFormat, writeSheet } from '../../../spreadsheets/write-sheet';
import { type InventoryFilter, listInventoriesForExport } from './inventory-repository';

const HEADER = [
  'ID',
  'SKU',
  'Product Name',
  'Account',
  'Warehouse',
  'Warehouse Code',
  'On Hand',
  'Reserved',
  // On hand but not available: Available = On Hand − Reserved − Quarantined.
  'Quarantined',
  'Available',
  'Stock Status',
  'Verified',
  'Updated At',
];

const STATUS_LABELS = { in_stock: 'In Stock', low_stock: 'Low Stock', out_of_stock: 'Out of Stock' } as const;

const exportRow = (i: Inventory) => [
  i.id,
  i.product.sku,
  i.product.name,
  i.account_name,
  i.warehouse.name,
  i.warehouse.code,
  i.quantity_on_hand,
  i.quantity_reserved,
  i.quantity_quarantined,
  i.quantity_available,
  STATUS_LABELS[i.stock_status],
  i.verified ? 'Yes' : 'No',
  i.updated_at,
];

export async function exportInventories(
  db: Executor,
  scope: Scope,
  filter: InventoryFilter,
  format: SheetFormat,
): Promise<SheetFile> {
  const rows = await listInventoriesForExport(db, scope, filter, EXPORT_MAX_ROWS);
  return writeSheet(format, 'Inventory', HEADER, rows.map(exportRow), `inventories_${fileTimestamp()}`);
}
