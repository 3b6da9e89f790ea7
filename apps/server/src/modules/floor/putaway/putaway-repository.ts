import { UNASSIGNED_LOCATION_CODE } from '@wms/contract/locations';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { inventories, inventoryMovements } from '../../../db/schema/inventory';
import { inventoryLots, locationStock } from '../../../db/schema/location-stock';
import { locations } from '../../../db/schema/locations';
import { takeOrder } from '../../../db/take-order';

/** The SQL of receiving into locations (putaway.ts holds the rules): location facts, suggestions, receipt places. */

export interface PutawayLocationFacts {
  id: number;
  warehouseId: number;
  code: string;
  type: string;
  isActive: boolean;
}

/** The named locations, in one query (missing ids are absent from the map). */
export async function locationsById(db: Executor, ids: readonly number[]): Promise<Map<number, PutawayLocationFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: locations.id,
      warehouseId: locations.warehouseId,
      code: locations.code,
      type: locations.type,
      isActive: locations.isActive,
    })
    .from(locations)
    .where(inArray(locations.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

const suggestedColumns = { id: locations.id, code: locations.code, type: locations.type };
export type SuggestedLocation = { id: number; code: string; type: string };

/**
 * Per product, the first active pick location (walk order) already holding its stock for that account in the
 * warehouse: the "existing pick location" of the putaway rule.
 */
export async function pickLocationsOfProducts(
  db: Executor,
  warehouseId: number,
  accountId: number,
  productIds: readonly number[],
): Promise<Map<number, SuggestedLocation>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: inventories.productId, ...suggestedColumns })
    .from(locationStock)
    .innerJoin(inventories, eq(inventories.id, locationStock.inventoryId))
    .innerJoin(locations, eq(locations.id, locationStock.locationId))
    .where(
      and(
        eq(inventories.warehouseId, warehouseId),
        eq(inventories.accountId, accountId),
        inArray(inventories.productId, [...productIds]),
        eq(locations.type, 'pick'),
        eq(locations.isActive, true),
      ),
    )
    .orderBy(...takeOrder);
  const byProduct = new Map<number, SuggestedLocation>();
  for (const { productId, ...location } of rows) if (!byProduct.has(productId)) byProduct.set(productId, location);
  return byProduct;
}

/** Up to `limit` active storage locations holding nothing, in walk order (one per line needing one). */
export async function emptyStorageLocations(
  db: Executor,
  warehouseId: number,
  limit: number,
): Promise<SuggestedLocation[]> {
  if (limit === 0) return [];
  return db
    .select(suggestedColumns)
    .from(locations)
    .where(
      and(
        eq(locations.warehouseId, warehouseId),
        eq(locations.type, 'storage'),
        eq(locations.isActive, true),
        notExists(db.select({ one: sql`1` }).from(locationStock).where(eq(locationStock.locationId, locations.id))),
      ),
    )
    .orderBy(sql`${locations.walkSequence} asc nulls last`, asc(locations.sortKey), asc(locations.id))
    .limit(limit);
}

/** The warehouse's UNASSIGNED location, read only (a GET never creates it; receiving does, see ledger-repository). */
export async function findUnassignedLocation(
  db: Executor,
  warehouseId: number,
): Promise<SuggestedLocation | undefined> {
  const [row] = await db
    .select(suggestedColumns)
    .from(locations)
    .where(
      and(eq(locations.warehouseId, warehouseId), sql`lower(${locations.code}) = lower(${UNASSIGNED_LOCATION_CODE})`),
    );
  return row;
}

/** Where each receipt of a shipment put its units: (inventory row, location, lot) → quantity. */
export async function receiptPlacesOfShipment(db: Executor, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .select({
      shipmentId: inventoryMovements.referenceId,
      inventoryId: inventoryMovements.inventoryId,
      locationId: locations.id,
      locationCode: locations.code,
      lotCode: inventoryLots.lotCode,
      expiryDate: inventoryLots.expiryDate,
      quantity: inventoryMovements.onHandDelta,
    })
    .from(inventoryMovements)
    .innerJoin(locations, eq(locations.id, inventoryMovements.locationId))
    .leftJoin(inventoryLots, eq(inventoryLots.id, inventoryMovements.lotId))
    .where(
      and(
        eq(inventoryMovements.referenceType, 'shipment'),
        inArray(inventoryMovements.referenceId, [...shipmentIds]),
        eq(inventoryMovements.type, 'receipt'),
      ),
    )
    .orderBy(asc(inventoryMovements.id));
}
