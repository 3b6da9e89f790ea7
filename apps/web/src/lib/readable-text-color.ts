/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const channels = [0, 2, 4].map((start) => Number.parseInt(value.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Black or white text on a user-chosen background, whichever contrasts more. Statuses carry any hex colour, and
 * the better of the two always reaches 4.5:1, so a coloured chip never fails the accessibility check.
 */
export function readableTextColor(background: string): '#000000' | '#FFFFFF' {
  if (!/^#[0-9A-Fa-f]{6}$/.test(background)) return '#000000';
  const l = luminance(background);
  const againstBlack = (l + 0.05) / 0.05;
  const againstWhite = 1.05 / (l + 0.05);
  return againstBlack >= againstWhite ? '#000000' : '#FFFFFF';
}
