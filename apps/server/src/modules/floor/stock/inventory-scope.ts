import { INVENTORY_MESSAGES } from '@wms/contract/inventory';
import type { SQL } from 'drizzle-orm';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import { inventories } from '../../../db/schema/inventory';

/**
 * Which inventory rows a caller reaches: a manager those in their warehouses; a client those of the accounts they
 * own, in the warehouses they can see; admins all.
 */
export function inventoryScopeCondition(scope: Scope): SQL | undefined {
  return warehouseAccountScope(scope, { warehouseId: inventories.warehouseId, accountId: inventories.accountId });
}

/** Inventory rows for the access gate (`requireAccess`): other modules (orders, shipments) ask it by id. */
export const inventoryResource: ScopedResource = {
  table: inventories,
  id: inventories.id,
  scopeCondition: inventoryScopeCondition,
  notFoundMessage: INVENTORY_MESSAGES.notFound,
};
