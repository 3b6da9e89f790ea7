import { rateCardChanges } from '../rate-cards/rate-cards-api';

/**
 * A count of this process's manual charge writes (rate card writes are counted by rate-cards): a cache of derived charges (the billing dashboard's unbilled
 * activity) keys on it, so a charge added or deleted through this process shows on the next load. Changes made by
 * another process, and the warehouse work the charges come from (shipping, receiving, moves), show once the cache's
 * entry expires. (A rate card version may take effect from any day not yet invoiced, this month's included.)
 */
let changes = 0;

/** Rate card writes count too (they reprice the same charges). */
export const billingChanges = (): number => changes + rateCardChanges();

export function noteBillingChange(): void {
  changes++;
}
