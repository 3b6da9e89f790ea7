import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import { type SheetFile, writeSheet } from '../../spreadsheets/write-sheet';

/** GET /orders/template: the columns the import reads and one example order of two rows (two products). */
export function orderTemplate(today = new Date()): SheetFile {
  const date = today.toISOString().slice(0, 10);
  const header = ORDER_IMPORT_COLUMNS.map((c) => c.label);
  const rows = [
    ['Your Account Name', 'PO-1001', 'Jane Smith', date, 'UPS', 'SKU-1001', 2, 'Leave at the front desk'],
    ['Your Account Name', 'PO-1001', 'Jane Smith', date, 'UPS', 'SKU-1002', 1, ''],
  ];
  return writeSheet('xlsx', 'Orders', header, rows, `orders_template_${date}`);
}
