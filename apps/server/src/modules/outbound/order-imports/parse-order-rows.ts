import { QUANTITY_MAX } from '@wms/contract/inventory';
import {
  CUSTOMER_NAME_MAX,
  EXTERNAL_ORDER_ID_MAX,
  ORDER_CREATION_MESSAGES,
  ORDER_NOTES_MAX,
} from '@wms/contract/order-creation';
import { ORDER_IMPORT_COLUMNS, ORDER_IMPORT_MESSAGES, type OrderImportField } from '@wms/contract/order-imports';
import { withoutUnstorable } from '@wms/contract/text';
import { ORDER_PRIORITIES, type OrderPriority, WAVE_MESSAGES } from '@wms/contract/waves';
import { fieldError } from '../../../http/errors';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';

/** One product row as typed in the sheet, with its sheet row number. */
export interface OrderRow {
  row: number;
  accountName: string;
  orderId: string;
  customerName: string;
  shipDate: string;
  shipper: string;
  sku: string;
  quantity: number;
  notes: string;
  priority: OrderPriority;
  /** The row has errors of its own (already reported): its order is not created. */
  bad: boolean;
}

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** Ship dates as ISO text: 2026-12-01, or US 12/1/2026 and 12/1/26 (what Excel shows for a date cell). */
export function parseShipDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  let y: number;
  let m: number;
  let d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3]!.length === 2 ? `20${us[3]}` : us[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The sheet's rows as typed order rows; every problem of a row is collected (never only the first), so the summary
 * lists all bad rows at once. A missing required column stops the import before any row is read.
 */
export function parseOrderRows(sheet: ReadSheet): { rows: OrderRow[]; errors: { row: number; message: string }[] } {
  const index = new Map<OrderImportField, number>();
  const headers = sheet.header.map(normalise);
  for (const column of ORDER_IMPORT_COLUMNS) {
    const at = headers.indexOf(normalise(column.label));
    if (at >= 0) index.set(column.field, at);
  }
  const missing = ORDER_IMPORT_COLUMNS.filter((c) => c.required && !index.has(c.field)).map((c) => c.label);
  if (missing.length > 0) throw fieldError('file', ORDER_IMPORT_MESSAGES.missingColumns(missing));

  const rows: OrderRow[] = [];
  const errors: { row: number; message: string }[] = [];
  for (const { row, cells } of sheet.rows) {
    const cell = (field: OrderImportField) => {
      const at = index.get(field);
      // NUL and lone surrogates cannot be stored: dropped, like the blank cells around them.
      return at === undefined ? '' : withoutUnstorable(cells[at] ?? '');
    };
    const problems: string[] = [];
    const text = (field: OrderImportField, label: string, max: number, required?: string) => {
      const value = cell(field);
      if (required && value === '') problems.push(required);
      else if (value.length > max) problems.push(`${label} must be at most ${max} characters`);
      return value;
    };
    const accountName = text('account_name', 'Account Name', 255, 'Account Name is required');
    const orderId = text('order_id', 'Order ID', EXTERNAL_ORDER_ID_MAX, ORDER_CREATION_MESSAGES.orderIdRequired);
    const customerName = text(
      'customer_name',
      'Customer Name',
      CUSTOMER_NAME_MAX,
      ORDER_CREATION_MESSAGES.customerNameRequired,
    );
    const shipDateText = cell('ship_date');
    const shipDate = shipDateText === '' ? '' : parseShipDate(shipDateText);
    if (shipDateText === '') problems.push(ORDER_CREATION_MESSAGES.shipDateRequired);
    else if (shipDate === null) problems.push(`${ORDER_CREATION_MESSAGES.shipDateInvalid} (YYYY-MM-DD)`);
    const shipper = text('shipper', 'Shipper', 255);
    const sku = text('sku', 'SKU', 255, 'SKU is required');
    const quantityText = cell('quantity').replace(/,/g, '');
    const quantity = Number(quantityText);
    if (!/^\d+$/.test(quantityText) || quantity < 1 || quantity > QUANTITY_MAX) {
      problems.push(ORDER_CREATION_MESSAGES.quantityInvalid);
    }
    const notes = text('notes', 'Notes', ORDER_NOTES_MAX);
    const priorityText = cell('priority').trim().toLowerCase();
    const priority = priorityText === '' ? 'normal' : ORDER_PRIORITIES.find((p) => p === priorityText);
    if (!priority) problems.push(WAVE_MESSAGES.priorityInvalid);
    if (problems.length > 0) {
      errors.push({ row, message: problems.join('; ') });
      // The row still counts for its order (so the order is not created), when it names one.
      if (accountName === '' || orderId === '') continue;
    }
    rows.push({
      row,
      accountName,
      orderId,
      customerName,
      shipDate: shipDate ?? '',
      shipper,
      sku,
      quantity,
      notes,
      priority: priority ?? 'normal',
      bad: problems.length > 0,
    });
  }
  return { rows, errors };
}
