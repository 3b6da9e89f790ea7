import type { OrderLifecycle } from './order-lifecycle';

/**
 * How a status reads on screen. Status values stay the spec's (`Order_placed`, `tx_er_order`: the
 * value orders carry and the selector sends); people read a label: separators become spaces, the first letter is
 * capitalised, capitalised inner words are lowered and acronyms kept ("Different_Items" → "Different items",
 * "OOS" stays "OOS"). A name someone wrote with spaces is text already: only its first letter is capitalised.
 * One function for every place a status is shown: chips, selectors, filters, dashboard, timelines.
 */
export function statusLabel(value: string): string {
  const name = value.trim();
  const known = READABLE[name];
  if (known) return known;
  if (name === '') return value;
  if (/\s/.test(name) && !/[_]/.test(name)) return capitalise(name);
  const words = name.split(/[\s_-]+/).filter(Boolean);
  return words
    .map((word, index) => {
      if (isAcronym(word)) return word;
      if (index === 0) return capitalise(word);
      return /^[A-Z][a-z]+$/.test(word) ? word.toLowerCase() : word;
    })
    .join(' ');
}

/** Seeded statuses (spec 2 §4) whose identifier does not become words by splitting it. */
const READABLE: Readonly<Record<string, string>> = {
  instock: 'In stock',
  'onetime 3pl': 'One-time 3PL',
  tx_er_order: 'TX ER order',
};

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const isAcronym = (word: string): boolean => word.length > 1 && /[A-Z]/.test(word) && word === word.toUpperCase();

/**
 * The status selector's groups, in lifecycle order. Each heading says what its statuses do to
 * stock, and differs from the status names under it ("Shipped" is also a status).
 */
export const STATUS_LIFECYCLE_GROUPS: readonly { lifecycle: OrderLifecycle; heading: string }[] = [
  { lifecycle: 'open', heading: 'Open' },
  { lifecycle: 'shipped', heading: 'Shipped · deducts stock' },
  { lifecycle: 'cancelled', heading: 'Cancelled · releases stock' },
];
