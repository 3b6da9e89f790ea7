import { eq } from 'drizzle-orm';
import { inventories } from '../../src/db/schema/inventory';
import { inventoryLots } from '../../src/db/schema/location-stock';
import { applyMovement } from '../../src/modules/floor/stock/ledger';
import type { TestContext } from './test-app';

/** A date `days` from today (negative: in the past) as YYYY-MM-DD, the way expiry dates are stored. */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Puts `quantity` units of a lot (created for the row's product when new) into an inventory row, through the ledger
 * (an adjustment naming the lot and, when given, the location). Lot capture at receipt is another helper's work
 * (products' track_lots); this fixture stands in for it.
 */
export async function addLotStock(
  ctx: TestContext,
  inventoryId: number,
  lot: { code: string; expiryDate: string | null; quantity: number; locationId?: number },
): Promise<number> {
  return ctx.handle.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ productId: inventories.productId })
      .from(inventories)
      .where(eq(inventories.id, inventoryId));
    const [created] = await tx
      .insert(inventoryLots)
      .values({ productId: row!.productId, lotCode: lot.code, expiryDate: lot.expiryDate })
      .returning({ id: inventoryLots.id });
    await applyMovement(tx, {
      inventoryId,
      type: 'adjustment',
      onHandDelta: lot.quantity,
      reservedDelta: 0,
      locationId: lot.locationId ?? null,
      lotId: created!.id,
      reason: 'Lot fixture',
      userId: null,
    });
    return created!.id;
  });
}
