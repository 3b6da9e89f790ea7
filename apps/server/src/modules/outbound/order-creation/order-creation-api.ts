import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { findAccountsInScope as accountRows, findWarehouses as warehouseRows } from './order-creation-repository';

/*
 * What the other ways of creating orders (drafts, imports) share with order creation: the accounts and warehouses
 * an order may name, read within the caller's scope. They never import the order-creation repository itself.
 */

/** The accounts among `ids` that the caller reaches, with the warehouses they are linked to. */
export const findAccountsInScope = (tx: Executor, scope: Scope, ids: readonly number[]) => accountRows(tx, scope, ids);

/** The warehouses among `ids`, by id (active or not: the caller says why one is refused). */
export const findWarehouses = (tx: Executor, ids: readonly number[]) => warehouseRows(tx, ids);

export {
  checkOrders,
  createOrders,
  insertCheckedOrders,
  mergeLines,
  type NewOrder,
  type OrderIssue,
} from './create-orders';
export { orderFromInput } from './order-from-input';
