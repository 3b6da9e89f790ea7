import type { Column } from 'drizzle-orm';
import { type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../../db/qualified';

/**
 * What a location holds: units and distinct inventory rows (products of an account) on hand, summed over its
 * location-stock rows. The list's empty/occupied filter, its units/products columns, the export and the
 * delete guard all read these expressions (correlated subqueries on location_stock_location_idx; the outer column
 * is written qualified, as Drizzle leaves a single-table select's columns bare).
 */
export function unitsHeldSql(locationId: Column): SQL<number> {
  return sql<number>`(select coalesce(sum(ls.quantity), 0) from location_stock ls
    where ls.location_id = ${qualified(locationId)})`.mapWith(Number);
}

export function productsHeldSql(locationId: Column): SQL<number> {
  return sql<number>`(select count(distinct ls.inventory_id) from location_stock ls
    where ls.location_id = ${qualified(locationId)})`.mapWith(Number);
}

/** Does the location hold anything? (Rows reaching 0 are deleted, so a row means units.) */
export function holdsStockSql(locationId: Column): SQL {
  return sql`exists (select 1 from location_stock ls where ls.location_id = ${qualified(locationId)})`;
}
