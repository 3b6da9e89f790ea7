import type { ScanOutcome } from '../../components/ScanField';
import { sameCode } from './pick-checks';

/** Cluster mode's cart: one tote per order, scanned in the wave's order before the first pick. */
export interface ToteSlot {
  orderId: number;
  orderLabel: string;
  tote: string | null;
}

/** The order waiting for its tote, or null when every order has one. */
export const nextSlot = (slots: readonly ToteSlot[]): ToteSlot | null => slots.find((s) => s.tote === null) ?? null;

/**
 * Puts a scanned tote on the next order: refused when it already holds another order of this cart (one tote, one
 * order, or units would be mixed at packing).
 */
export function assignTote(slots: readonly ToteSlot[], scanned: string): { slots: ToteSlot[]; outcome: ScanOutcome } {
  const slot = nextSlot(slots);
  if (!slot) return { slots: [...slots], outcome: { status: 'warning', message: 'Every order has its tote.' } };
  const taken = slots.find((s) => sameCode(s.tote, scanned));
  if (taken)
    return {
      slots: [...slots],
      outcome: {
        status: 'not-found',
        message: `Tote ${scanned} already holds ${taken.orderLabel}: take another tote.`,
      },
    };
  const tote = scanned.trim();
  return {
    slots: slots.map((s) => (s === slot ? { ...s, tote } : s)),
    outcome: { status: 'success', message: `Tote ${tote} for ${slot.orderLabel}` },
  };
}
