/**
 * An uploaded file's name as we store and show it: control characters (NUL included) and unpaired surrogates
 * removed, path parts dropped, at most 255 characters, and `fallback` when nothing is left (the name is the
 * client's say, never trusted).
 */
export function storableFileName(name: string | undefined, fallback: string): string {
  const cleaned = (name ?? '')
    // Control characters (NUL included), then unpaired surrogates (in unicode mode a pair is one code point).
    .replace(/\p{Cc}/gu, '')
    .replace(/[\uD800-\uDFFF]/gu, '')
    .split(/[\\/]/)
    .pop()!
    .trim();
  return Array.from(cleaned).slice(0, 255).join('') || fallback;
}
