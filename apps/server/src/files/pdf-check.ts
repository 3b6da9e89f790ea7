import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';

/**
 * A PDF is recognised by its bytes, never by its name or declared type: the header `%PDF-` must appear within the
 * first 1024 bytes (the PDF specification allows leading junk there, and some generators write a BOM or comment).
 * This is only the cheap first look; an upload that is kept must also pass `parsesAsPdf`.
 */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

/**
 * Whether the bytes are a PDF a reader can open: the header alone let an HTML page with `%PDF-`
 * in a comment through, to be served back to other users. pdf-lib (already used to combine labels) must parse it
 * and find at least one page.
 */
export async function parsesAsPdf(bytes: Buffer): Promise<boolean> {
  if (!isPdf(bytes)) return false;
  try {
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** `parsesAsPdf` for an upload spooled to a temporary file (its size is capped by the route before this runs). */
export async function uploadParsesAsPdf(upload: { head: Buffer; path: string }): Promise<boolean> {
  return isPdf(upload.head) && parsesAsPdf(await readFile(upload.path));
}

/** A download name a Content-Disposition header can carry as is: ASCII letters, digits, dot, dash, underscore. */
export function safeDownloadName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  return cleaned || fallback;
}

/**
 * The download name of a stored PDF: the uploader's name made safe, always ending in `.pdf` whatever extension it
 * was uploaded with (`evil.html` → `evil.pdf`), so a browser never saves or opens it as anything but a PDF.
 * `fallbackStem` (e.g. `label-12`) names a file whose name has nothing usable left.
 */
export function pdfDownloadName(name: string, fallbackStem: string): string {
  const stem = safeDownloadName(name, '')
    .replace(/\.[A-Za-z0-9]*$/, '')
    .replace(/[._]+$/, '');
  return `${stem || fallbackStem}.pdf`;
}
