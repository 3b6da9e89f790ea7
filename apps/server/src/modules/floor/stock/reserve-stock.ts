import type { Executor } from '../../../db/client';
import { writeInventoryChanges } from '../../integrations/outbox/outbox-api';
import {
  addReservedUnits,
  insertReserveMovements,
  lockStockRows,
  type ReserveMovement,
} from './reservation-repository';
import { StockError } from './stock-operations';

export interface ReserveLine {
  /** null: the product has no stock row in that warehouse for that account (it reserves nothing). */
  inventoryId: number | null;
  quantity: number;
  /** The order the reservation belongs to (the ledger row's reference). */
  orderId: number;
}

export interface ReserveResult {
  requested: number;
  reserved: number;
  /** requested − reserved: the backorder. */
  short: number;
  /** What was available before this line's reservation (for inventory warnings). */
  availableBefore: number;
}

/**
 * The one reservation rule (DESIGN §6), for one order line or thousands (order creation, import, edit, re-open):
 * each line reserves min(quantity, available), never more; the shortfall is reported, not an error. Lines sharing
 * a row are served in the given order. Set-based: one SELECT … FOR UPDATE (id order) for every row, one
 * conditional UPDATE, and the `reserve` ledger rows (each with its order reference and the balance after it) in a
 * few multi-row INSERTs. The rows stay locked until the caller's transaction ends, so the balances are the truth.
 */
export async function reserveStock(
  tx: Executor,
  lines: readonly ReserveLine[],
  userId: number | null,
): Promise<ReserveResult[]> {
  const rows = await lockStockRows(
    tx,
    lines.flatMap((l) => (l.inventoryId === null ? [] : [l.inventoryId])),
  );
  const balances = new Map(rows.map((r) => [r.id, { ...r, added: 0 }]));
  const results: ReserveResult[] = [];
  const movements: ReserveMovement[] = [];
  for (const line of lines) {
    const balance = line.inventoryId === null ? undefined : balances.get(line.inventoryId);
    const availableBefore = balance ? Math.max(0, balance.onHand - balance.reserved - balance.quarantined) : 0;
    const reserved = Math.min(line.quantity, availableBefore);
    if (balance && reserved > 0) {
      balance.reserved += reserved;
      balance.added += reserved;
      movements.push({
        inventoryId: balance.id,
        productId: balance.productId,
        warehouseId: balance.warehouseId,
        accountId: balance.accountId,
        reservedDelta: reserved,
        onHandAfter: balance.onHand,
        reservedAfter: balance.reserved,
        orderId: line.orderId,
        userId,
      });
    }
    results.push({ requested: line.quantity, reserved, short: line.quantity - reserved, availableBefore });
  }
  const changed = [...balances.values()].filter((b) => b.added > 0);
  // The rows are locked, so this cannot happen; refuse rather than overbook silently if it ever does.
  if ((await addReservedUnits(tx, changed)) !== changed.length) {
    throw new StockError('insufficient_on_hand', null, 'Stock changed during reservation');
  }
  await insertReserveMovements(tx, movements);
  // The rows' new quantities for webhook subscribers, in the same transaction.
  await writeInventoryChanges(
    tx,
    changed.map((b) => ({
      inventoryId: b.id,
      productId: b.productId,
      warehouseId: b.warehouseId,
      accountId: b.accountId,
      quantityOnHand: b.onHand,
      quantityReserved: b.reserved,
      quantityQuarantined: b.quarantined,
    })),
  );
  return results;
}
