/**
 * A count of this process's manual charge writes: a cache of derived charges (the billing dashboard's unbilled
 * activity) keys on it, so a charge added or deleted through this process shows on the next load. Changes made by
 * another process, and the warehouse work the charges come from (shipping, receiving, moves), show once the cache's
 * entry expires. (A rate card version takes effect tomorrow at the earliest: it never changes this month so far.)
 */
let changes = 0;

export const billingChanges = (): number => changes;

export function noteBillingChange(): void {
  changes++;
}
