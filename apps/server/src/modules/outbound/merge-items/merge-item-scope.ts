import { sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { mergeItems, orders } from '../../../db/schema/orders';
import { orderScope } from '../orders/orders-api';

/** A merge item is visible to whoever may see at least one of its orders (admins: every one). */
export const mergeItemScope = (scope: Scope) => {
  const orderCondition = orderScope(scope);
  if (!orderCondition) return undefined;
  return sql`exists (select 1 from ${orders} where ${orders.mergeItemId} = ${mergeItems.id} and ${orderCondition})`;
};
