import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ZPL_LABEL } from './zpl-fields';

const run = promisify(execFile);

/**
 * The first page of a label PDF (a carrier's shipping label, uploaded) as a ZPL graphic for a label printer: poppler's
 * `pdftoppm` (package poppler-utils, needed on the server for this) rasterises it to one bit per dot at the label's
 * 812 × 1218 dots (4×6 in at 203 dpi), and the bitmap goes into one ^GFA field. PBM's bit order (1 = black, rows
 * padded to whole bytes, most significant bit first) is exactly ^GF's, so the rows are sent as they are.
 */
export async function pdfLabelZpl(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'label-zpl-'));
  try {
    const file = join(dir, 'label.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run(
      'pdftoppm',
      [
        '-mono',
        '-f',
        '1',
        '-l',
        '1',
        '-scale-to-x',
        String(ZPL_LABEL.width),
        '-scale-to-y',
        String(ZPL_LABEL.height),
        file,
      ],
      { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024, timeout: 15_000 },
    );
    const { width, height, bits } = readPbm(stdout);
    const rowBytes = Math.ceil(width / 8);
    const total = rowBytes * height;
    return `^XA^PW${ZPL_LABEL.width}^LL${ZPL_LABEL.height}^FO0,0^GFA,${total},${total},${rowBytes},${bits.subarray(0, total).toString('hex').toUpperCase()}^FS^XZ`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A binary PBM (P4): magic, width, height (comments allowed between), one whitespace, then the rows. */
function readPbm(bytes: Buffer): { width: number; height: number; bits: Buffer } {
  let at = 0;
  const token = () => {
    for (;;) {
      while (at < bytes.length && /\s/.test(String.fromCharCode(bytes[at]!))) at++;
      if (bytes[at] !== 0x23) break; // '#': a comment to the end of the line
      while (at < bytes.length && bytes[at] !== 0x0a) at++;
    }
    const start = at;
    while (at < bytes.length && !/\s/.test(String.fromCharCode(bytes[at]!))) at++;
    return bytes.toString('latin1', start, at);
  };
  if (token() !== 'P4') throw new Error('pdftoppm did not answer a binary PBM');
  const width = Number(token());
  const height = Number(token());
  return { width, height, bits: bytes.subarray(at + 1) };
}
