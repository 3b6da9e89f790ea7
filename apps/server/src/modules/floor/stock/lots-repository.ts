import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { inventoryLots } from '../../../db/schema/location-stock';

/** The SQL of lots (lots.ts holds the rules): found by product and code, created, given an expiry. */

export interface LotKey {
  productId: number;
  lotCode: string;
}

export interface LotFacts extends LotKey {
  id: number;
  expiryDate: string | null;
}

/** The lots of these (product, code) pairs, codes compared case-insensitively, in one query. */
export async function findLots(tx: Executor, keys: readonly LotKey[]): Promise<LotFacts[]> {
  if (keys.length === 0) return [];
  return tx
    .select({
      id: inventoryLots.id,
      productId: inventoryLots.productId,
      lotCode: inventoryLots.lotCode,
      expiryDate: inventoryLots.expiryDate,
    })
    .from(inventoryLots)
    .where(
      sql`(${inventoryLots.productId}, lower(${inventoryLots.lotCode})) in (${sql.join(
        keys.map((k) => sql`(${k.productId}::int, lower(${k.lotCode}))`),
        sql`, `,
      )})`,
    );
}

/** Creates lots in one INSERT; one created meanwhile by another transaction is left as it is. */
export async function insertLots(
  tx: Executor,
  lots: readonly (LotKey & { expiryDate: string | null })[],
): Promise<void> {
  if (lots.length > 0)
    await tx
      .insert(inventoryLots)
      .values([...lots])
      .onConflictDoNothing();
}

/** Records an expiry on a lot first received without one. */
export async function setLotExpiry(tx: Executor, lotId: number, expiryDate: string): Promise<void> {
  await tx.update(inventoryLots).set({ expiryDate }).where(eq(inventoryLots.id, lotId));
}

/** A lot of the row's product, if it exists. */
export async function isLotOfProduct(db: Executor, lotId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: inventoryLots.id })
    .from(inventoryLots)
    .where(and(eq(inventoryLots.id, lotId), eq(inventoryLots.productId, productId)));
  return row !== undefined;
}
