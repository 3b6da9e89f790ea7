import { eq } from 'drizzle-orm';
import { orderItems } from '../../../src/db/schema/orders';
import { statuses } from '../../../src/db/schema/statuses';
import { applyStatusChange } from '../../../src/modules/outbound/orders/order-status-change';
import { createOrder, stockedProduct } from '../orders';
import type { TestContext } from '../test-app';

/** The Alpha client's orders the matrix acts on: one pending (with its item), one processing (not deletable). */
export interface OrderMatrixRows {
  pending: { id: number; itemId: number };
  processing: { id: number };
}

export async function seedOrderMatrixRows(ctx: TestContext): Promise<OrderMatrixRows> {
  const { alpha } = ctx.world.warehouses;
  const { clientActive } = ctx.world.accounts;
  // Stock of its own, so the other matrix rows' quantities stay as they are.
  const { productId } = await stockedProduct(ctx, clientActive, alpha, 10);
  const line = [{ productId, quantity: 1 }];
  const pending = await createOrder(ctx, { accountId: clientActive, warehouseId: alpha, lines: line });
  const processing = await createOrder(ctx, { accountId: clientActive, warehouseId: alpha, lines: line });
  const [status] = await ctx.handle.db.select().from(statuses).where(eq(statuses.systemKey, 'processing'));
  await applyStatusChange(ctx.handle.db, { kind: 'all' }, ctx.world.users.admin.id, processing.id, status!);
  const [item] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, pending.id));
  return { pending: { id: pending.id, itemId: item!.id }, processing: { id: processing.id } };
}
