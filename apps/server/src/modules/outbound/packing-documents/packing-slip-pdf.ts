import { ssccText } from '@wms/contract/gs1';
import {
  type PDFDocument as Doc,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import { fitted, printable, wrapped } from '../../../files/pdf-text-fit';
import { drawCode128 } from '../../floor/locations/locations-api';
import {
  type AccountLogo,
  type DocumentLine,
  formatWeight,
  type PackingSlipDocument,
  type SlipLayout,
} from './packing-document-shapes';

interface Geometry {
  page: [number, number];
  margin: number;
  /** Body text size; headings scale from it. */
  size: number;
  logo: { width: number; height: number };
  barcodeWidth: number;
}

const INCH = 72;
const GEOMETRY: Record<SlipLayout, Geometry> = {
  a4: { page: [595.28, 841.89], margin: 40, size: 9.5, logo: { width: 150, height: 56 }, barcodeWidth: 190 },
  letter: { page: [8.5 * INCH, 11 * INCH], margin: 40, size: 9.5, logo: { width: 150, height: 56 }, barcodeWidth: 190 },
  '4x6': { page: [4 * INCH, 6 * INCH], margin: 14, size: 7, logo: { width: 80, height: 30 }, barcodeWidth: 120 },
};

const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);

/** The account's logo, or null when its bytes do not embed (the slip still prints, without the picture). */
async function embedLogo(pdf: Doc, logo: AccountLogo | null): Promise<PDFImage | null> {
  if (!logo) return null;
  try {
    return logo.type === 'png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  } catch {
    return null;
  }
}

/** Table columns as fractions of the inner width: SKU, product, lot, quantity. */
const COLUMNS = [0.22, 0.48, 0.2, 0.1] as const;

/**
 * The packing slip of an order: the account's name and logo, the order number (also as Code 128, so the packing
 * station can scan the slip) and the client's reference, ship-from and ship-to, then the items per carton (SKU,
 * product, lot, quantity) with each closed carton's SSCC and weight, the units not in a carton, and the order's
 * notes. One template for A4, Letter and 4×6 in; long orders run onto further pages, each numbered.
 */
