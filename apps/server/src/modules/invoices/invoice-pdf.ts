import type { Invoice } from '@wms/contract/invoices';
import { formatMoney, formatRate } from '@wms/contract/money';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const COLUMNS = { description: MARGIN, quantity: 330, rate: 400, amount: PAGE.width - MARGIN };

/** WinAnsi (the standard fonts' encoding) cannot draw every character: others become "?" rather than failing. */
const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u20AC]/g, '?');

/**
 * The invoice as a PDF (issue 23): account, period, number and status, then its lines grouped by charge type with
 * quantity, rate and amount, a subtotal per group and the total. It prints the stored lines: a finalized invoice's
 * PDF never changes.
 */
export async function invoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(invoice.number ?? `Draft invoice ${invoice.id}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const text = (value: string, x: number, size = 10, f: PDFFont = font, align: 'left' | 'right' = 'left') => {
    const safe = printable(value);
    const width = f.widthOfTextAtSize(safe, size);
    page.drawText(safe, { x: align === 'right' ? x - width : x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  const newLine = (height: number) => {
    y -= height;
    if (y < MARGIN + 40) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  const money = (cents: number) => formatMoney(cents, invoice.currency, 'en-US');

  text(invoice.status === 'draft' ? 'DRAFT INVOICE' : 'INVOICE', MARGIN, 20, bold);
  text(invoice.number ?? '', COLUMNS.amount, 14, bold, 'right');
  newLine(28);
  text(`Account: ${invoice.account_name}`, MARGIN, 11);
  newLine(16);
  text(`Period: ${invoice.period_from} to ${invoice.period_to}`, MARGIN, 11);
  newLine(16);
  if (invoice.status === 'void') {
    text(`VOID: ${invoice.void_reason ?? ''}`, MARGIN, 11, bold);
    newLine(16);
  }
  newLine(12);
  text('Description', COLUMNS.description, 9, bold);
  text('Quantity', COLUMNS.quantity, 9, bold, 'right');
  text('Rate', COLUMNS.rate + 60, 9, bold, 'right');
  text('Amount', COLUMNS.amount, 9, bold, 'right');
  newLine(16);

  for (const group of invoice.groups) {
    text(group.label, MARGIN, 10, bold);
    newLine(14);
    for (const line of group.lines) {
      text(line.description.slice(0, 60), COLUMNS.description + 10, 9);
      text(String(line.quantity), COLUMNS.quantity, 9, font, 'right');
      text(formatRate(line.rate_micros, invoice.currency, 'en-US'), COLUMNS.rate + 60, 9, font, 'right');
      text(money(line.amount_cents), COLUMNS.amount, 9, font, 'right');
      newLine(13);
    }
    text(`Subtotal ${group.label}`, COLUMNS.quantity - 120, 9, bold);
    text(money(group.total_cents), COLUMNS.amount, 9, bold, 'right');
    newLine(20);
  }
  newLine(6);
  text('Total', COLUMNS.quantity - 120, 12, bold);
  text(money(invoice.total_cents), COLUMNS.amount, 12, bold, 'right');
  return doc.save();
}
