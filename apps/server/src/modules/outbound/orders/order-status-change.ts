import { type BackorderItem, ORDER_MESSAGES } from '@wms/contract/orders';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { inTransaction, type Transaction } from '../../../db/transaction';
import { conflict, fieldError } from '../../../http/errors';
import {
  fillBackorders,
  releaseStock,
  reserveStock,
  type StockReference,
  shipStock,
} from '../../floor/stock/stock-api';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  leaveWaveShipped,
  liveWaveOfOrder,
  type PickedUnits,
  pickedUnits,
  removeOrderFromWave,
} from '../waves/waves-api';
import { ORDER_RESOURCE, requireChanged } from './order-scope';
import { resolveTargetStatus } from './order-status-target';
import { withStockErrorsAsConflicts } from './order-stock-errors';
import {
  lockOrder,
  lockOrderLines,
  type OrderLine,
  type OrderRow,
  orderEventScope,
  resolveLineInventories,
  type StatusRow,
  setOrderStatus,
  updateOrderLine,
} from './orders-repository';

export interface StatusChangeResult {
  changed: boolean;
  backorderItems: BackorderItem[];
}

/**
 * POST /orders/{id}/status: any active orders-module status the caller's audience may set. What the
 * change does to stock follows the statuses' lifecycles, in one transaction with the order row locked first:
 * - open → shipped: every item must be verified; on hand is deducted and the reservation released (shipStock,
 *   once per order: a concurrent second ship waits for the lock, then finds the order shipped and moves nothing);
 * - open → cancelled: reservations released, and given to other open orders short of them (oldest first);
 *   cancelled → open: reserves again what is available (short reported);
 * - shipped is final: only another shipped status (shipped → Delivered) is allowed, with no stock movement;
 * - a cancelled order must be re-opened before it can ship.
 * An order in a live wave: cancelling takes it out of the wave first (allocations released, picked units put back);
 * shipping waits until its wave has picked it, and a status that holds release (on hold) waits until a supervisor
 * removes it from the wave — both 422 naming the wave. Other open statuses are labels and leave the wave as it is.
 * Setting the status it already has changes nothing (a retried request is harmless).
 */
export async function changeOrderStatus(
  db: Executor,
  auth: RequestAuth,
  id: number,
  value: string | number,
): Promise<StatusChangeResult> {
  const scope = await auth.scope();
  await requireAccess(db, scope, ORDER_RESOURCE, id);
  const target = await resolveTargetStatus(db, auth.user, value);
  return applyStatusChange(db, scope, auth.user.id, id, target);
}

/**
 * The status change itself, for a caller already allowed to make it (the route above, the demo seed with the `all`
 * scope); its writes still carry the scope.
 */
export async function applyStatusChange(
  db: Executor,
  scope: Scope,
  actorId: number | null,
  id: number,
  target: StatusRow,
): Promise<StatusChangeResult> {
  return inTransaction(db, async (tx) => {
    const { order, status: current } = await lockOrder(tx, scope, id);
    if (order.statusId === target.id) return { changed: false, backorderItems: [] };
    const from = order.lifecycle;
    const to = target.lifecycle;
    if (from === 'shipped' && to !== 'shipped') throw conflict(ORDER_MESSAGES.shippedIsFinal);
    if (from === 'cancelled' && to === 'shipped') throw conflict(ORDER_MESSAGES.cancelledCannotShip);
    await checkWave(tx, order.id, target);
    const ref: StockReference = { referenceType: 'order', referenceId: order.id, userId: actorId };
    if (from === 'open' && to === 'cancelled') {
      await removeOrderFromWave(tx, order, { reason: 'cancelled', actorId });
    }
    let backorderItems: BackorderItem[] = [];
    let released: number[] = [];
    if (from === 'open' && to === 'shipped') {
      await shipOrder(tx, scope, order, ref);
      await leaveWaveShipped(tx, order.id);
    } else if (from === 'open' && to === 'cancelled') released = await releaseOrder(tx, scope, order, ref);
    else if (from === 'cancelled' && to === 'open') backorderItems = await reserveOrder(tx, scope, order, ref);
    requireChanged(await setOrderStatus(tx, scope, order, target));
    await recordEvent(tx, {
      kind: 'order.status_changed',
      payload: { order_number: order.orderNumber, from: current.name, to: target.name },
      actorId,
      ...orderEventScope(order),
    });
    // After the lifecycle is written, so the cancelled order is not open any more and other orders get its stock.
    await fillBackorders(tx, released, actorId);
    return { changed: true, backorderItems };
  });
}

/**
 * The order moves to a shipped status whose stock the caller has already shipped (the packing station's Ship): the
 * status written with its event — which the outbox turns into `order.shipped` — and its wave entry closed as shipped.
 */
export async function recordShippedStatus(
  tx: Transaction,
  scope: Scope,
  actorId: number | null,
  order: OrderRow,
  currentName: string,
  target: StatusRow,
): Promise<void> {
  requireChanged(await setOrderStatus(tx, scope, order, target));
  await recordEvent(tx, {
    kind: 'order.status_changed',
    payload: { order_number: order.orderNumber, from: currentName, to: target.name },
    actorId,
    ...orderEventScope(order),
  });
  await leaveWaveShipped(tx, order.id);
}

/** What a live wave forbids: shipping before the order is picked, and putting it on hold while in the wave. */
async function checkWave(tx: Transaction, orderId: number, target: StatusRow): Promise<void> {
  const live = await liveWaveOfOrder(tx, orderId);
  if (!live) return;
  if (target.lifecycle === 'shipped' && live.state !== 'picked') {
    throw fieldError('status', ORDER_MESSAGES.shipInWave(live.waveNumber));
  }
  if (target.lifecycle === 'open' && target.holdsRelease) {
    throw fieldError('status', ORDER_MESSAGES.holdInWave(live.waveNumber));
  }
}

