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
  // The order alone, not joined: after waiting for a concurrent change PostgreSQL re-checks a locked row against
  // the join, and a status changed meanwhile would make the row vanish from the answer.
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  const [status] = await tx.select().from(statuses).where(eq(statuses.id, order.statusId));
  return { order, status: status! };
}

/** The scope arrays of an order's activity events. */
export const orderEventScope = (order: OrderRow) => ({
  subject: { type: 'order', id: order.id },
  warehouseIds: [order.warehouseId],
  accountIds: [order.accountId],
});
