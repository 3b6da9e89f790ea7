import { createHash } from 'node:crypto';

/**
 * The names the mapping step shows for a file's columns: the header text, or `Column N` for a blank header cell, and
 * `Name (2)` for a repeated one, so every column has one name a mapping can point at.
 */
export function columnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((text, index) => {
    const base = text.trim() === '' ? `Column ${index + 1}` : text.trim();
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** Header names compared loosely: case, spaces, underscores and dashes do not matter ("Lineitem SKU" = "lineitem_sku"). */
export const looseName = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, ' ');

/**
 * One key for a header, so a file with the same columns (in the same order, whatever their case) finds the mapping
 * saved for it. Trailing blank columns do not count (Excel often adds some).
 */
export function headerKey(header: readonly string[]): string {
  const names = header.map(looseName);
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return createHash('sha256').update(JSON.stringify(names)).digest('hex');
}
