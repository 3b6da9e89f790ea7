import { ssccText } from '@wms/contract/gs1';
import { type DocumentLine, formatWeight, type PackingSlipDocument } from './packing-document-shapes';
import { ZPL_LABEL, zplCode128, zplRule, zplStart, zplText } from './zpl-fields';

const LINE = 34;
const BODY = 26;
const FIRST_ROW = 430;
const CONTINUED_ROW = 110;
const LAST_ROW = ZPL_LABEL.height - 80;

type Row = { kind: 'heading' | 'item'; text: string };

const itemText = (item: DocumentLine) =>
  `${item.quantity} x ${item.sku} ${item.name}${item.lot ? ` (lot ${item.lot})` : ''}`;

/**
 * The packing slip as a 4×6 in ZPL text layout, for stations whose only printer is a label printer: the account,
 * the order number as Code 128, ship-to, then the items per carton and the notes, running onto further labels
 * (each numbered) when they do not fit. The logo is left out: a thermal label prints it poorly and the PDF slip has it.
 */
export function packingSlipZpl(slip: PackingSlipDocument): string {
  const rows: Row[] = [];
  const count = slip.cartons.length;
  for (const carton of slip.cartons) {
    const parts = [`Carton ${carton.number} of ${count}`];
    if (carton.weightG !== null) parts.push(formatWeight(carton.weightG));
    if (carton.sscc) parts.push(ssccText(carton.sscc));
    rows.push({ kind: 'heading', text: parts.join(' - ') });
    for (const item of carton.lines) rows.push({ kind: 'item', text: itemText(item) });
  }
  if (slip.unpacked.length > 0) {
    rows.push({ kind: 'heading', text: count > 0 ? 'Not in a carton' : 'Items' });
    for (const item of slip.unpacked) rows.push({ kind: 'item', text: itemText(item) });
  }
  if (slip.notes?.trim()) {
    rows.push({ kind: 'heading', text: 'Notes' });
    const words = slip.notes.replace(/\s+/g, ' ').trim();
    for (let at = 0; at < words.length; at += 48) rows.push({ kind: 'item', text: words.slice(at, at + 48) });
  }

  const labels: string[][] = [];
  let label: string[] = [];
  let y = FIRST_ROW;
  const start = (first: boolean) => {
    label = [zplStart()];
    labels.push(label);
    if (first) {
      label.push(
        zplText(24, 24, 44, slip.accountName, 30),
        zplText(24, 78, 24, `Packing slip - ship from ${slip.warehouse}`, 52),
        zplText(24, 112, 30, `Order ${slip.orderNumber}`, 40),
        zplText(24, 148, 24, `Your reference ${slip.externalId}`, 52),
        zplCode128(24, 182, 90, slip.orderNumber),
        zplText(24, 292, 22, 'SHIP TO'),
        ...slip.shipTo.slice(0, 3).map((line, i) => zplText(24, 320 + i * 30, 26, line, 50)),
        zplRule(FIRST_ROW - 14),
      );
      y = FIRST_ROW;
    } else {
      label.push(zplText(24, 24, 30, `Packing slip ${slip.orderNumber} (continued)`, 44), zplRule(CONTINUED_ROW - 14));
      y = CONTINUED_ROW;
    }
  };
  start(true);
  for (const row of rows) {
    if (y + LINE > LAST_ROW) start(false);
    label.push(zplText(24, y, row.kind === 'heading' ? 28 : BODY, row.text, row.kind === 'heading' ? 46 : 52));
    y += row.kind === 'heading' ? LINE + 6 : LINE;
  }
  return labels
    .map((parts, i) =>
      [
        ...parts,
        zplText(24, ZPL_LABEL.height - 50, 22, `${slip.orderNumber} - label ${i + 1} of ${labels.length}`),
        '^XZ',
      ].join('\n'),
    )
    .join('\n');
}
