import { and, type SQL } from 'drizzle-orm';
import { accountCondition, type Scope, warehouseCondition } from '../../auth/scope';
import { inventories } from '../../db/schema/inventory';

/**
 * Which inventory rows a caller reaches: a manager those in their warehouses; a client those of the accounts they
 * own, in the warehouses they can see; admins all.
 */
export function inventoryScopeCondition(scope: Scope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'warehouses') return warehouseCondition(scope, inventories.warehouseId);
  return and(accountCondition(scope, inventories.accountId), warehouseCondition(scope, inventories.warehouseId));
}
