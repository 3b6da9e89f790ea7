import { ORDER_MESSAGES } from '@wms/contract/orders';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import { orders } from '../../../db/schema/orders';
import { notFound } from '../../../http/errors';

/** Orders belong to one warehouse and one account: managers reach them by warehouse, clients by owned account. */
export const orderScope = (scope: Scope) =>
  warehouseAccountScope(scope, { warehouseId: orders.warehouseId, accountId: orders.accountId });

/** The access gate's view of an order (labels and verification are reached through their order). */
export const ORDER_RESOURCE: ScopedResource = {
  table: orders,
  id: orders.id,
  scopeCondition: orderScope,
  notFoundMessage: ORDER_MESSAGES.notFound,
};

/**
 * A scoped write (orders-repository.ts) that changed no row: the order is out of the caller's scope even though the
 * gate let the request through. Answered like any out-of-scope id, and the transaction rolls back.
 */
export function requireChanged(rows: number): void {
  if (rows === 0) throw notFound(ORDER_MESSAGES.notFound);
}
