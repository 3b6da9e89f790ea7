import { PDFDocument } from 'pdf-lib';

/**
 * One PDF from several (beyond the spec: a merge item without an uploaded PDF prints its orders' labels
 * as one file). Pages are copied in the given order; a source pdf-lib cannot read is skipped rather than failing
 * the whole download, and an empty result answers null.
 */
export async function combinePdfs(sources: readonly Buffer[]): Promise<Buffer | null> {
  const combined = await PDFDocument.create();
  for (const bytes of sources) {
    try {
      const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
      const pages = await combined.copyPages(source, source.getPageIndices());
      for (const page of pages) combined.addPage(page);
    } catch {
      // An unreadable label (its bytes start with %PDF- but the rest is damaged) leaves the others printable.
    }
  }
  if (combined.getPageCount() === 0) return null;
  return Buffer.from(await combined.save());
}
