import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import type { Executor } from '../../../db/client';
import { type SheetFile, writeSheet } from '../../../spreadsheets/write-sheet';
import { firstActiveShipperName } from './order-import-repository';

/**
 * GET /orders/template: the columns the import reads and one example order of two rows (two products). The
 * sample's shipper is one the import accepts here (the first active shipper), or blank when there is none: a
 * made-up carrier ('UPS') made the unchanged template fail with "Shipper not found".
 */
export async function orderTemplateFor(db: Executor, today = new Date()): Promise<SheetFile> {
  return orderTemplate((await firstActiveShipperName(db)) ?? '', today);
}

export function orderTemplate(shipper: string, today = new Date()): SheetFile {
  const date = today.toISOString().slice(0, 10);
  const header = ORDER_IMPORT_COLUMNS.map((c) => c.label);
  const rows = [
    ['Your Account Name', 'PO-1001', 'Jane Smith', date, shipper, 'SKU-1001', 2, 'Leave at the front desk', 'normal'],
    ['Your Account Name', 'PO-1001', 'Jane Smith', date, shipper, 'SKU-1002', 1, '', 'normal'],
  ];
  return writeSheet('xlsx', 'Orders', header, rows, `orders_template_${date}`);
}
