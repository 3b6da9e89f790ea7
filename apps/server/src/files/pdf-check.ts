/**
 * A PDF is recognised by its bytes, never by its name or declared type: the header `%PDF-` must appear within the
 * first 1024 bytes (the PDF specification allows leading junk there, and some generators write a BOM or comment).
 */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

/** A download name a Content-Disposition header can carry as is: ASCII letters, digits, dot, dash, underscore. */
export function safeDownloadName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  return cleaned || fallback;
}
