/**
 * A list's total as people read it: exact ("9,876") or, when the server stopped counting at its cap
 * (meta.total_is_capped), "10,000+".
 */
export const formatListTotal = (total: number, capped = false): string =>
  `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
