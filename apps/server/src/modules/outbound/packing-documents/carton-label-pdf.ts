import { ssccText } from '@wms/contract/gs1';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { fitted } from '../../../files/pdf-text-fit';
import { drawGs1128 } from './gs1-128-pdf';
import { type CartonLabelDocument, formatWeight } from './packing-document-shapes';

const INCH = 72;
const WIDTH = 4 * INCH;
const HEIGHT = 6 * INCH;
const MARGIN = 14;
const INNER = WIDTH - 2 * MARGIN;
const INK = rgb(0, 0, 0);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A caption, then its lines, from the top y down; answers the y under the block. */
function block(
  page: PDFPage,
  fonts: Fonts,
  caption: string,
  lines: readonly string[],
  x: number,
  y: number,
  width: number,
  size: number,
) {
  page.drawText(caption, { x, y: y - 8, size: 7, font: fonts.regular, color: INK });
  let at = y - 10 - size;
  lines.slice(0, 5).forEach((line, i) => {
    page.drawText(fitted(i === 0 ? fonts.bold : fonts.regular, line, size, width), {
      x,
      y: at,
      size,
      font: i === 0 ? fonts.bold : fonts.regular,
      color: INK,
    });
    at -= size + 3;
  });
  return at;
}

const rule = (page: PDFPage, y: number) =>
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 1.2, color: INK });

/**
 * The GS1 logistic label of a carton on a 4×6 in page: ship-from and ship-to, the order and the client's reference,
 * carton n of m and its weight, then the SSCC as GS1-128 (AI 00) with its human-readable line, as GS1's logistic
 * label guideline places it (the SSCC symbol at the bottom).
 */
export async function cartonLabelPdf(label: CartonLabelDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Carton label ${label.sscc}`);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const page = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const half = (INNER - 10) / 2;
  const fromEnd = block(page, fonts, 'SHIP FROM', label.shipFrom, MARGIN, y, half, 8);
  const toEnd = block(page, fonts, 'SHIP TO', label.shipTo, MARGIN + half + 10, y, half, 11);
  y = Math.min(fromEnd, toEnd) - 4;
  rule(page, y);

  const facts: [string, string][] = [
    ['ORDER', label.orderNumber],
    ['PO / REFERENCE', label.reference ?? '—'],
  ];
  facts.forEach(([caption, value], i) => {
    const x = MARGIN + i * (half + 10);
    page.drawText(caption, { x, y: y - 10, size: 7, font: fonts.regular, color: INK });
    page.drawText(fitted(fonts.bold, value, 12, half), { x, y: y - 25, size: 12, font: fonts.bold, color: INK });
  });
  y -= 34;
  rule(page, y);
  page.drawText('CARTON', { x: MARGIN, y: y - 10, size: 7, font: fonts.regular, color: INK });
  page.drawText(`${label.cartonNumber} of ${label.cartonCount}`, {
    x: MARGIN,
    y: y - 32,
    size: 22,
    font: fonts.bold,
    color: INK,
  });
  page.drawText('WEIGHT', { x: MARGIN + half + 10, y: y - 10, size: 7, font: fonts.regular, color: INK });
  page.drawText(formatWeight(label.weightG), {
    x: MARGIN + half + 10,
    y: y - 32,
    size: 22,
    font: fonts.bold,
    color: INK,
  });
  y -= 42;
  rule(page, y);

  // The SSCC: caption, bars, then the human-readable line with the AI in parentheses.
  page.drawText('SSCC', { x: MARGIN, y: y - 12, size: 9, font: fonts.bold, color: INK });
  const human = ssccText(label.sscc);
  const humanSize = 13;
  const humanWidth = fonts.bold.widthOfTextAtSize(human, humanSize);
  page.drawText(human, { x: (WIDTH - humanWidth) / 2, y: MARGIN + 4, size: humanSize, font: fonts.bold, color: INK });
  const barsBottom = MARGIN + 4 + humanSize + 6;
  drawGs1128(page, `(00)${label.sscc}`, {
    x: MARGIN,
    y: barsBottom,
    width: INNER,
    height: Math.min(y - 22 - barsBottom, 110),
  });
  return pdf.save();
}
