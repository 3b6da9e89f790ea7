import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { anyId, idArray } from '../../../db/id-array';
import { insertJsonRows } from '../../../db/insert-json-rows';
import { inventories } from '../../../db/schema/inventory';

/** SQL of reservations (reserve-stock.ts) and the row locks of release and ship (stock-operations.ts): set-based, so a bulk create or import of thousands of lines stays fast. */

export interface LockedStockRow {
  id: number;
  productId: number;
  warehouseId: number;
  accountId: number;
  onHand: number;
  reserved: number;
  /** Units in quarantine locations: on hand, never reservable. */
  quarantined: number;
}

/** Locks the rows (SELECT … FOR UPDATE in id order, so two orders never deadlock) and answers their balances. */
export async function lockStockRows(tx: Executor, ids: readonly number[]): Promise<LockedStockRow[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  return tx
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
    .where(anyId(inventories.id, unique))
    .orderBy(asc(inventories.id))
    .for('update');
}

/**
 * Adds reserved units to several rows in one conditional UPDATE (never above on hand less quarantine); answers the number of rows
 * changed, so the caller can refuse when one was not.
 */
export async function addReservedUnits(tx: Executor, rows: readonly { id: number; added: number }[]): Promise<number> {
  if (rows.length === 0) return 0;
  // Two array parameters, not two per row: a 50-order bulk create reserves on ~100 rows at once.
  const ids = idArray(rows.map((r) => r.id));
  const added = idArray(rows.map((r) => r.added));
  const updated = (await tx.execute(sql`
    update ${inventories} set quantity_reserved = ${inventories}.quantity_reserved + v.added, updated_at = now()
    from unnest(${ids}, ${added}) as v(id, added)
    where ${inventories}.id = v.id
      and ${inventories}.quantity_reserved + v.added + ${inventories}.quantity_quarantined <= ${inventories}.quantity_on_hand
    returning ${inventories}.id`)) as unknown as { rows: unknown[] };
  return updated.rows.length;
}

/** One ledger row of a reservation, with the balance after it. */
export interface ReserveMovement {
  inventoryId: number;
  productId: number;
  warehouseId: number;
  accountId: number;
  reservedDelta: number;
  onHandAfter: number;
  reservedAfter: number;
  orderId: number;
  userId: number | null;
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

/** The `reserve` movements, in the given order, a few multi-row INSERTs for any number. */
export async function insertReserveMovements(tx: Executor, movements: readonly ReserveMovement[]): Promise<void> {
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
        type: 'reserve',
        on_hand_delta: 0,
        reserved_delta: m.reservedDelta,
        on_hand_after: m.onHandAfter,
        reserved_after: m.reservedAfter,
        reference_type: 'order',
        reference_id: m.orderId,
        user_id: m.userId,
      })),
    );
  }
}
