import type { ExpiringLot } from '@wms/contract/inventory';
import { and, asc, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { inventories } from '../../../db/schema/inventory';
import { inventoryLots, locationStock } from '../../../db/schema/location-stock';
import { locations } from '../../../db/schema/locations';

/**
 * Inventory rows holding units of a lot that expires within `days` from today, already expired lots
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

/**
 * The units of these rows whose lot expires within `days` (expired included), one entry per lot and location, soonest
 * first: what the expiring-soon list acts on. One query for a whole page of rows.
 */
export async function expiringLotsOfInventories(
  db: Executor,
  inventoryIds: readonly number[],
  days: number,
): Promise<Map<number, ExpiringLot[]>> {
  const byRow = new Map<number, ExpiringLot[]>();
  if (inventoryIds.length === 0) return byRow;
  const rows = await db
    .select({
      inventoryId: locationStock.inventoryId,
      locationId: locations.id,
      locationCode: locations.code,
      lotId: inventoryLots.id,
      lotCode: inventoryLots.lotCode,
      expiryDate: inventoryLots.expiryDate,
      quantity: locationStock.quantity,
    })
    .from(locationStock)
    .innerJoin(inventoryLots, sql`${inventoryLots.id} = ${locationStock.lotId}`)
    .innerJoin(locations, sql`${locations.id} = ${locationStock.locationId}`)
    .where(
      and(
        inArray(locationStock.inventoryId, [...inventoryIds]),
        gt(locationStock.quantity, 0),
        sql`${inventoryLots.expiryDate} <= current_date + ${days}::int`,
      ),
    )
    .orderBy(asc(inventoryLots.expiryDate), asc(inventoryLots.lotCode), asc(locations.code));
  for (const row of rows) {
    const lots = byRow.get(row.inventoryId) ?? [];
    lots.push({
      lot: { id: row.lotId, code: row.lotCode, expiry_date: row.expiryDate! },
      location: { id: row.locationId, code: row.locationCode },
      quantity: row.quantity,
    });
    byRow.set(row.inventoryId, lots);
  }
  return byRow;
}
