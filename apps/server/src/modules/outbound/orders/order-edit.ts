import { type BackorderItem, ORDER_MESSAGES, type OrderUpdateInput } from '@wms/contract/orders';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { inTransaction, type Transaction } from '../../../db/transaction';
import type { FileStorage } from '../../../files/file-storage';
import { conflict, fieldError } from '../../../http/errors';
import { fillBackorders, releaseStock, reserveStock, type StockReference } from '../../floor/stock/stock-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { liveWaveOfOrder, removeOrderFromWave } from '../waves/waves-api';
import { ORDER_RESOURCE, requireChanged } from './order-scope';
import { releaseOrder } from './order-status-change';
import {
  deleteLabelFileRows,
  deleteOrderRow,
  lockOrder,
  lockOrderLines,
  type OrderLine,
  type OrderRow,
  orderEventScope,
  orderLabelFiles,
  resolveLineInventories,
  shipperExists,
  updateOrderHeader,
  updateOrderLine,
} from './orders-repository';

/**
 * PUT /orders/{id}: an open order's customer, ship date, shipper, notes and line quantities. A lowered quantity
 * releases what the line no longer needs; a raised one reserves more, up to what is available (the rest is
 * reported as backorder); what a lowered line gives back fills other orders' backorders. Verified units above a
 * lowered quantity are capped to it. Quantities of an order in a live wave are refused (422 naming the wave); its
 * header may still change.
 */
export async function updateOrder(
  db: Executor,
  auth: RequestAuth,
  id: number,
  input: OrderUpdateInput,
): Promise<BackorderItem[]> {
  const scope = await auth.scope();
  await requireAccess(db, scope, ORDER_RESOURCE, id);
  if (input.shipper_id) await assertShipperExists(db, input.shipper_id);
  return inTransaction(db, async (tx) => {
    const { order } = await lockOrder(tx, scope, id);
    if (order.lifecycle !== 'open') throw conflict(ORDER_MESSAGES.cannotEdit);
    const backorder = input.items ? await changeQuantities(tx, scope, auth, order, input.items) : [];
    const header = {
      ...(input.customer_name !== undefined ? { customerName: input.customer_name } : {}),
      ...(input.ship_date !== undefined ? { shipDate: input.ship_date } : {}),
      ...(input.shipper_id !== undefined ? { shipperId: input.shipper_id } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.priority !== undefined ? { priority: input.priority } : {}),
    };
    requireChanged(await updateOrderHeader(tx, scope, id, header));
    await recordEvent(tx, {
      kind: 'order.updated',
      payload: { order_number: order.orderNumber },
      actorId: auth.user.id,
      ...orderEventScope(order),
    });
    return backorder;
  });
}

async function assertShipperExists(db: Executor, shipperId: number) {
  if (!(await shipperExists(db, shipperId))) throw fieldError('shipper_id', ORDER_MESSAGES.shipperInvalid);
}

async function changeQuantities(
  tx: Transaction,
  scope: Scope,
  auth: RequestAuth,
  order: OrderRow,
  wanted: NonNullable<OrderUpdateInput['items']>,
): Promise<BackorderItem[]> {
  const lines = await lockOrderLines(tx, order.id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  for (const [index, item] of wanted.entries()) {
    if (!byId.has(item.id)) throw fieldError(`items.${index}.id`, ORDER_MESSAGES.itemNotInOrder);
  }
  const changed = wanted.flatMap((w) => {
    const line = byId.get(w.id)!;
    return w.quantity === line.quantity ? [] : [{ line, quantity: w.quantity }];
  });
  // Its units are allocated and its pick tasks written for the lines as they are: the supervisor takes it out first.
  const live = changed.length > 0 ? await liveWaveOfOrder(tx, order.id) : undefined;
  if (live) throw fieldError('items', ORDER_MESSAGES.itemsInWave(live.waveNumber));
  const ref: StockReference = { referenceType: 'order', referenceId: order.id, userId: auth.user.id };
  const inventories = await resolveLineInventories(
    tx,
    order,
    changed.map((c) => c.line),
  );
  const lowered = changed.filter((c) => c.quantity < c.line.quantityReserved && c.line.inventoryId !== null);
  await releaseStock(
    tx,
    lowered.map((c) => ({ inventoryId: c.line.inventoryId!, quantity: c.line.quantityReserved - c.quantity })),
    ref,
  );
  const raised = changed.filter((c) => c.quantity > c.line.quantityReserved);
  const reserved = await reserveStock(
    tx,
    raised.map((c) => ({
      inventoryId: inventories.get(c.line.id) ?? null,
      quantity: c.quantity - c.line.quantityReserved,
      orderId: order.id,
    })),
    auth.user.id,
  );
  const backorder: BackorderItem[] = [];
  for (const c of changed) {
    const raisedIndex = raised.indexOf(c);
    const extra = raisedIndex >= 0 ? (reserved[raisedIndex]?.reserved ?? 0) : 0;
    const newReserved = Math.min(c.quantity, c.line.quantityReserved) + extra;
    const values = {
      quantity: c.quantity,
      quantityReserved: newReserved,
      verifiedQuantity: Math.min(c.line.verifiedQuantity, c.quantity),
      inventoryId: inventories.get(c.line.id) ?? null,
    };
    requireChanged(await updateOrderLine(tx, scope, c.line.id, values));
    if (newReserved < c.quantity) backorder.push(shortOf(c.line, c.quantity, newReserved));
  }
  // Units a lowered line no longer holds go to the orders waiting for them, oldest first.
  await fillBackorders(
    tx,
    lowered.map((c) => c.line.inventoryId),
    auth.user.id,
  );
  return backorder;
}

const shortOf = (line: OrderLine, requested: number, reserved: number): BackorderItem => ({
  order_item_id: line.id,
  sku: line.sku,
  requested,
  reserved,
  short: requested - reserved,
});

/**
 * DELETE /orders/{id}: pending orders only (spec 2 §5); releases the reservations, removes the order with its lines
 * and labels (their stored files go after the commit). The ledger keeps its movements referencing the order.
 */
export async function deleteOrder(db: Executor, auth: RequestAuth, id: number, storage: FileStorage): Promise<void> {
  const scope = await auth.scope();
  await requireAccess(db, scope, ORDER_RESOURCE, id);
  const storageKeys = await inTransaction(db, async (tx) => {
    const { order, status } = await lockOrder(tx, scope, id);
    if (status.systemKey !== 'pending') throw conflict(ORDER_MESSAGES.onlyPendingDeleted);
    // A pending order may already be in a wave: it leaves it first (allocations released, picked units put back).
    await removeOrderFromWave(tx, order, { reason: 'deleted', actorId: auth.user.id });
    const released = await releaseOrder(tx, scope, order, {
      referenceType: 'order',
      referenceId: order.id,
      userId: auth.user.id,
    });
    const labelFiles = await orderLabelFiles(tx, id);
    requireChanged(await deleteOrderRow(tx, scope, id));
    // The deleted order's stock goes to the open orders waiting for it.
    await fillBackorders(tx, released, auth.user.id);
    await deleteLabelFileRows(
      tx,
      labelFiles.map((f) => f.id),
    );
    await recordEvent(tx, {
      kind: 'order.deleted',
      payload: { order_number: order.orderNumber },
      actorId: auth.user.id,
      ...orderEventScope(order),
    });
    return labelFiles.map((f) => f.key);
  });
  await Promise.all(storageKeys.map((key) => storage.delete(key).catch(() => undefined)));
}
