import { ORDER_MESSAGES } from '@wms/contract/orders';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders } from '../../db/schema/orders';
import { statuses } from '../../db/schema/statuses';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../http/errors';
import { recordEvent } from '../activity/record-event';
import { findInventoryIds, inventoryKey, type ReserveResult, reserveStock } from '../inventory/stock-operations';

export interface PlaceOrderInput {
  accountId: number;
  warehouseId: number;
  userId: number | null;
  customerName: string;
  externalOrderId: string;
  shipDate?: string | null;
  shipperId?: number | null;
  notes?: string | null;
  lines: readonly { productId: number; quantity: number }[];
}

/**
 * Inserts one pending order and reserves what is available for its lines (DESIGN §6), in one transaction. Lines
 * of the same product are merged first, so (order, inventory row) identifies a line's movements. Used by the demo
 * seed and the tests; the create screens' POST /orders/bulk validates its input and then composes the same steps.
 */
export async function placeOrder(
  db: Executor,
  input: PlaceOrderInput,
): Promise<{ id: number; orderNumber: string; reservations: ReserveResult[] }> {
  const merged = new Map<number, number>();
  for (const line of input.lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return inTransaction(db, async (tx) => {
    const [pending] = await tx.select().from(statuses).where(eq(statuses.systemKey, 'pending'));
    if (!pending) throw notFound(ORDER_MESSAGES.statusUnknown);
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: sql`'ORD-TMP-' || gen_random_uuid()`,
        externalOrderId: input.externalOrderId,
        accountId: input.accountId,
        warehouseId: input.warehouseId,
        shipperId: input.shipperId ?? null,
        userId: input.userId,
        statusId: pending.id,
        lifecycle: pending.lifecycle,
        customerName: input.customerName,
        shipDate: input.shipDate ?? null,
        notes: input.notes ?? null,
      })
      .returning({ id: orders.id });
    const id = order!.id;
    // Readable, unique and ordered: the id itself, zero-padded.
    const orderNumber = `ORD-${String(id).padStart(6, '0')}`;
    await tx.update(orders).set({ orderNumber }).where(eq(orders.id, id));
    const products = [...merged.entries()];
    const inventoryIds = await findInventoryIds(
      tx,
      input.warehouseId,
      products.map(([productId]) => ({ productId, accountId: input.accountId })),
    );
    const lines = products.map(([productId, quantity]) => ({
      productId,
      quantity,
      inventoryId: inventoryIds.get(inventoryKey(productId, input.accountId)) ?? null,
    }));
    const reservations = await reserveStock(
      tx,
      lines.map((l) => ({ inventoryId: l.inventoryId, quantity: l.quantity })),
      { referenceType: 'order', referenceId: id, userId: input.userId },
    );
    await tx.insert(orderItems).values(
      lines.map((l, index) => ({
        orderId: id,
        productId: l.productId,
        inventoryId: l.inventoryId,
        quantity: l.quantity,
        quantityReserved: reservations[index]?.reserved ?? 0,
      })),
    );
    await recordEvent(tx, {
      kind: 'order.created',
      payload: { order_number: orderNumber, customer_name: input.customerName, items: lines.length },
      actorId: input.userId,
      subject: { type: 'order', id },
      warehouseIds: [input.warehouseId],
      accountIds: [input.accountId],
    });
    return { id, orderNumber, reservations };
  });
}
