import type { Database } from '../db/client';
import { placesOfInventory } from '../modules/floor/location-stock/location-stock-api';
import { applyMovement } from '../modules/floor/stock/stock-api';
import { findInventoryOfSku, insertLot } from './demo-repository';

/**
 * Demo lots: two supplements in Dallas carry lots with expiry dates, so the inventory detail's Lots,
 * the "expiring soon" filter and the dashboard card show something. Expiry dates are relative to the seed day, so
 * the demo always has one lot expired, one expiring within 30 days and two later ones. Units already on hand are
 * labelled with their lot (a −q/+q adjustment pair at the same location: on hand never changes).
 */
const DEMO_LOTS: { sku: string; lots: { code: string; expiresInDays: number; units: number }[] }[] = [
  {
    sku: 'PPS-CREA-300',
    lots: [
      { code: 'CR-24A', expiresInDays: 18, units: 40 },
      { code: 'CR-25C', expiresInDays: 240, units: 60 },
    ],
  },
  {
    sku: 'PPS-MULTI-90',
    lots: [
      { code: 'MV-2311', expiresInDays: -6, units: 12 },
      { code: 'MV-2405', expiresInDays: 150, units: 120 },
    ],
  },
];

const dateInDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoLots(
  db: Database,
  ids: { account: number; warehouse: number; userId: number | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { sku, lots } of DEMO_LOTS) {
      const row = await findInventoryOfSku(tx, sku, ids.account, ids.warehouse);
      if (!row) continue;
      for (const lot of lots) {
        const lotId = await insertLot(tx, {
          productId: row.productId,
          lotCode: lot.code,
          expiryDate: dateInDays(lot.expiresInDays),
        });
        // The first place (take order) still holding enough units without a lot.
        const places = await placesOfInventory(tx, row.inventoryId);
        const place = places.find((p) => p.lotId === null && p.quantity >= lot.units);
        if (!place) continue;
        const label = (onHandDelta: number, lotId: number | null) =>
          applyMovement(tx, {
            inventoryId: row.inventoryId,
            type: 'adjustment',
            onHandDelta,
            reservedDelta: 0,
            locationId: place.locationId,
            lotId,
            reason: `Lot ${lot.code} recorded`,
            userId: ids.userId,
          });
        await label(-lot.units, null);
        await label(lot.units, lotId);
      }
    }
  });
}
