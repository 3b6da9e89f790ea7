import { LOW_STOCK_THRESHOLD } from '@wms/contract/inventory';

/** The colour words of spec §4, mapped to the theme by the components. */
export type StockTone = 'negative' | 'warning' | 'orange' | 'positive' | 'neutral';

export interface StockStatusView {
  label: 'Out of Stock' | 'Low Stock' | 'In Stock' | 'Unknown';
  tone: StockTone;
}

const isKnown = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Spec §4: ≤ 0 Out of Stock (negative), 1–10 Low Stock (warning), > 10 In Stock (positive), missing Unknown. */
export function stockStatusView(available: number | null | undefined): StockStatusView {
  if (!isKnown(available)) return { label: 'Unknown', tone: 'neutral' };
  if (available <= 0) return { label: 'Out of Stock', tone: 'negative' };
  if (available <= LOW_STOCK_THRESHOLD) return { label: 'Low Stock', tone: 'warning' };
  return { label: 'In Stock', tone: 'positive' };
}

export interface StockLevel {
  /** available / on hand, 0 when nothing is on hand. */
  ratio: number;
  /** 0..100 for a progress bar. */
  percent: number;
  tone: StockTone;
}

/** Spec §4: the stock-level bar is available / on hand; ≤ 0 negative, up to 0.2 warning, above positive. */
export function stockLevel(available: number, onHand: number): StockLevel {
  const ratio = onHand > 0 ? available / onHand : 0;
  const tone: StockTone = ratio <= 0 ? 'negative' : ratio <= 0.2 ? 'warning' : 'positive';
  return { ratio, percent: Math.round(Math.min(1, Math.max(0, ratio)) * 100), tone };
}

/** Spec §4, edit page: available below 0 negative, exactly 0 warning, 1–10 orange, above 10 positive. */
export function editAvailableTone(available: number): StockTone {
  if (available < 0) return 'negative';
  if (available === 0) return 'warning';
  if (available <= LOW_STOCK_THRESHOLD) return 'orange';
  return 'positive';
}

/** Where a taking comes from, for the quarantine arithmetic: a quarantine place, another place, or the take order. */
export type TakingSource = 'quarantine' | 'other' | 'take-order';

export interface EditFigures {
  /** Quarantined units after the edit. */
  quarantined: number;
  /** on hand − reserved − quarantined, as the server computes it. */
  available: number;
  /** The server refuses an edit leaving on hand below reserved + quarantined. */
  belowHeld: boolean;
}

/**
 * The edit page's figures, counting quarantine like the server: quarantined units are on hand but not available, and
 * on hand may not fall below reserved + quarantined. A taking from a quarantine place lowers the quarantined units;
 * the take order reaches quarantine last, so only what the other places cannot cover comes out of it.
 */
export function editFigures(
  current: { onHand: number; quarantined: number },
  next: { onHand: number; reserved: number },
  source: TakingSource,
): EditFigures {
  const taken = Math.max(0, current.onHand - next.onHand);
  const fromQuarantine =
    source === 'quarantine'
      ? Math.min(taken, current.quarantined)
      : source === 'take-order'
        ? Math.min(current.quarantined, Math.max(0, taken - (current.onHand - current.quarantined)))
        : 0;
  const quarantined = current.quarantined - fromQuarantine;
  return {
    quarantined,
    available: next.onHand - next.reserved - quarantined,
    belowHeld: next.onHand < next.reserved + quarantined,
  };
}

/** Theme colours for each tone ('orange' is the spec palette's Orange, distinct from the theme's warning). */
export const TONE_COLOR: Record<StockTone, string> = {
  negative: 'error.main',
  warning: 'warning.main',
  orange: '#F97316',
  positive: 'success.main',
  neutral: 'text.secondary',
};

/** MUI's palette names for Chip / LinearProgress, which take a palette key rather than a colour. */
export const TONE_PALETTE = {
  negative: 'error',
  warning: 'warning',
  orange: 'warning',
  positive: 'success',
  neutral: 'default',
} as const satisfies Record<StockTone, string>;
