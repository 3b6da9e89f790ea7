import type { Executor } from '../../../db/client';
import { recordEvent } from '../../platform/activity/activity-api';
import { ensureInventoryRow, fillBackorders, moveStock, releaseStock } from '../stock/stock-api';
import {
  holdingLinesNewestFirst,
  lockedBalance,
  setLineInventory,
  takeLineReservation,
  unallocatedUnitsAt,
  varianceLines,
} from './cycle-counts-repository';

interface Approval {
  countId: number;
  warehouseId: number;
  userId: number;
}

interface ShortOrder {
  orderNumber: string;
  accountId: number;
  units: number;
  skus: Set<string>;
}

/**
 * Writes the count's variances to stock, inside the caller's transaction (the count's row locked): per line with a
 * variance, one ledger `count` movement of (counted − expected) at the line's location and lot, reference = the
 * count. Rows are taken in inventory-row order (the lock order of every stock operation).
 *
 * A loss cannot take on hand below what is held (reserved + quarantined ≤ on hand is a CHECK). Instead of failing,
 * the count frees what it must: first units reserved by hand (no order holds them), then the reservations of the
 * open orders holding the row, newest order first. Those order lines become short — the backorder mechanism
 * (order_items.quantity_reserved < quantity), filled again by `fillBackorders` when stock arrives — and each order
 * gets an `order.shorted_by_count` event. Gains fill backorders of their rows at once.
 *
 * A loss larger than what the location still holds (units left it after the count) takes only what is there.
 */
export async function approveVariances(tx: Executor, approval: Approval) {
  // Gains before losses within a row, so a loss falls on orders only when the row is short after both.
  const lines = (await varianceLines(tx, approval.countId)).sort(
    (a, b) =>
      (a.inventoryId ?? Number.MAX_SAFE_INTEGER) - (b.inventoryId ?? Number.MAX_SAFE_INTEGER) ||
      b.counted - b.expected - (a.counted - a.expected),
  );
  const shortOrders = new Map<number, ShortOrder>();
  const gained: number[] = [];
  let adjustedLines = 0;
  let netUnits = 0;
  for (const line of lines) {
    let inventoryId = line.inventoryId;
    if (inventoryId === null) {
      inventoryId = await ensureInventoryRow(tx, {
        productId: line.productId,
        warehouseId: approval.warehouseId,
        accountId: line.accountId,
      });
      await setLineInventory(tx, line.id, inventoryId);
    }
    const balance = await lockedBalance(tx, inventoryId);
    if (!balance) continue;
    let delta = line.counted - line.expected;
    if (delta < 0) {
      delta = Math.max(delta, -(await unallocatedUnitsAt(tx, inventoryId, line.locationId, line.lotId)));
      const quarantineLoss = line.locationType === 'quarantine' ? delta : 0;
      const excess = balance.reserved + balance.quarantined + quarantineLoss - (balance.onHand + delta);
      if (excess > 0) await freeReservations(tx, inventoryId, line.sku, excess, approval, shortOrders);
    }
    if (delta === 0) continue;
    const after = await moveStock(tx, {
      inventoryId,
      type: 'count',
      onHandDelta: delta,
      reservedDelta: 0,
      locationId: line.locationId,
      lotId: line.lotId,
      reason: `Cycle count #${approval.countId}`,
      referenceType: 'cycle_count',
      referenceId: approval.countId,
      userId: approval.userId,
    });
    // Reservations were freed above and the row is locked: a refusal here is a bug, never a silent skip.
    if (!after) throw new Error(`Cycle count ${approval.countId}: the adjustment of line ${line.id} was refused`);
    adjustedLines += 1;
    netUnits += delta;
    if (delta > 0) gained.push(inventoryId);
  }
  await recordShortOrders(tx, shortOrders, approval);
  await fillBackorders(tx, gained, approval.userId);
  return { adjustedLines, netUnits };
}

/** Frees `units` reserved units of a row: hand reservations first, then open orders' lines, newest order first. */
async function freeReservations(
  tx: Executor,
  inventoryId: number,
  sku: string,
  units: number,
  approval: Approval,
  shortOrders: Map<number, ShortOrder>,
) {
  const holding = await holdingLinesNewestFirst(tx, inventoryId);
  const balance = await lockedBalance(tx, inventoryId);
  const heldByOrders = holding.reduce((sum, line) => sum + line.reserved, 0);
  let needed = units;
  const byHand = Math.min(needed, Math.max(0, (balance?.reserved ?? 0) - heldByOrders));
  if (byHand > 0) {
    await moveStock(tx, {
      inventoryId,
      type: 'release',
      onHandDelta: 0,
      reservedDelta: -byHand,
      reason: `Cycle count #${approval.countId}`,
      referenceType: 'cycle_count',
      referenceId: approval.countId,
      userId: approval.userId,
    });
    needed -= byHand;
  }
  for (const line of holding) {
    if (needed === 0) break;
    const taken = Math.min(needed, line.reserved);
    await releaseStock(tx, [{ inventoryId, quantity: taken }], {
      referenceType: 'order',
      referenceId: line.orderId,
      userId: approval.userId,
      reason: `Short after cycle count #${approval.countId}`,
    });
    await takeLineReservation(tx, line.id, taken);
    needed -= taken;
    const order = shortOrders.get(line.orderId) ?? {
      orderNumber: line.orderNumber,
      accountId: line.accountId,
      units: 0,
      skus: new Set<string>(),
    };
    order.units += taken;
    order.skus.add(sku);
    shortOrders.set(line.orderId, order);
  }
}

async function recordShortOrders(tx: Executor, shortOrders: Map<number, ShortOrder>, approval: Approval) {
  for (const [orderId, order] of shortOrders) {
    await recordEvent(tx, {
      kind: 'order.shorted_by_count',
      payload: {
        order_number: order.orderNumber,
        units: order.units,
        skus: [...order.skus],
        cycle_count_id: approval.countId,
      },
      actorId: approval.userId,
      subject: { type: 'order', id: orderId },
      warehouseIds: [approval.warehouseId],
      accountIds: [order.accountId],
    });
  }
}
