/**
 * A weight as a packer types it or a USB scale "types" it (keyboard emulation: digits, maybe a unit, then Enter),
 * in whole grams. Bare digits are grams (what the bench scales are set to send); "1.25 kg", "1250 g", "1,25kg"
 * and a scale's "ST,GS, 1.250kg" status prefix are understood too. Null when nothing readable or not above zero.
 */
export function parseWeightGrams(typed: string): number | null {
  const match = typed
    .trim()
    .toLowerCase()
    .match(/(\d+(?:[.,]\d+)?)\s*(kg|g)?\s*$/);
  if (!match) return null;
  const value = Number(match[1]!.replace(',', '.'));
  const grams = Math.round(match[2] === 'kg' ? value * 1000 : value);
  return Number.isFinite(grams) && grams > 0 ? grams : null;
}

/** "1.25 kg" from grams, as a label shows it; below a kilogram in grams. */
export function formatGrams(grams: number | null): string {
  if (grams === null) return '—';
  if (grams < 1000) return `${grams} g`;
  return `${(grams / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })} kg`;
}

/** "300 × 200 × 150 mm", or null while a custom carton has no dimensions yet. */
export function formatDimensions(dimensions: {
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
}): string | null {
  const { length_mm, width_mm, height_mm } = dimensions;
  if (length_mm === null || width_mm === null || height_mm === null) return null;
  return `${length_mm} × ${width_mm} × ${height_mm} mm`;
}
