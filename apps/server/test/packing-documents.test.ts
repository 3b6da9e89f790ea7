import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSscc, ssccText } from '@wms/contract/gs1';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  type CartonLabelDocument,
  cartonLabelPdf,
  cartonLabelZpl,
  type DocumentLine,
  type PackingSlipDocument,
  packingSlipPdf,
  packingSlipZpl,
} from '../src/modules/outbound/packing-documents/packing-documents-api';
import { pdfSymbols, zplSymbols } from './support/barcode-symbols';
import { png } from './support/images';
import { pdfText } from './support/pdf-text';

/** The renderers on their own, against the plain shapes the document routes fill (the routes' tests read real orders). */
const SSCC = buildSscc(0, '0614141', 123456789);
const SSCC_2 = buildSscc(0, '0614141', 123456790);

const label = (overrides: Partial<CartonLabelDocument> = {}): CartonLabelDocument => ({
  sscc: SSCC,
  shipFrom: ['Alpha DC', '1 Dock Road', 'Springfield'],
  shipTo: ['Jane Customer'],
  orderNumber: 'ORD-000123',
  reference: 'PO-778',
  cartonNumber: 1,
  cartonCount: 2,
  weightG: 1250,
  ...overrides,
});

const line = (n: number, overrides: Partial<DocumentLine> = {}): DocumentLine => ({
  sku: `SKU-${n}`,
  name: `Widget ${n}`,
  quantity: n,
  lot: n % 2 === 0 ? `LOT-${n}` : null,
  ...overrides,
});

const slip = (overrides: Partial<PackingSlipDocument> = {}): PackingSlipDocument => ({
  accountName: 'Acme Goods',
  logo: null,
  warehouse: 'Alpha DC',
  orderNumber: 'ORD-000123',
  externalId: 'SHOP-9001',
  shipTo: ['Jane Customer'],
  notes: 'Leave at the back door.',
  cartons: [
    { number: 1, sscc: SSCC, weightG: 1250, lines: [line(1), line(2)] },
    { number: 2, sscc: SSCC_2, weightG: 800, lines: [line(3)] },
  ],
  unpacked: [],
  printedAt: new Date('2026-11-29T10:00:00Z'),
  ...overrides,
});

/** The GS1 element string of an SSCC as a reader reports it: AI 00 then the 18 digits, flagged GS1 (]C1). */
const ssccSymbol = (sscc: string) => ({ type: 'CODE-128', data: `00${sscc}`, gs1: true });
const code128 = (data: string) => ({ type: 'CODE-128', data, gs1: false });

const pageSizes = async (pdf: Uint8Array) =>
  (await PDFDocument.load(pdf))
    .getPages()
    .map((p) => p.getSize())
    .map(({ width, height }) => [Math.round(width), Math.round(height)]);

