import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { fitted, printable, wrapped } from '../../../files/pdf-text-fit';
import { drawCode128 } from '../../floor/locations/locations-api';

/**
 * The printable pick list of a wave, for paper picking: the wave's number as a barcode, then its tasks in walk
 * order, each with the location, the product and the lot as barcodes a handheld can scan off the sheet, the
 * quantity, and which orders (or totes) the units go to. The renderer takes a plain shape so it does not depend on
 * how waves are stored.
 */
export interface PickListOrderShare {
  number: string;
  /** The order's tote in cluster mode, once the picker put one on the cart. */
  tote: string | null;
  quantity: number;
}

export interface PickListTask {
  /** Position in the walk, from 1. */
  sequence: number;
  location: string;
  sku: string;
  productName: string;
  /** The product's barcode; the SKU is printed as its barcode when the product has none. */
  barcode: string | null;
  lot: string | null;
  expiry: string | null;
  quantity: number;
  orders: readonly PickListOrderShare[];
}

export interface PickListDocument {
  number: string;
  mode: string;
  warehouse: string;
  /** Estimated walking distance in metres, when known. */
  distance: number | null;
  orderCount: number;
  printedAt: Date;
  tasks: readonly PickListTask[];
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 36;
const INNER = PAGE.width - 2 * MARGIN;
const BAR_HEIGHT = 30;
const BAR_GAP = 8;
const BAR_WIDTH = (INNER - 2 * BAR_GAP) / 3;
const ORDERS_SIZE = 8.5;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);

/**
 * Whether a value can be printed as Code 128 (printable ASCII, short enough to keep bars a scanner resolves at a
 * column's width); anything else is printed as text only.
 */
export const barcodeable = (value: string | null): value is string =>
  value !== null && value.length > 0 && value.length <= 32 && /^[\x20-\x7E]+$/.test(value);

const share = (order: PickListOrderShare) =>
  `${order.number} × ${order.quantity}${order.tote ? ` in tote ${order.tote}` : ''}`;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A barcode with its value in small text under the bars (what a picker keys in when the scan fails). */
function barcodeCell(page: PDFPage, fonts: Fonts, caption: string, value: string | null, x: number, y: number) {
  page.drawText(caption, { x, y: y + BAR_HEIGHT + 12, size: 7, font: fonts.regular, color: GREY });
  if (barcodeable(value)) drawCode128(page, value, { x, y: y + 10, width: BAR_WIDTH, height: BAR_HEIGHT });
  const text = value === null ? '—' : fitted(fonts.regular, value, 8, BAR_WIDTH);
  page.drawText(text, { x: x + 4, y: y + 1, size: 8, font: fonts.regular, color: INK });
}

export async function pickListPdf(doc: PickListDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Pick list ${doc.number}`);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    y = PAGE.height - MARGIN;
  };

  // Header: the wave barcode (scanned to open the wave on a handheld) and what the sheet covers.
  newPage();
  page.drawText(`Pick list ${printable(doc.number)}`, { x: MARGIN, y: y - 18, size: 18, font: fonts.bold });
  const units = doc.tasks.reduce((sum, task) => sum + task.quantity, 0);
  const facts = [
    `Mode: ${doc.mode}`,
    `Warehouse: ${doc.warehouse}`,
    `${doc.orderCount} orders · ${doc.tasks.length} tasks · ${units} units`,
    doc.distance === null ? null : `Estimated walk: ${doc.distance} m`,
    `Printed ${doc.printedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  ].filter((line): line is string => line !== null);
  facts.forEach((line, i) => {
    page.drawText(fitted(fonts.regular, line, 9, INNER - 230), {
      x: MARGIN,
      y: y - 36 - i * 12,
      size: 9,
      font: fonts.regular,
    });
  });
  if (barcodeable(doc.number)) {
    drawCode128(page, doc.number, { x: PAGE.width - MARGIN - 220, y: y - 70, width: 220, height: 50 });
  }
  y -= 36 + Math.max(facts.length * 12, 40) + 12;

  for (const task of doc.tasks) {
    const orders = wrapped(fonts.regular, `Orders: ${task.orders.map(share).join(', ')}`, ORDERS_SIZE, INNER);
    const rowHeight = 18 + BAR_HEIGHT + 24 + orders.length * 11 + 10;
    if (y - rowHeight < MARGIN + 16) {
      newPage();
      page.drawText(`Pick list ${printable(doc.number)} (continued)`, {
        x: MARGIN,
        y: y - 10,
        size: 10,
        font: fonts.bold,
      });
      y -= 24;
    }
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: GREY });
    const quantity = `× ${task.quantity}`;
    const quantityWidth = fonts.bold.widthOfTextAtSize(quantity, 16);
    const title = `${task.sequence}.  ${task.location}   ${task.sku}  ${task.productName}`;
    page.drawText(fitted(fonts.bold, title, 11, INNER - quantityWidth - 12), {
      x: MARGIN,
      y: y - 15,
      size: 11,
      font: fonts.bold,
    });
    page.drawText(quantity, { x: PAGE.width - MARGIN - quantityWidth, y: y - 16, size: 16, font: fonts.bold });
    const barsY = y - 18 - BAR_HEIGHT - 24;
    barcodeCell(page, fonts, 'Location', task.location, MARGIN, barsY);
    barcodeCell(page, fonts, 'Product', task.barcode ?? task.sku, MARGIN + BAR_WIDTH + BAR_GAP, barsY);
    const lotCaption = task.expiry ? `Lot (expires ${task.expiry})` : 'Lot';
    barcodeCell(page, fonts, lotCaption, task.lot, MARGIN + 2 * (BAR_WIDTH + BAR_GAP), barsY);
    orders.forEach((line, i) => {
      page.drawText(line, { x: MARGIN, y: barsY - 12 - i * 11, size: ORDERS_SIZE, font: fonts.regular, color: INK });
    });
    y -= rowHeight;
  }

  pages.forEach((p, i) => {
    const footer = `${printable(doc.number)} · page ${i + 1} of ${pages.length}`;
    p.drawText(footer, { x: MARGIN, y: MARGIN - 16, size: 8, font: fonts.regular, color: GREY });
  });
  return pdf.save();
}
