import { INVENTORY_MESSAGES, type MovementType } from '@wms/contract/inventory';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inventories, inventoryMovements } from '../../db/schema/inventory';
import { fieldError, notFound } from '../../http/errors';
import { writeInventoryChanges } from '../webhooks/outbox';

export interface MovementRequest {
  inventoryId: number;
  type: MovementType;
  onHandDelta: number;
  reservedDelta: number;
  reason?: string | null;
  referenceType?: string | null;
  referenceId?: number | null;
  userId: number | null;
}

export interface Balance {
  quantityOnHand: number;
  quantityReserved: number;
}

/**
 * The one way quantities change (DESIGN §6). A single conditional UPDATE applies the deltas only when the result
 * keeps 0 ≤ reserved ≤ on hand, so concurrent movements never lose an update and never overdraw (the row lock the
 * UPDATE takes serialises them); the movement row with the balance after it is written in the same transaction.
 * Answers null when the movement was refused (the row is missing or the result would break a rule); callers
 * decide what that means (`applyMovement` turns it into the inventory screens' field errors, the stock operations
 * into domain errors). Call it inside a transaction.
 */
export async function moveStock(tx: Executor, movement: MovementRequest): Promise<Balance | null> {
  const { inventoryId, onHandDelta, reservedDelta } = movement;
  const updated = await tx
    .update(inventories)
    .set({
      quantityOnHand: sql`${inventories.quantityOnHand} + ${onHandDelta}`,
      quantityReserved: sql`${inventories.quantityReserved} + ${reservedDelta}`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${inventories.id} = ${inventoryId}
        and ${inventories.quantityOnHand} + ${onHandDelta} >= 0
        and ${inventories.quantityReserved} + ${reservedDelta} >= 0
        and ${inventories.quantityReserved} + ${reservedDelta} <= ${inventories.quantityOnHand} + ${onHandDelta}`,
    )
    .returning({
      productId: inventories.productId,
      warehouseId: inventories.warehouseId,
      accountId: inventories.accountId,
      quantityOnHand: inventories.quantityOnHand,
      quantityReserved: inventories.quantityReserved,
    });
  const row = updated[0];
  if (!row) return null;
  await tx.insert(inventoryMovements).values({
    inventoryId,
    productId: row.productId,
    warehouseId: row.warehouseId,
    accountId: row.accountId,
    type: movement.type,
    onHandDelta,
    reservedDelta,
    onHandAfter: row.quantityOnHand,
    reservedAfter: row.quantityReserved,
    reason: movement.reason ?? null,
    referenceType: movement.referenceType ?? null,
    referenceId: movement.referenceId ?? null,
    userId: movement.userId,
  });
  // The row's new quantities for webhook subscribers, in the same transaction (issue 21).
  await writeInventoryChanges(tx, [{ inventoryId, ...row }]);
  return { quantityOnHand: row.quantityOnHand, quantityReserved: row.quantityReserved };
}

/** `moveStock` for the inventory screens: a refusal becomes the 404 or the field error the form shows. */
export async function applyMovement(tx: Executor, movement: MovementRequest): Promise<Balance> {
  const balance = await moveStock(tx, movement);
  if (!balance) throw await refusalReason(tx, movement);
  return balance;
}

/** Explains a refused movement against the row as it is now (only reached on refusal, so the extra read is rare). */
async function refusalReason(tx: Executor, movement: MovementRequest): Promise<Error> {
  const [current] = await tx
    .select({ onHand: inventories.quantityOnHand, reserved: inventories.quantityReserved })
    .from(inventories)
    .where(sql`${inventories.id} = ${movement.inventoryId}`);
  if (!current) return notFound(INVENTORY_MESSAGES.notFound);
  const onHand = current.onHand + movement.onHandDelta;
  const reserved = current.reserved + movement.reservedDelta;
  const field = movement.onHandDelta !== 0 ? 'quantity_on_hand' : 'quantity_reserved';
  if (onHand < 0) return fieldError(movementField(movement, field), INVENTORY_MESSAGES.belowZeroOnHand);
  if (reserved < 0) return fieldError(movementField(movement, field), INVENTORY_MESSAGES.belowZeroReserved);
  const message =
    movement.reservedDelta > 0 ? INVENTORY_MESSAGES.reservedExceedsOnHand : INVENTORY_MESSAGES.onHandBelowReserved;
  return fieldError(movementField(movement, field), message);
}

/** Adjustments report on `quantity_change` (the adjust dialog's field); edits on the quantity field itself. */
const movementField = (movement: MovementRequest, field: string) =>
  movement.type === 'adjustment' ? 'quantity_change' : field;
