import { ORDER_CREATION_MESSAGES as C } from '@wms/contract/order-creation';
import type { ImportSummary, OrderImportField } from '@wms/contract/order-imports';

/**
 * Which field a message of the order import is about. The import (parse-order-rows.ts, order-import-service.ts)
 * speaks of our template's columns; a client who uploaded a shop's export needs the column of THEIR file, so the
 * messages of a mapped import get it appended. The unit test feeds every message the import can give through here.
 */
const FIELD_OF_MESSAGE: [OrderImportField, (text: string) => boolean][] = [
  ['account_name', (t) => t.startsWith('Account Name ') || t.startsWith("Account '") || t.startsWith("Account name '")],
  ['order_id', (t) => t === C.orderIdRequired || t.startsWith('Order ID ')],
  ['customer_name', (t) => t === C.customerNameRequired || t.startsWith('Customer Name ')],
  ['ship_date', (t) => t === C.shipDateRequired || t.startsWith(C.shipDateInvalid)],
  ['shipper', (t) => t.startsWith('Shipper ')],
  ['sku', (t) => t.startsWith('SKU ')],
  ['quantity', (t) => t === C.quantityInvalid],
  ['notes', (t) => t.startsWith('Notes ')],
];

/** "Row 7: SKU 'X' not found…; Please enter a valid quantity" → each problem names its column of the file. */
export function nameFileColumn(message: string, fileColumns: Partial<Record<OrderImportField, string>>): string {
  const match = /^(Rows? [\d, ]+: )(.*)$/s.exec(message);
  if (!match) return message;
  const problems = match[2]!.split('; ').map((problem) => {
    const field = FIELD_OF_MESSAGE.find(([, test]) => test(problem))?.[0];
    const column = field ? fileColumns[field] : undefined;
    return column ? `${problem} (column '${column}')` : problem;
  });
  return `${match[1]}${problems.join('; ')}`;
}

/** The import's summary with the file's column names in its row messages (warnings are about whole orders). */
export function withFileColumns<T extends { summary: ImportSummary }>(
  answer: T,
  fileColumns: Partial<Record<OrderImportField, string>>,
): T {
  const errors = answer.summary.errors.map((e) => nameFileColumn(e, fileColumns));
  return { ...answer, summary: { ...answer.summary, errors } };
}
