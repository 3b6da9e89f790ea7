import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { findInventoryIds, inventoryKey } from '../inventory/stock-operations';

export type OrderLine = typeof orderItems.$inferSelect & { sku: string };

/** The order's lines with their SKU, locked for the rest of the transaction, in id order. */
export async function lockOrderLines(tx: Executor, orderId: number): Promise<OrderLine[]> {
  const rows = await tx
    .select({ item: orderItems, sku: products.sku })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
    .for('update', { of: orderItems });
  return rows.map((r) => ({ ...r.item, sku: r.sku }));
}

/**
 * The inventory row of each line (product, the order's warehouse and account), looked up again for lines that had
 * none when the order was placed (stock may have arrived since). Lines still without one map to null.
 */
export async function resolveLineInventories(
  tx: Executor,
  order: { warehouseId: number; accountId: number },
  lines: readonly OrderLine[],
): Promise<Map<number, number | null>> {
  const missing = lines.filter((l) => l.inventoryId === null);
  const found = await findInventoryIds(
    tx,
    order.warehouseId,
    missing.map((l) => ({ productId: l.productId, accountId: order.accountId })),
  );
  const result = new Map<number, number | null>();
  for (const line of lines) {
    result.set(line.id, line.inventoryId ?? found.get(inventoryKey(line.productId, order.accountId)) ?? null);
  }
  return result;
}

/** Writes one line's stock bookkeeping after a ledger operation (the ledger itself moved the inventory). */
export async function setLineStock(
  tx: Executor,
  lineId: number,
  values: { quantityReserved?: number; quantityShipped?: number; inventoryId?: number | null },
): Promise<void> {
  await tx.update(orderItems).set(values).where(sql`${orderItems.id} = ${lineId}`);
}
