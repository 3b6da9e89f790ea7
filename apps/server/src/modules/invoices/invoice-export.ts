import { chargeTypeLabel } from '@wms/contract/billing';
import type { Invoice } from '@wms/contract/invoices';
import { rateText } from '@wms/contract/money';
import { type Cell, type SheetFile, type SheetFormat, writeSheet } from '../../spreadsheets/write-sheet';

const HEADER = [
  'Invoice',
  'Account',
  'Period from',
  'Period to',
  'Charge type',
  'Description',
  'Quantity',
  'Rate',
  'Amount',
  'Evidence',
];

const centsText = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * The invoice's lines as CSV or XLSX, one row per line with its evidence references (`date kind #id reference ×qty`
 * joined by "; "), amounts as exact decimal text so no spreadsheet rounds them through floating point.
 */
export function invoiceSheet(invoice: Invoice, format: SheetFormat): SheetFile {
  const rows: Cell[][] = invoice.lines.map((line) => [
    invoice.number ?? `DRAFT-${invoice.id}`,
    invoice.account_name,
    invoice.period_from,
    invoice.period_to,
    chargeTypeLabel(line.charge_type),
    line.description,
    line.quantity,
    rateText(line.rate_micros),
    centsText(line.amount_cents),
    line.evidence
      .map((e) => `${e.date} ${e.kind}${e.id === null ? '' : ` #${e.id}`} ${e.reference} x${e.quantity}`)
      .join('; '),
  ]);
  rows.push(['', '', '', '', '', 'Total', null, null, centsText(invoice.total_cents), '']);
  return writeSheet(format, 'Invoice', HEADER, rows, invoice.number ?? `draft-invoice-${invoice.id}`);
}
