/*
 * The rate-cards module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { rateCardChanges } from './rate-card-changes';
export { listRateCards, ratesForAccount, ratesForEveryAccount, saveRateCardVersion } from './rate-cards-service';
