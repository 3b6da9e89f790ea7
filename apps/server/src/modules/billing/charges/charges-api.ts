import type { Executor } from '../../../db/client';
import { accountNameOf, lockAccountForBilling } from './billing-repository';

/*
 * What other billing modules (invoices, the billing dashboard) use of charges: deriving an account's charge lines,
 * the billing days and periods, and the account lock every billing write takes. They never import the charges'
 * repositories.
 */

/** The account's name as invoices copy it. */
export const billedAccountName = (db: Executor, accountId: number) => accountNameOf(db, accountId);

/** Holds the account's billing lock for the rest of the transaction (see lockAccountForBilling). */
export const lockBillingOf = (tx: Executor, accountId: number) => lockAccountForBilling(tx, accountId);

export { billingChanges } from './billing-changes';
export { currentMonthToDate, deriveChargeLines } from './billing-service';
export { periodEndedForAccount } from './billing-zones';
export { groupLines } from './price-charges';
export { type UnbilledCharges, unbilledAccounts, unbilledCharges } from './unbilled-charges';