export async function packingSlipPdf(slip: PackingSlipDocument, layout: SlipLayout): Promise<Uint8Array> {
  const g = GEOMETRY[layout];
  const [pageWidth, pageHeight] = g.page;
  const inner = pageWidth - 2 * g.margin;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Packing slip ${slip.orderNumber}`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const logo = await embedLogo(pdf, slip.logo);
  const line = g.size * 1.35;

  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = (continued: boolean) => {
    page = pdf.addPage(g.page);
    pages.push(page);
    y = pageHeight - g.margin;
    if (continued) {
      text(`Packing slip ${slip.orderNumber} (continued)`, g.margin, g.size, bold);
      y -= line * 1.5;
    }
  };
  /** Room for `height` more points on this page, else a new one. */
  const ensure = (height: number) => {
    if (y - height < g.margin + line) newPage(true);
  };
  const text = (value: string, x: number, size: number, font: PDFFont = regular, width = inner, color = INK) =>
    page.drawText(fitted(font, value, size, width), { x, y: y - size, size, font, color });

  newPage(false);
  // Header: logo and account name on the left, the order's barcode on the right.
  const barHeight = g.size * 4;
  const right = pageWidth - g.margin - g.barcodeWidth;
  drawCode128(page, printable(slip.orderNumber), {
    x: right,
    y: y - barHeight,
    width: g.barcodeWidth,
    height: barHeight,
  });
  let headerBottom = y - barHeight - g.size * 1.6;
  page.drawText(fitted(regular, slip.orderNumber, g.size, g.barcodeWidth), {
    x: right + g.barcodeWidth * 0.06,
    y: y - barHeight - g.size * 1.3,
    size: g.size,
    font: regular,
    color: INK,
  });
  const leftWidth = right - g.margin - 10;
  let leftY = y;
  if (logo) {
    const scale = Math.min(g.logo.width / logo.width, g.logo.height / logo.height);
    const h = logo.height * scale;
    page.drawImage(logo, { x: g.margin, y: leftY - h, width: logo.width * scale, height: h });
    leftY -= h + g.size * 0.6;
  }
  const nameSize = g.size * 1.6;
  page.drawText(fitted(bold, slip.accountName, nameSize, leftWidth), {
    x: g.margin,
    y: leftY - nameSize,
    size: nameSize,
    font: bold,
    color: INK,
  });
  leftY -= nameSize * 1.3;
  page.drawText('Packing slip', { x: g.margin, y: leftY - g.size, size: g.size, font: regular, color: GREY });
  leftY -= line;
  headerBottom = Math.min(headerBottom, leftY);
  y = headerBottom - line * 0.5;

  // Facts, then ship-to.
  const facts = [
    `Order ${slip.orderNumber}`,
    `Your reference ${slip.externalId}`,
    `Ship from ${slip.warehouse}`,
    `Printed ${slip.printedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  ];
  const half = (inner - 10) / 2;
  const factsTop = y;
  for (const fact of facts) {
    text(fact, g.margin, g.size, regular, half);
    y -= line;
  }
  const factsBottom = y;
  y = factsTop;
  const shipToX = g.margin + half + 10;
  page.drawText('Ship to', { x: shipToX, y: y - g.size, size: g.size, font: regular, color: GREY });
  y -= line;
  slip.shipTo.forEach((shipLine, i) => {
    page.drawText(fitted(i === 0 ? bold : regular, shipLine, g.size, half), {
      x: shipToX,
      y: y - g.size,
      size: g.size,
      font: i === 0 ? bold : regular,
      color: INK,
    });
    y -= line;
  });
  y = Math.min(y, factsBottom) - line * 0.5;

  const columnX: number[] = [];
  COLUMNS.forEach((_, i) => {
    columnX.push(i === 0 ? g.margin : columnX[i - 1]! + COLUMNS[i - 1]! * inner);
  });
  const tableHeader = () => {
    ['SKU', 'Product', 'Lot', 'Qty'].forEach((title, i) => {
      const x = i === 3 ? g.margin + inner - bold.widthOfTextAtSize(title, g.size) : columnX[i]!;
      page.drawText(title, { x, y: y - g.size, size: g.size, font: bold, color: GREY });
    });
    y -= line;
    page.drawLine({
      start: { x: g.margin, y: y + 2 },
      end: { x: g.margin + inner, y: y + 2 },
      thickness: 0.5,
      color: GREY,
    });
  };
  const row = (item: DocumentLine) => {
    ensure(line);
    const cells = [item.sku, item.name, item.lot ?? '—'];
    cells.forEach((cell, i) => {
      text(cell, columnX[i]!, g.size, regular, COLUMNS[i]! * inner - 4);
    });
    const quantity = String(item.quantity);
    page.drawText(quantity, {
      x: g.margin + inner - regular.widthOfTextAtSize(quantity, g.size),
      y: y - g.size,
      size: g.size,
      font: regular,
      color: INK,
    });
    y -= line;
  };
  const section = (title: string, items: readonly DocumentLine[]) => {
    ensure(line * 4);
    y -= line * 0.4;
    text(title, g.margin, g.size * 1.15, bold);
    y -= line * 1.2;
    tableHeader();
    for (const item of items) row(item);
  };

  const count = slip.cartons.length;
  for (const carton of slip.cartons) {
    const units = carton.lines.reduce((sum, l) => sum + l.quantity, 0);
    const parts = [`Carton ${carton.number} of ${count}`, `${units} units`];
    if (carton.weightG !== null) parts.push(formatWeight(carton.weightG));
    if (carton.sscc) parts.push(`SSCC ${ssccText(carton.sscc)}`);
    section(parts.join(' · '), carton.lines);
  }
  if (slip.unpacked.length > 0) section(count > 0 ? 'Not in a carton' : 'Items', slip.unpacked);

  if (slip.notes?.trim()) {
    const notes = wrapped(regular, slip.notes.replace(/\s+/g, ' ').trim(), g.size, inner);
    ensure(line * 2);
    y -= line * 0.5;
    text('Notes', g.margin, g.size, bold);
    y -= line;
    for (const note of notes) {
      ensure(line);
      text(note, g.margin, g.size);
      y -= line;
    }
  }

  pages.forEach((p, i) => {
    const footer = `${printable(slip.orderNumber)} · page ${i + 1} of ${pages.length}`;
    p.drawText(footer, { x: g.margin, y: g.margin / 2, size: g.size * 0.8, font: regular, color: GREY });
  });
  return pdf.save();
}
