import type { Executor } from '../../../db/client';
import { recordEvent } from '../../platform/activity/activity-api';
import {
  addLineReservation,
  lockRowsToFill,
  rowsWithShortLines,
  shortLinesOf,
  stillShortByOrder,
} from './fill-backorders-repository';
import { moveStock } from './ledger';
import { StockError } from './stock-operations';

/** Short lines read (and locked) per round; a round stops early once the new stock is used up. */
const BATCH = 100;

export interface FilledLine {
  orderId: number;
  orderItemId: number;
  inventoryId: number;
  /** Units reserved for the line now. */
  quantity: number;
}

interface FilledOrder {
  orderNumber: string;
  warehouseId: number;
  accountId: number;
  units: number;
  skus: Set<string>;
}

/**
 * Backorders are filled when stock arrives (DESIGN §6). Every path that adds or frees stock — an
 * inbound shipment received, an adjustment or edit, a row created with stock, an order cancelled, deleted or
 * lowered — calls this in its own transaction, after its own change (so a cancelled or deleted order is no longer
 * open and does not take its stock back). For each inventory row (locked in id order, like every stock operation)
 * the open orders of that account and warehouse with lines of that product still short get what is available,
 * oldest order first (created_at, id): each line reserves min(available, short) through the ledger (a `reserve`
 * movement referencing the order, as at order creation) and its `quantity_reserved` — the one record of what the
 * line holds, from which every "short" figure is computed — grows by the same amount. Lines that had no inventory
 * row when the order was placed are linked to this one.
 *
 * Concurrency: the inventory row lock serialises fills of one row with each other and with order creation; the
 * short lines and their orders are locked too (FOR UPDATE OF both), so an order cancelled or shipped meanwhile is
 * re-checked after its change commits and skipped. A transaction that holds an order and waits for this row while
 * this one waits for that order is a deadlock PostgreSQL breaks; `inTransaction` runs the loser again.
 */
export async function fillBackorders(
  tx: Executor,
  inventoryIds: readonly (number | null)[],
  actorId: number | null,
): Promise<FilledLine[]> {
  const ids = [...new Set(inventoryIds.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const locked = await lockRowsToFill(tx, ids);
  // Many rows at once (a shipment's lines): one query first finds the few with short lines, instead of one read each.
  const candidates = locked.filter((row) => row.available > 0);
  const waiting = candidates.length > 1 ? await rowsWithShortLines(tx, candidates) : null;
  const rows = waiting ? candidates.filter((row) => waiting.has(row.id)) : candidates;

  const filled: FilledLine[] = [];
  const byOrder = new Map<number, FilledOrder>();
  for (const row of rows) {
    let available = row.available;
    while (available > 0) {
      const lines = await shortLinesOf(tx, row, BATCH);
      for (const line of lines) {
        if (available === 0) break;
        const quantity = Math.min(available, line.missing);
        const after = await moveStock(tx, {
          inventoryId: row.id,
          type: 'reserve',
          onHandDelta: 0,
          reservedDelta: quantity,
          reason: 'Backorder filled',
          referenceType: 'order',
          referenceId: line.orderId,
          userId: actorId,
        });
        // The row is locked and `available` read under that lock: a refusal would mean a bug, never overbook.
        if (!after) throw new StockError('insufficient_on_hand', row.id, 'Stock changed while filling backorders');
        await addLineReservation(tx, line.id, row.id, quantity);
        available -= quantity;
        filled.push({ orderId: line.orderId, orderItemId: line.id, inventoryId: row.id, quantity });
        const order = byOrder.get(line.orderId) ?? {
          orderNumber: line.orderNumber,
          warehouseId: row.warehouseId,
          accountId: row.accountId,
          units: 0,
          skus: new Set<string>(),
        };
        order.units += quantity;
        order.skus.add(line.sku);
        byOrder.set(line.orderId, order);
      }
      if (lines.length < BATCH) break;
    }
  }
  await recordFilledOrders(tx, byOrder, actorId);
  return filled;
}

/** One `order.backorder_filled` event per order, on its timeline, saying what is still short. */
async function recordFilledOrders(tx: Executor, byOrder: Map<number, FilledOrder>, actorId: number | null) {
  if (byOrder.size === 0) return;
  const stillShort = await stillShortByOrder(tx, [...byOrder.keys()]);
  for (const [orderId, order] of byOrder) {
    await recordEvent(tx, {
      kind: 'order.backorder_filled',
      payload: {
        order_number: order.orderNumber,
        units: order.units,
        skus: [...order.skus],
        still_short: stillShort.get(orderId) ?? 0,
      },
      actorId,
      subject: { type: 'order', id: orderId },
      warehouseIds: [order.warehouseId],
      accountIds: [order.accountId],
    });
  }
}
