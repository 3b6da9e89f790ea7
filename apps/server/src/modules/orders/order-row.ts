import { ORDER_MESSAGES } from '@wms/contract/orders';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { statuses } from '../../db/schema/statuses';
import { notFound } from '../../http/errors';

export type OrderRow = typeof orders.$inferSelect;
export type StatusRow = typeof statuses.$inferSelect;

/**
 * The order row locked for the rest of the transaction, with its current status. Every change to an order's state
 * starts here, so two requests on one order (a double-click on "shipped") run one after the other and the second
 * sees what the first did. Scope was checked by the access gate before the transaction.
 */
export async function lockOrder(tx: Executor, id: number): Promise<{ order: OrderRow; status: StatusRow }> {
  const [row] = await tx
    .select({ order: orders, status: statuses })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .where(eq(orders.id, id))
    .for('update', { of: orders });
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return row;
}

/** The scope arrays of an order's activity events. */
export const orderEventScope = (order: OrderRow) => ({
  subject: { type: 'order', id: order.id },
  warehouseIds: [order.warehouseId],
  accountIds: [order.accountId],
});
