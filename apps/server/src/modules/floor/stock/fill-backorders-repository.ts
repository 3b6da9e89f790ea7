import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { inventories } from '../../../db/schema/inventory';
import { orderItems, orders, unfilledLine } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';

/** The SQL of filling backorders (fill-backorders.ts holds the rule). */

/** The rows to fill from, locked in id order (like every stock operation), with what each has available. */
export async function lockRowsToFill(tx: Executor, ids: readonly number[]) {
  return tx
    .select({
      id: inventories.id,
      productId: inventories.productId,
      warehouseId: inventories.warehouseId,
      accountId: inventories.accountId,
      available: inventories.quantityAvailable,
    })
    .from(inventories)
    .where(inArray(inventories.id, [...ids]))
    .orderBy(asc(inventories.id))
    .for('update');
}

/**
 * Which of these rows have any short line of an open order waiting (one query for all, on the small partial index
 * of unfilled lines), so a receipt of many products reads the lines of only those. Not locked: the caller reads
 * (and locks) the lines of each row it names with shortLinesOf.
 */
export async function rowsWithShortLines(
  tx: Executor,
  rows: readonly { id: number; productId: number; warehouseId: number; accountId: number }[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::int`),
    sql`, `,
  );
  const found = (await tx.execute(sql`select i.id from inventories i
    where i.id in (${ids}) and exists (
      select 1 from order_items oi join orders o on o.id = oi.order_id
      where oi.product_id = i.product_id and oi.quantity_reserved + oi.quantity_shipped < oi.quantity
        and o.warehouse_id = i.warehouse_id and o.account_id = i.account_id and o.lifecycle = 'open')`)) as unknown as {
    rows: { id: number }[];
  };
  return new Set(found.rows.map((r) => Number(r.id)));
}

/**
 * The next `limit` short lines of open orders for this row's product, account and warehouse, oldest order first,
 * locked (FOR UPDATE OF the line and its order).
 */
export async function shortLinesOf(
  tx: Executor,
  row: { productId: number; warehouseId: number; accountId: number },
  limit: number,
) {
  const lines = await tx
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      orderNumber: orders.orderNumber,
      sku: products.sku,
      missing: sql<number>`${orderItems.quantity} - ${orderItems.quantityReserved} - ${orderItems.quantityShipped}`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orderItems.productId, row.productId),
        unfilledLine(orderItems),
        eq(orders.warehouseId, row.warehouseId),
        eq(orders.accountId, row.accountId),
        eq(orders.lifecycle, 'open'),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderItems.id))
    .limit(limit)
    .for('update', { of: [orderItems, orders] });
  return lines.map((line) => ({ ...line, missing: Number(line.missing) }));
}

/** The line now holds `quantity` more units (and is linked to the row, if it had none). */
export async function addLineReservation(tx: Executor, orderItemId: number, inventoryId: number, quantity: number) {
  await tx
    .update(orderItems)
    .set({ quantityReserved: sql`${orderItems.quantityReserved} + ${quantity}`, inventoryId })
    .where(eq(orderItems.id, orderItemId));
}

/** Units still short per order. */
export async function stillShortByOrder(tx: Executor, orderIds: readonly number[]): Promise<Map<number, number>> {
  const remaining = await tx
    .select({
      orderId: orderItems.orderId,
      short: sql<number>`sum(${orderItems.quantity} - ${orderItems.quantityReserved} - ${orderItems.quantityShipped})`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .groupBy(orderItems.orderId);
  return new Map(remaining.map((r) => [r.orderId, Number(r.short)]));
}
