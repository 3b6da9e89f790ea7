/**
 * A count of this process's rate card writes: the billing dashboard's cache of derived charges keys on it (with the
 * manual charges' count, charges/billing-changes.ts), so a new rate shows on the next load.
 */
let changes = 0;

export const rateCardChanges = (): number => changes;

export function noteRateCardChange(): void {
  changes++;
}
