import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { inventories, inventoryMovements } from '../../src/db/schema/inventory';
import { createOrder, stockedProduct, verifyAllItems } from './orders';
import type { TestContext } from './test-app';
import type { Actor } from './world';

/**
 * A shipped order of the Alpha client (or another account): one product, `quantity` units shipped through the
 * status change (verified first, as a manager does). Answers the order, its line and the product's inventory row.
 */
export async function shippedOrder(
  ctx: TestContext,
  options: { quantity?: number; accountId?: number; warehouseId?: number; fields?: Record<string, unknown> } = {},
) {
  const accountId = options.accountId ?? ctx.world.accounts.clientActive;
  const warehouseId = options.warehouseId ?? ctx.world.warehouses.alpha;
  const quantity = options.quantity ?? 3;
  const stock = await stockedProduct(ctx, accountId, warehouseId, quantity + 5, options.fields ?? {});
  const order = await createOrder(ctx, { accountId, warehouseId, lines: [{ productId: stock.productId, quantity }] });
  await verifyAllItems(ctx, order.id);
  const shipped = await ctx.as('admin', {
    method: 'POST',
    url: `/api/orders/${order.id}/status`,
    payload: { status: 'shipped' },
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const detail = await ctx.as('admin', { method: 'GET', url: `/api/orders/${order.id}` });
  const itemId = detail.json().data.order_items[0].id as number;
  return { ...stock, orderId: order.id, orderNumber: order.orderNumber, itemId };
}

/** Announces a return of `quantity` units of the order's line, as `actor`; answers the response. */
export const announce = (
  ctx: TestContext,
  order: { orderId: number; itemId: number },
  quantity: number,
  actor: Actor = 'client',
  extra: Record<string, unknown> = {},
) =>
  ctx.as(actor, {
    method: 'POST',
    url: '/api/returns',
    payload: {
      order_id: order.orderId,
      lines: [{ order_item_id: order.itemId, quantity, reason: 'not_wanted' }],
      ...extra,
    },
  });

/** An announced return's id and its one line's id (201 checked). */
export async function announced(
  ctx: TestContext,
  order: { orderId: number; itemId: number },
  quantity: number,
  actor: Actor = 'client',
) {
  const res = await announce(ctx, order, quantity, actor);
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return { id: data.id as number, lineId: data.lines[0].id as number, rma: data.rma_number as string };
}

/** The inventory row's quantities as stored: on hand, reserved, quarantined, and available. */
export async function stockOf(ctx: TestContext, inventoryId: number) {
  const [row] = await ctx.handle.db.select().from(inventories).where(eq(inventories.id, inventoryId));
  return {
    onHand: row!.quantityOnHand,
    quarantined: row!.quantityQuarantined,
    available: row!.quantityOnHand - row!.quantityReserved - row!.quantityQuarantined,
  };
}

/** The ledger rows naming a return line, oldest first. */
export async function ledgerOfLine(ctx: TestContext, lineId: number) {
  return ctx.handle.db
    .select({
      type: inventoryMovements.type,
      onHandDelta: inventoryMovements.onHandDelta,
      locationId: inventoryMovements.locationId,
      locationDelta: inventoryMovements.locationDelta,
      lotId: inventoryMovements.lotId,
    })
    .from(inventoryMovements)
    .where(and(eq(inventoryMovements.referenceType, 'return_line'), eq(inventoryMovements.referenceId, lineId)))
    .orderBy(asc(inventoryMovements.id));
}

/** Receives a return (as a manager by default). */
export const receive = (ctx: TestContext, id: number, lines: Record<string, unknown>[], actor: Actor = 'manager') =>
  ctx.as(actor, { method: 'POST', url: `/api/returns/${id}/receive`, payload: { lines } });
