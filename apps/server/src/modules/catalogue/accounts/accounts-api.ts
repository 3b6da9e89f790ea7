/*
 * The accounts module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { accountResource, accountScopeCondition } from './account-scope';
export { accountBillingTerms, getAccountInScope } from './accounts-service';