function imageCount(pdf: Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-images-'));
  try {
    writeFileSync(join(dir, 'd.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'd.pdf')], { encoding: 'utf8' });
    return list.trim().split('\n').length - 2; // two header lines
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('GS1-128 carton label', () => {
  it('as a 4×6 PDF: the SSCC decodes as GS1-128 with AI 00, and the label names both ends, order, carton n of m and weight', async () => {
    const pdf = await cartonLabelPdf(label());
    expect(await pageSizes(pdf)).toEqual([[288, 432]]);
    expect(pdfSymbols(pdf)).toEqual([[ssccSymbol(SSCC)]]);
    const text = pdfText(Buffer.from(pdf), { layout: true });
    for (const part of [
      'SHIP FROM',
      'Alpha DC',
      'SHIP TO',
      'Jane Customer',
      'ORD-000123',
      'PO-778',
      '1 of 2',
      '1.25 kg',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain(ssccText(SSCC));
  });

  it('as ZPL: the rendered label decodes to the same GS1 element string', async () => {
    const zpl = cartonLabelZpl(label({ cartonNumber: 2, weightG: 800 }));
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(await zplSymbols(zpl)).toEqual([[ssccSymbol(SSCC)]]);
    expect(zpl).toContain('2 of 2');
    expect(zpl).toContain('800 g');
    expect(zpl).toContain(ssccText(SSCC));
  });

  it('ZPL keeps a name with ZPL command characters inside its field, and the symbol still decodes', async () => {
    const zpl = cartonLabelZpl(label({ shipTo: ['Evil ^XZ~JR_Co\r^XA'] }));
    expect(zpl).toContain('^FDEvil _5EXZ_7EJR_5FCo _5EXA^FS');
    // One label: the name's ^XZ did not end it early nor its ^XA start another.
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(await zplSymbols(zpl)).toEqual([[ssccSymbol(SSCC)]]);
  });
});

describe('packing slip', () => {
  it.each([
    ['a4', [595, 842]],
    ['letter', [612, 792]],
    ['4x6', [288, 432]],
  ] as const)(
    'as %s: the order number decodes, with account, ship-to, items per carton with lots, SSCCs and notes',
    async (layout, size) => {
      const pdf = await packingSlipPdf(slip(), layout);
      const sizes = await pageSizes(pdf);
      expect(sizes[0]).toEqual(size);
      const symbols = pdfSymbols(pdf);
      expect(symbols[0]).toEqual([code128('ORD-000123')]);
      expect(symbols.slice(1).flat()).toEqual([]);
      const text = pdfText(Buffer.from(pdf), { layout: true });
      for (const part of [
        'Acme Goods',
        'Your reference SHIP-9001'.replace('SHIP', 'SHOP'),
        'Ship from Alpha DC',
        'Ship to',
        'Jane Customer',
        `Carton 1 of 2 · 3 units · 1.25 kg · SSCC ${ssccText(SSCC)}`,
        'SKU-1 Widget 1 — 1',
        'SKU-2 Widget 2 LOT-2 2',
        `Carton 2 of 2 · 3 units · 800 g · SSCC ${ssccText(SSCC_2)}`,
        'SKU-3 Widget 3 — 3',
        'Notes Leave at the back door.',
      ]) {
        expect(text).toContain(part);
      }
      // Carton 1's lines come before carton 2's.
      expect(text.indexOf('SKU-2')).toBeLessThan(text.indexOf('Carton 2 of 2'));
    },
  );

  it("prints the account's logo when it has one, and still prints when the logo's bytes do not embed", async () => {
    const withLogo = await packingSlipPdf(slip({ logo: { bytes: png(120, 40), type: 'png' } }), 'a4');
    expect(imageCount(withLogo)).toBe(1);
    const broken = await packingSlipPdf(slip({ logo: { bytes: Buffer.from('not a png'), type: 'png' } }), 'a4');
    expect(imageCount(broken)).toBe(0);
    expect(pdfText(Buffer.from(broken))).toContain('Acme Goods');
  });

  it('lists the units in no carton, and runs a long order onto numbered pages', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => line(i + 1));
    const pdf = await packingSlipPdf(slip({ cartons: [], unpacked: lines }), '4x6');
    const pages = pdfSymbols(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat()).toEqual([code128('ORD-000123')]);
    const text = pdfText(Buffer.from(pdf), { layout: true });
    expect(text).toContain('Items SKU Product Lot Qty');
    expect(text).toContain(`ORD-000123 · page ${pages.length} of ${pages.length}`);
    expect(text).toContain('Packing slip ORD-000123 (continued)');
    const order = lines.map((l) => text.indexOf(`${l.sku} ${l.name}`));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });

  it('as ZPL for a label printer: the order number decodes on the first label, a long order runs onto more labels', async () => {
    const short = packingSlipZpl(slip());
    expect(await zplSymbols(short)).toEqual([[code128('ORD-000123')]]);
    expect(short).toContain('1 x SKU-1 Widget 1');
    expect(short).toContain('2 x SKU-2 Widget 2 (lot LOT-2)');
    const long = packingSlipZpl(slip({ cartons: [], unpacked: Array.from({ length: 60 }, (_, i) => line(i + 1)) }));
    const labels = await zplSymbols(long);
    expect(labels.length).toBeGreaterThan(1);
    expect(labels[0]).toEqual([code128('ORD-000123')]);
    expect(labels.slice(1).flat()).toEqual([]);
    expect(long).toContain(`label ${labels.length} of ${labels.length}`);
  });
});
