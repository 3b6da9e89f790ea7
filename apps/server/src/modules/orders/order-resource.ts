import { ORDER_MESSAGES } from '@wms/contract/orders';
import { type ScopedResource, warehouseAccountScope } from '../../auth/access-gate';
import type { Scope } from '../../auth/scope';
import { orders } from '../../db/schema/orders';

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
