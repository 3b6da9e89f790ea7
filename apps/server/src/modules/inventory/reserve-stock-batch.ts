import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { insertJsonRows } from '../../db/insert-json-rows';
import { inventories, type inventoryMovements } from '../../db/schema/inventory';
import { StockError } from './stock-operations';

export interface BatchReserveLine {
  /** null: the product has no stock row in that warehouse for that account (it reserves nothing). */
  inventoryId: number | null;
  quantity: number;
  /** The order the reservation belongs to (the ledger row's reference). */
  orderId: number;
}

export interface BatchReserveResult {
  reserved: number;
  short: number;
  availableBefore: number;
}

const INSERT_CHUNK = 5000;
const MOVEMENT_COLUMNS = [
  ['inventory_id', 'int'],
  ['product_id', 'int'],
  ['warehouse_id', 'int'],
  ['account_id', 'int'],
  ['type', 'text'],
  ['on_hand_delta', 'int'],
  ['reserved_delta', 'int'],
  ['on_hand_after', 'int'],
  ['reserved_after', 'int'],
  ['reference_type', 'text'],
  ['reference_id', 'int'],
  ['user_id', 'int'],
] as const;

/**
 * `reserveStock` for many orders at once (bulk create, spreadsheet import of thousands of lines): the same rule —
 * each line reserves min(quantity, available), lines sharing a row are served in the given order — but set-based:
 * one SELECT … FOR UPDATE (id order) for every row, one conditional UPDATE for all of them, and the ledger rows in
 * a few multi-row INSERTs, each movement carrying its own order reference and the balance after it. The rows stay
 * locked until the caller's transaction ends, so the computed balances are the truth.
 */
export async function reserveStockBatch(
  tx: Executor,
  lines: readonly BatchReserveLine[],
  userId: number | null,
): Promise<BatchReserveResult[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.inventoryId === null ? [] : [l.inventoryId])))].sort((a, b) => a - b);
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({
            id: inventories.id,
            productId: inventories.productId,
            warehouseId: inventories.warehouseId,
            accountId: inventories.accountId,
            onHand: inventories.quantityOnHand,
            reserved: inventories.quantityReserved,
            quarantined: inventories.quantityQuarantined,
          })
          .from(inventories)
          .where(inArray(inventories.id, ids))
          .orderBy(asc(inventories.id))
          .for('update');
  const balances = new Map(rows.map((r) => [r.id, { ...r, added: 0 }]));

  const results: BatchReserveResult[] = [];
  const movements: (typeof inventoryMovements.$inferInsert)[] = [];
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
        type: 'reserve',
        onHandDelta: 0,
        reservedDelta: reserved,
        onHandAfter: balance.onHand,
        reservedAfter: balance.reserved,
        referenceType: 'order',
        referenceId: line.orderId,
        userId,
      });
    }
    results.push({ reserved, short: line.quantity - reserved, availableBefore });
  }

  const changed = [...balances.values()].filter((b) => b.added > 0);
  if (changed.length > 0) {
    const values = sql.join(
      changed.map((b) => sql`(${b.id}::int, ${b.added}::int)`),
      sql`, `,
    );
    const updated = await tx.execute<{ id: number }>(sql`
      update ${inventories} set quantity_reserved = ${inventories}.quantity_reserved + v.added, updated_at = now()
      from (values ${values}) as v(id, added)
      where ${inventories}.id = v.id
        and ${inventories}.quantity_reserved + v.added + ${inventories}.quantity_quarantined <= ${inventories}.quantity_on_hand
      returning ${inventories}.id`);
    // The rows are locked, so this cannot happen; refuse rather than overbook silently if it ever does.
    if (resultRows(updated).length !== changed.length) {
      throw new StockError('insufficient_on_hand', null, 'Stock changed during reservation');
    }
    for (let start = 0; start < movements.length; start += INSERT_CHUNK) {
      await insertJsonRows(
        tx,
        'inventory_movements',
        MOVEMENT_COLUMNS,
        movements.slice(start, start + INSERT_CHUNK).map((m) => ({
          inventory_id: m.inventoryId,
          product_id: m.productId,
          warehouse_id: m.warehouseId,
          account_id: m.accountId,
          type: m.type,
          on_hand_delta: m.onHandDelta,
          reserved_delta: m.reservedDelta,
          on_hand_after: m.onHandAfter,
          reserved_after: m.reservedAfter,
          reference_type: m.referenceType,
          reference_id: m.referenceId,
          user_id: m.userId,
        })),
      );
    }
  }
  return results;
}

/** node-postgres answers {rows}; PGlite answers {rows} too, but drizzle's types differ per driver. */
const resultRows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
