import { chargeTypeLabel } from '@wms/contract/billing';
import type { Invoice } from '@wms/contract/invoices';
import { rateText } from '@wms/contract/money';
import { type Cell, type SheetFile, type SheetFormat, writeSheet } from '../../../spreadsheets/write-sheet';

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
  'Evidence date',
  'Evidence kind',
  'Evidence id',
  'Evidence reference',
  'Evidence quantity',
];

const centsText = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * The invoice's lines as CSV or XLSX: each line's row (quantity, rate, amount), then one row per fact it was
 * derived from (evidence date, kind, id, reference, quantity), carrying the line's charge type and description so a
 * filter on either keeps a line with its facts. Facts get rows of their own, not one joined cell: a busy month's
 * line has 100 000 of them, and an XLSX cell holds at most 32 767 characters. Amounts appear on line rows only, so
 * the Amount column still sums to the total, as exact decimal text no spreadsheet rounds through floating point.
 */
export function invoiceSheet(invoice: Invoice, format: SheetFormat): SheetFile {
  const head = [invoice.number ?? `DRAFT-${invoice.id}`, invoice.account_name, invoice.period_from, invoice.period_to];
  const rows: Cell[][] = invoice.lines.flatMap((line) => {
    const charge = [...head, chargeTypeLabel(line.charge_type), line.description];
    return [
      [
        ...charge,
        line.quantity,
        rateText(line.rate_micros),
        centsText(line.amount_cents),
        null,
        null,
        null,
        null,
        null,
      ],
      ...line.evidence.map((e) => [...charge, null, null, null, e.date, e.kind, e.id, e.reference, e.quantity]),
    ];
  });
  rows.push(['', '', '', '', '', 'Total', null, null, centsText(invoice.total_cents), null, null, null, null, null]);
  return writeSheet(format, 'Invoice', HEADER, rows, invoice.number ?? `draft-invoice-${invoice.id}`);
}
