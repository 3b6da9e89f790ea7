/**
 * The natural-order sort key of a location code: every run of digits zero-padded to 10, letters upper-cased, so a
 * plain text ORDER BY puts A-2 before A-10 (the default walk order).
 */
export const naturalSortKey = (code: string): string =>
  code.toUpperCase().replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(10, '0'));
