/*
 * What the other ways of creating orders (drafts, imports) share with order creation: the account and warehouse
 * checks, read within the caller's scope. They never import the order-creation repository itself.
 */
export { findAccountsInScope, findWarehouses } from './order-creation-repository';
