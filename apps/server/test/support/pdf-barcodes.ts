import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every barcode a PDF carries, decoded by a real reader: each page rendered by poppler's `pdftoppm` (package
 * poppler-utils) at a print-like resolution, then read by `zbarimg` (package zbar-tools). One array per page, each
 * symbol's data in the order zbar reports it (sort before comparing).
 */
export function pdfBarcodes(pdf: Uint8Array, dpi = 200): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-barcodes-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, join(dir, 'page')], { stdio: 'pipe' });
    const pages = readdirSync(dir)
      .filter((name) => name.startsWith('page') && name.endsWith('.png'))
      .sort();
    return pages.map((page) => {
      try {
        const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Scode128.enable', join(dir, page)], {
          encoding: 'utf8',
          // zbar's complaints about a missing D-Bus session are noise here; a real failure still throws.
          stdio: 'pipe',
        });
        return out.split('\n').filter(Boolean);
      } catch (error) {
        // zbarimg exits 4 when a page holds no barcode at all.
        if ((error as { status?: number }).status === 4) return [];
        throw error;
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