async function shipOrder(tx: Transaction, scope: Scope, order: OrderRow, ref: StockReference) {
  const lines = await lockOrderLines(tx, order.id);
  if (lines.some((l) => l.verifiedQuantity < l.quantity)) {
    throw fieldError('status', ORDER_MESSAGES.shipNeedsVerification);
  }
  const inventories = await resolveLineInventories(tx, order, lines);
  if (lines.some((l) => inventories.get(l.id) === null)) throw conflict(ORDER_MESSAGES.productNotStocked);
  const picked = await pickedPlaces(tx, order.id);
  // A partly shipped order (packing shipped what was picked) ships its rest: its backorder's own shipment.
  const rest = (l: OrderLine) => l.quantity - l.quantityShipped;
  const shippedBefore = lines.reduce((sum, l) => sum + l.quantityShipped, 0);
  await withStockErrorsAsConflicts(() =>
    shipStock(
      tx,
      lines.map((l) => ({
        inventoryId: inventories.get(l.id)!,
        quantity: rest(l),
        reserved: l.quantityReserved,
        places: wholeLinePicked(picked.get(l.id), rest(l)),
      })),
      { ...ref, reason: backorderShipmentReason(order.orderNumber, shippedBefore) },
    ),
  );
  for (const line of lines) {
    const values = { quantityReserved: 0, quantityShipped: line.quantity, inventoryId: inventories.get(line.id)! };
    requireChanged(await updateOrderLine(tx, scope, line.id, values));
  }
}

/**
 * The ledger applies one `ship` per order, inventory row and reason (its once-per-reference guard). An order's first
 * shipment has no reason; each later shipment of a partly shipped order's backorder says how many units left before
 * it — a number that only grows, so every shipment is its own and a repeated one is still refused.
 */
export function backorderShipmentReason(orderNumber: string, unitsShippedBefore: number): string | null {
  if (unitsShippedBefore === 0) return null;
  const units = `${unitsShippedBefore} unit${unitsShippedBefore === 1 ? '' : 's'}`;
  return `Backorder shipment of ${orderNumber} (${units} shipped before)`;
}

type Place = { locationId: number; lotId: number | null; quantity: number };

/**
 * Where each line's picked units lie: the staging location, lot by lot, as picking left them (an order in no wave
 * has none).
 */
export async function pickedPlaces(tx: Transaction, orderId: number): Promise<Map<number, Place[]>> {
  return stagedPlacesOf(await pickedUnits(tx, orderId));
}

/** Per line, where its picked units wait: the staging location, lot by lot. */
export function stagedPlacesOf(units: readonly PickedUnits[]): Map<number, Place[]> {
  const places = new Map<number, Place[]>();
  for (const unit of units) {
    if (unit.stagingLocationId === null) continue;
    const list = places.get(unit.orderItemId) ?? [];
    list.push({ locationId: unit.stagingLocationId, lotId: unit.lotId, quantity: unit.quantity });
    places.set(unit.orderItemId, list);
  }
  return places;
}

/**
 * A line whose every unit was picked ships exactly those units from the staging location with their lots; one
 * never picked (or picked only in part) ships by the take order as before waves existed.
 */
function wholeLinePicked(places: Place[] | undefined, quantity: number): Place[] | undefined {
  if (!places) return undefined;
  return places.reduce((sum, p) => sum + p.quantity, 0) === quantity ? places : undefined;
}

/**
 * Gives back what the order holds (cancel, delete) and answers the inventory rows it freed: the caller fills other
 * orders' backorders from them (fillBackorders) once this order is no longer open.
 */
export async function releaseOrder(
  tx: Transaction,
  scope: Scope,
  order: OrderRow,
  ref: StockReference,
): Promise<number[]> {
  const lines = (await lockOrderLines(tx, order.id)).filter((l) => l.quantityReserved > 0 && l.inventoryId !== null);
  await releaseStock(
    tx,
    lines.map((l) => ({ inventoryId: l.inventoryId!, quantity: l.quantityReserved })),
    ref,
  );
  for (const line of lines) requireChanged(await updateOrderLine(tx, scope, line.id, { quantityReserved: 0 }));
  return lines.map((l) => l.inventoryId!);
}

/** Re-opening a cancelled order reserves again what is available now; the rest is reported as backorder. */
async function reserveOrder(
  tx: Transaction,
  scope: Scope,
  order: OrderRow,
  ref: StockReference,
): Promise<BackorderItem[]> {
  const lines = await lockOrderLines(tx, order.id);
  const inventories = await resolveLineInventories(tx, order, lines);
  const wanted = lines.map((l) => ({ line: l, missing: l.quantity - l.quantityReserved }));
  const results = await reserveStock(
    tx,
    wanted.map((w) => ({ inventoryId: inventories.get(w.line.id) ?? null, quantity: w.missing, orderId: order.id })),
    ref.userId,
  );
  const backorder: BackorderItem[] = [];
  for (const [index, { line, missing }] of wanted.entries()) {
    const reserved = results[index]?.reserved ?? 0;
    const values = {
      quantityReserved: line.quantityReserved + reserved,
      inventoryId: inventories.get(line.id) ?? null,
    };
    requireChanged(await updateOrderLine(tx, scope, line.id, values));
    if (reserved < missing) backorder.push(backorderOf(line, missing, reserved));
  }
  return backorder;
}

const backorderOf = (line: OrderLine, requested: number, reserved: number): BackorderItem => ({
  order_item_id: line.id,
  sku: line.sku,
  requested,
  reserved,
  short: requested - reserved,
});
