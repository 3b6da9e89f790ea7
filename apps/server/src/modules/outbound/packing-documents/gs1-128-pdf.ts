import bwipjs from 'bwip-js/node';
import { type PDFPage, rgb } from 'pdf-lib';

export interface BarBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A GS1-128 symbol drawn as vector bars: bwip-js encodes the element string (application identifiers in
 * parentheses, e.g. "(00)106141411234567897") with its leading FNC1, code sets and checksum; the bars fill the
 * box's width less a 10-module quiet zone each side, so they stay sharp at any printer resolution.
 */
export function drawGs1128(page: PDFPage, elementString: string, box: BarBox): void {
  const [symbol] = bwipjs.raw('gs1-128', elementString, '') as unknown as { sbs: number[] }[];
  const widths = symbol!.sbs;
  const modules = widths.reduce((a, b) => a + b, 0) + 20;
  const module = box.width / modules;
  let x = box.x + 10 * module;
  widths.forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x, y: box.y, width: w * module, height: box.height, color: rgb(0, 0, 0) });
    x += w * module;
  });
}
