import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zplToBase64MultipleAsync } from 'zpl-renderer-js';

/**
 * A symbol as zbar read it: its symbology, its data, and whether it is GS1 (zbar saw the leading FNC1 of a GS1-128
 * symbol, AIM identifier ]C1), which tells a GS1-128 SSCC from plain Code 128 of the same digits.
 */
export interface DecodedSymbol {
  type: string;
  data: string;
  gs1: boolean;
}

const SYMBOL = /<symbol type='([^']+)'([^>]*)><data(?: format='([^']+)')?><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g;

/** Every symbol `zbarimg` (package zbar-tools) decodes in one image, read from its XML report. */
export function decodeImage(file: string): DecodedSymbol[] {
  let xml: string;
  try {
    xml = execFileSync('zbarimg', ['--quiet', '--xml', file], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    // zbarimg exits 4 when the image holds no barcode at all.
    if ((error as { status?: number }).status === 4) return [];
    throw error;
  }
  return [...xml.matchAll(SYMBOL)].map(([, type, attributes, format, data]) => ({
    type: type!,
    data: format === 'base64' ? Buffer.from(data!, 'base64').toString('latin1') : data!,
    gs1: /modifiers='[^']*GS1/.test(attributes!),
  }));
}

function inTempDir<T>(prefix: string, work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every symbol of each PDF page, each page rendered by poppler's `pdftoppm` at a print-like resolution. */
export function pdfSymbols(pdf: Uint8Array, dpi = 200): DecodedSymbol[][] {
  return inTempDir('pdf-symbols-', (dir) => {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, join(dir, 'page')], { stdio: 'pipe' });
    return readdirSync(dir)
      .filter((name) => name.startsWith('page') && name.endsWith('.png'))
      .sort()
      .map((page) => decodeImage(join(dir, page)));
  });
}

/**
 * Every symbol of each label of a ZPL stream, each label rendered locally to a PNG by zpl-renderer-js (a WASM
 * build of the Zebrash renderer: no network service) at 8 dots/mm on 4×6 in stock, as a 203 dpi printer prints it.
 */
export async function zplSymbols(zpl: string): Promise<DecodedSymbol[][]> {
  const images = await zplToBase64MultipleAsync(zpl, 101.6, 152.4, 8);
  return inTempDir('zpl-symbols-', (dir) =>
    images.map((png, i) => {
      const file = join(dir, `label-${i}.png`);
      writeFileSync(file, Buffer.from(png, 'base64'));
      return decodeImage(file);
    }),
  );
}

/** The PNG images of a ZPL stream's labels (to look at one while writing a layout). */
export const zplImages = async (zpl: string): Promise<Buffer[]> =>
  (await zplToBase64MultipleAsync(zpl, 101.6, 152.4, 8)).map((png) => Buffer.from(png, 'base64'));
