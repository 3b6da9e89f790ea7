import { type SQL, sql } from 'drizzle-orm';

/**
 * How many whole kits the components' available stock makes in one warehouse: the minimum over the kit's components
 * of floor(component available / units per kit), 0 when a component has no stock row there or the kit has no
 * components. One correlated sub-select over kit_components (its primary key leads with the kit) and the inventories
 * unique key (product, warehouse, account), so a list computes it per row without a query per kit.
 *
 * A bundle's available quantity is exactly this; for an assembled kit it is how many could still be built.
 * `kitId`, `accountId` and `warehouseId` are SQL of the outer query (qualified columns or parameters).
 */
export const kitsFromComponentsSql = (kitId: SQL, accountId: SQL, warehouseId: SQL): SQL<number> => sql<number>`(
  select coalesce(min(coalesce(ci.quantity_available, 0) / kc.quantity), 0)::int
  from kit_components kc
  left join inventories ci on ci.product_id = kc.component_product_id
    and ci.warehouse_id = ${warehouseId} and ci.account_id = ${accountId}
  where kc.kit_product_id = ${kitId})`;
