import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The text a reader of the PDF sees, read back by poppler's `pdftotext` (package poppler-utils), so a test checks
 * the document itself rather than the code that drew it. Whitespace runs collapse to one space. With `layout`,
 * text is read in its printed rows (a table's cells of one row together) rather than in drawing order.
 */
export function pdfText(pdf: Buffer, { layout = false } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
