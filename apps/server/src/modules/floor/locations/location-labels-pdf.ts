import type { LabelLayout } from '@wms/contract/locations';
import bwipjs from 'bwip-js/node';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** Points per inch and per millimetre (PDF user space). */
const INCH = 72;
const MM = 72 / 25.4;

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface SheetLayout {
  page: [number, number];
  columns: number;
  rows: number;
  marginX: number;
  marginY: number;
}

/** 3×8 sheets (24 labels, e.g. Avery L7159 on A4 and its Letter counterparts): margins of the common stock. */
const SHEETS: Record<Exclude<LabelLayout, '4x6'>, SheetLayout> = {
  'sheet-a4': { page: [210 * MM, 297 * MM], columns: 3, rows: 8, marginX: 7 * MM, marginY: 13 * MM },
  'sheet-letter': { page: [8.5 * INCH, 11 * INCH], columns: 3, rows: 8, marginX: 0.2 * INCH, marginY: 0.5 * INCH },
};

/** Labels on one page for a layout (1 for 4×6). */
export const labelsPerPage = (layout: LabelLayout): number =>
  layout === '4x6' ? 1 : SHEETS[layout].columns * SHEETS[layout].rows;

/**
 * Code 128 bars from bwip-js (the encoder: start/stop, code sets, checksum) drawn as vector rectangles, so the bars
 * stay sharp at any printer resolution. `sbs` alternates bar and space widths in modules, starting with a bar.
 */
export function drawCode128(page: PDFPage, text: string, box: LabelBox): void {
  const [symbol] = bwipjs.raw('code128', text, '') as unknown as { sbs: number[] }[];
  const widths = symbol!.sbs;
  const modules = widths.reduce((a, b) => a + b, 0) + 20; // 10 modules of quiet zone each side
  const module = box.width / modules;
  let x = box.x + 10 * module;
  widths.forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x, y: box.y, width: w * module, height: box.height, color: rgb(0, 0, 0) });
    x += w * module;
  });
}

/** The code in the largest bold text that fits the box, centred. */
function drawCode(page: PDFPage, font: PDFFont, text: string, box: LabelBox, maxSize: number): void {
  const size = Math.min(maxSize, box.width / font.widthOfTextAtSize(text, 1), box.height / font.heightAtSize(1));
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: box.x + (box.width - width) / 2, y: box.y, size, font, color: rgb(0, 0, 0) });
}

function drawLabel(page: PDFPage, fonts: { bold: PDFFont; regular: PDFFont }, label: LabelText, box: LabelBox) {
  const pad = Math.min(box.width, box.height) * 0.08;
  const inner = { x: box.x + pad, y: box.y + pad, width: box.width - 2 * pad, height: box.height - 2 * pad };
  // Top 40 %: the code in large text; then the barcode; a small caption with zone and type at the bottom.
  const caption = inner.height * 0.1;
  drawCode(
    page,
    fonts.bold,
    label.code,
    { ...inner, y: inner.y + inner.height * 0.6, height: inner.height * 0.36 },
    140,
  );
  drawCode128(page, label.code, { ...inner, y: inner.y + caption * 1.4, height: inner.height * 0.44 });
  const small = Math.min(caption, 12);
  page.drawText(label.caption, { x: inner.x, y: inner.y, size: small, font: fonts.regular, color: rgb(0.2, 0.2, 0.2) });
}

export interface LabelText {
  code: string;
  caption: string;
}

/** A PDF of location labels: one 4×6 in label per page, or A4/Letter sheets of 3×8. */
export async function locationLabelsPdf(labels: readonly LabelText[], layout: LabelLayout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Location labels');
  const fonts = {
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    regular: await pdf.embedFont(StandardFonts.Helvetica),
  };
  if (layout === '4x6') {
    for (const label of labels) {
      const page = pdf.addPage([4 * INCH, 6 * INCH]);
      // Portrait 4×6 (thermal printers feed it so): the code across the width, bars below it.
      drawLabel(page, fonts, label, { x: 0, y: 0, width: 4 * INCH, height: 6 * INCH });
    }
  } else {
    const sheet = SHEETS[layout];
    const [pageWidth, pageHeight] = sheet.page;
    const width = (pageWidth - 2 * sheet.marginX) / sheet.columns;
    const height = (pageHeight - 2 * sheet.marginY) / sheet.rows;
    const perPage = sheet.columns * sheet.rows;
    let page: PDFPage | undefined;
    labels.forEach((label, index) => {
      const slot = index % perPage;
      if (slot === 0) page = pdf.addPage(sheet.page);
      const column = slot % sheet.columns;
      const row = Math.floor(slot / sheet.columns);
      const box = {
        x: sheet.marginX + column * width,
        y: pageHeight - sheet.marginY - (row + 1) * height,
        width,
        height,
      };
      drawLabel(page!, fonts, label, box);
    });
  }
  return pdf.save();
}
