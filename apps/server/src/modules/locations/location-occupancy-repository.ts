import type { Column } from 'drizzle-orm';
import { type SQL, sql } from 'drizzle-orm';
import { locationStock } from '../../db/schema/location-stock';

/**
 * What a location holds: units and distinct inventory rows (products of an account) on hand, summed over its
 * location-stock rows (issue 20). The list's empty/occupied filter, its units/products columns, the export and the
 * delete guard all read these two expressions (correlated subqueries on location_stock_location_idx).
 */
export function unitsHeldSql(locationId: Column): SQL<number> {
  return sql<number>`(select coalesce(sum(${locationStock.quantity}), 0) from ${locationStock}
    where ${locationStock.locationId} = ${locationId})`.mapWith(Number);
}

export function productsHeldSql(locationId: Column): SQL<number> {
  return sql<number>`(select count(distinct ${locationStock.inventoryId}) from ${locationStock}
    where ${locationStock.locationId} = ${locationId})`.mapWith(Number);
}

/** Does the location hold anything? (Rows reaching 0 are deleted, so a row means units.) */
export function holdsStockSql(locationId: Column): SQL {
  return sql`exists (select 1 from ${locationStock} where ${locationStock.locationId} = ${locationId})`;
}
