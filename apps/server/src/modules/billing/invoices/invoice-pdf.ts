import type { Invoice } from '@wms/contract/invoices';
import { formatMoney, formatRate } from '@wms/contract/money';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const COLUMNS = { description: MARGIN, quantity: 330, rate: 400, amount: PAGE.width - MARGIN };

/** WinAnsi (the standard fonts' encoding) cannot draw every character: others become "?" rather than failing. */
const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u20AC]/g, '?');

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const termsText = (days: number) => (days === 0 ? 'due on receipt' : `net ${days} days`);

/** The logo (a PNG or JPEG data URL, checked when saved); an image pdf-lib cannot read is left out, not fatal. */
async function embedLogo(doc: PDFDocument, dataUrl: string): Promise<PDFImage | null> {
  const [head, data] = dataUrl.split(',', 2);
  if (!data) return null;
  const bytes = Buffer.from(data, 'base64');
  try {
    return head?.includes('image/png') ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    return null;
  }
}

/**
 * A large translucent word across the middle of the page. Horizontal on purpose: text extraction (and screen
 * readers) then read the whole word, where diagonal text comes out in pieces.
 */
function watermark(page: PDFPage, font: PDFFont, word: string) {
  const size = 160;
  const { width, height } = page.getSize();
  page.drawText(word, {
    x: (width - font.widthOfTextAtSize(word, size)) / 2,
    y: height / 2 - size / 3,
    size,
    font,
    color: rgb(0.85, 0.1, 0.1),
    opacity: 0.2,
  });
}

/**
 * The invoice as a PDF: account, period, number and status, then its lines grouped by charge type with
 * quantity, rate and amount, a subtotal per group and the total. It prints the stored lines: a finalized invoice's
 * PDF never changes. It is a document a client can pay — the issuer (billing settings, with the
 * logo), the bill-to account and its address, issue and due dates and the payment terms; a void one is stamped VOID.
 */
export async function invoicePdf(invoice: Invoice, logo: string | null = null): Promise<Uint8Array> {
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

  const top = y;
  let left = top;
  if (logo) {
    const image = await embedLogo(doc, logo);
    if (image) {
      const scaled = image.scaleToFit(160, 56);
      page.drawImage(image, { x: MARGIN, y: top - scaled.height + 12, width: scaled.width, height: scaled.height });
      left = top - scaled.height - 8;
    }
  }
  // The issuer (left, under the logo) and the document's identity and dates (right).
  y = left;
  if (invoice.issuer) {
    text(invoice.issuer.company_name, MARGIN, 12, bold);
    newLine(14);
    for (const line of lines(invoice.issuer.address)) {
      text(line, MARGIN, 9);
      newLine(12);
    }
    if (invoice.issuer.tax_id) {
      text(`Tax ID: ${invoice.issuer.tax_id}`, MARGIN, 9);
      newLine(12);
    }
  }
  const issuerBottom = y;
  y = top;
  text(invoice.status === 'draft' ? 'DRAFT INVOICE' : 'INVOICE', COLUMNS.amount, 20, bold, 'right');
  newLine(20);
  text(invoice.number ?? '', COLUMNS.amount, 12, bold, 'right');
  newLine(16);
  text(`Issue date: ${invoice.issued_on ?? 'not issued (draft)'}`, COLUMNS.amount, 9, font, 'right');
  newLine(12);
  text(`Due date: ${invoice.due_on ?? 'not issued (draft)'}`, COLUMNS.amount, 9, font, 'right');
  newLine(12);
  text(`Payment terms: ${termsText(invoice.payment_terms_days)}`, COLUMNS.amount, 9, font, 'right');
  newLine(12);
  y = Math.min(y, issuerBottom) - 12;

  text('Bill to', MARGIN, 9, bold);
  newLine(13);
  text(invoice.account_name, MARGIN, 11, bold);
  newLine(14);
  for (const line of lines(invoice.bill_to_address ?? '')) {
    text(line, MARGIN, 9);
    newLine(12);
  }
  newLine(8);
  text(`Period: ${invoice.period_from} to ${invoice.period_to}`, MARGIN, 10);
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
  if (invoice.status === 'finalized' && invoice.due_on) {
    newLine(20);
    text(`Please pay ${money(invoice.total_cents)} by ${invoice.due_on}, quoting ${invoice.number ?? ''}.`, MARGIN, 9);
  }
  // A void invoice must not be paid: every page carries a large VOID across it.
  if (invoice.status === 'void') for (const each of doc.getPages()) watermark(each, bold, 'VOID');
  return doc.save();
}
