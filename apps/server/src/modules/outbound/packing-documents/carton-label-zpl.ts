import { SSCC_AI, ssccText } from '@wms/contract/gs1';
import { type CartonLabelDocument, formatWeight } from './packing-document-shapes';
import { zplRule, zplStart, zplText } from './zpl-fields';

/** Lines of an address block, each under the previous. */
function addressBlock(
  x: number,
  y: number,
  caption: string,
  lines: readonly string[],
  height: number,
  maxChars: number,
) {
  return [
    zplText(x, y, 22, caption),
    ...lines.slice(0, 5).map((line, i) => zplText(x, y + 30 + i * (height + 8), height, line, maxChars)),
  ];
}

/**
 * The carton's GS1 logistic label in ZPL, laid out as its PDF (carton-label-pdf.ts): ship-from and ship-to,
 * order and reference, carton n of m, weight, and the SSCC as GS1-128. The SSCC symbol starts code set C (`>;`)
 * then FNC1 (`>8`), which makes it GS1-128 with AI 00 rather than plain Code 128 of the same digits.
 */
export function cartonLabelZpl(label: CartonLabelDocument): string {
  const half = 390;
  const parts = [
    zplStart(),
    ...addressBlock(24, 24, 'SHIP FROM', label.shipFrom, 24, 28),
    ...addressBlock(24 + half, 24, 'SHIP TO', label.shipTo, 32, 22),
    zplRule(250),
    zplText(24, 270, 22, 'ORDER'),
    zplText(24, 300, 40, label.orderNumber, 18),
    zplText(24 + half, 270, 22, 'PO / REFERENCE'),
    zplText(24 + half, 300, 40, label.reference ?? '-', 18),
    zplRule(360),
    zplText(24, 380, 22, 'CARTON'),
    zplText(24, 410, 72, `${label.cartonNumber} of ${label.cartonCount}`, 12),
    zplText(24 + half, 380, 22, 'WEIGHT'),
    zplText(24 + half, 410, 72, formatWeight(label.weightG), 12),
    zplRule(510),
    zplText(24, 540, 30, 'SSCC'),
    // 4-dot modules: 156 modules × 4 = 624 dots, centred on the 812-dot label with quiet zones either side.
    `^FO94,620^BY4^BCN,380,N,N,N^FD>;>8${SSCC_AI}${label.sscc}^FS`,
    zplText(150, 1030, 44, ssccText(label.sscc)),
    '^XZ',
  ];
  return parts.join('\n');
}
