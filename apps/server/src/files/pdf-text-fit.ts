import type { PDFFont } from 'pdf-lib';

/** WinAnsi (the standard fonts' encoding) cannot draw every character: others become "?" rather than failing. */
export const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u20AC]/g, '?');

/** The text cut with an ellipsis to fit the width. */
export function fitted(font: PDFFont, text: string, size: number, width: number): string {
  const safe = printable(text);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  let cut = safe;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Words wrapped into lines of the width (a word longer than the width is cut). */
export function wrapped(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.map((l) => fitted(font, l, size, width));
}
