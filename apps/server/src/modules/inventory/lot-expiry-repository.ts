import { type SQL, sql } from 'drizzle-orm';
import { inventories } from '../../db/schema/inventory';
import { inventoryLots, locationStock } from '../../db/schema/location-stock';

/**
 * Inventory rows holding units of a lot that expires within `days` from today (issue 20), already expired lots
 * included: they need action first. Driven from the lots' expiry index, then location stock by lot
 * (`location_stock_lot_idx`), so it stays cheap however many rows carry no lot.
 */
export function expiringWithinCondition(days: number): SQL {
  return sql`${inventories.id} in (
    select ${locationStock.inventoryId} from ${locationStock}
    join ${inventoryLots} on ${inventoryLots.id} = ${locationStock.lotId}
    where ${inventoryLots.expiryDate} <= current_date + ${days}::int
  )`;
}
