import { describe, expect, it } from 'vitest';
import { type PickListDocument, type PickListTask, pickListPdf } from '../src/modules/outbound/picking/pick-list-pdf';
import { pdfBarcodes } from './support/pdf-barcodes';
import { pdfText } from './support/pdf-text';

/** The renderer on its own, against the plain shape the wave service fills (the route's test reads a real wave). */
const task = (sequence: number, overrides: Partial<PickListTask> = {}): PickListTask => ({
  sequence,
  location: `A-0${1 + (sequence % 4)}-${String(sequence).padStart(2, '0')}-B`,
  sku: `SKU-${sequence}`,
  productName: `Widget ${sequence}`,
  barcode: `40000000${String(sequence).padStart(5, '0')}`,
  lot: `LOT-${2026}-${sequence}`,
  expiry: '2027-03-01',
  quantity: sequence,
  orders: [{ number: `SO-${1000 + sequence}`, tote: null, quantity: sequence }],
  ...overrides,
});

const document = (tasks: PickListTask[], overrides: Partial<PickListDocument> = {}): PickListDocument => ({
  number: 'WAVE-000123',
  mode: 'cluster',
  warehouse: 'Alpha DC',
  distance: 31.5,
  orderCount: 3,
  printedAt: new Date('2026-11-29T01:00:00Z'),
  tasks,
  ...overrides,
});

/** Every value a task prints as a barcode: location, product (its barcode, else the SKU) and lot when it has one. */
const taskBarcodes = (t: PickListTask) => [t.location, t.barcode ?? t.sku, ...(t.lot ? [t.lot] : [])];

describe('pick list PDF', () => {
  it('prints the wave barcode and, per task, location, product and lot barcodes that decode back to their values', async () => {
    const tasks = [
      task(1, {
        orders: [
          { number: 'SO-1', tote: 'T-01', quantity: 2 },
          { number: 'SO-2', tote: 'T-02', quantity: 1 },
        ],
        quantity: 3,
      }),
      task(2, { barcode: null }),
      task(3, { lot: null, expiry: null }),
    ];
    const pdf = await pickListPdf(document(tasks));
    const pages = pdfBarcodes(pdf);
    expect(pages).toHaveLength(1);
    expect([...pages[0]!].sort()).toEqual(['WAVE-000123', ...tasks.flatMap(taskBarcodes)].sort());
    // The values are readable too, with the quantities, the totes and the lot's expiry.
    const text = pdfText(Buffer.from(pdf));
    expect(text).toContain('Pick list WAVE-000123');
    expect(text).toContain('Estimated walk: 31.5 m');
    expect(text).toContain('SO-1 × 2 in tote T-01, SO-2 × 1 in tote T-02');
    expect(text).toContain('Lot (expires 2027-03-01)');
    expect(text).toContain('1. A-02-01-B SKU-1 Widget 1');
    expect(text).toContain('×3');
  });

  it('runs onto further pages in walk order, every barcode still decoding, each page numbered', async () => {
    const tasks = Array.from({ length: 12 }, (_, i) => task(i + 1));
    const pdf = await pickListPdf(document(tasks));
    const pages = pdfBarcodes(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat().sort()).toEqual(['WAVE-000123', ...tasks.flatMap(taskBarcodes)].sort());
    const text = pdfText(Buffer.from(pdf));
    expect(text).toContain(`WAVE-000123 · page ${pages.length} of ${pages.length}`);
    const order = tasks.map((t) => text.indexOf(`${t.sequence}. ${t.location}`));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });

  it('prints as text only what Code 128 cannot carry, and draws any name without failing', async () => {
    const pdf = await pickListPdf(
      document([task(1, { productName: 'Thé vert 绿茶 🍵', lot: 'LOT-é', barcode: 'x'.repeat(40) })]),
    );
    const [barcodes] = pdfBarcodes(pdf);
    expect([...barcodes!].sort()).toEqual(['A-02-01-B', 'WAVE-000123']);
    const text = pdfText(Buffer.from(pdf));
    expect(text).toContain('Thé vert ?? ??');
    expect(text).toContain('LOT-é');
  });
});
