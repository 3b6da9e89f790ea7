import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { mergeItems, orders, shipmentLabels } from '../../../db/schema/orders';
import { orderScope } from '../orders/orders-api';
import { mergeItemScope } from './merge-item-scope';

/*
 * The SQL of merge items: the orders a merge takes (locked), the merge item row, the orders pointing at it, and the
 * files its PDF is made of. Every statement on orders takes the caller's scope.
 */

/** The chosen orders within the caller's scope, locked in id order (two merges racing for one order queue). */
export const lockOrdersForMerge = (tx: Executor, scope: Scope, ids: readonly number[]) =>
  tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      warehouseId: orders.warehouseId,
      accountId: orders.accountId,
      mergeItemId: orders.mergeItemId,
    })
    .from(orders)
    .where(and(inArray(orders.id, [...ids]), orderScope(scope)))
    .orderBy(asc(orders.id))
    .for('update');

export async function insertMergeItemRow(
  tx: Executor,
  values: {
    title: string;
    warehouseId: number;
    createdBy: number;
    pdfFileId: string | null;
    pdfOriginalName: string | null;
  },
): Promise<number> {
  const [item] = await tx.insert(mergeItems).values(values).returning({ id: mergeItems.id });
  return item!.id;
}

/** Points the orders (within the caller's scope) at their merge item; answers the rows changed. */
export async function setOrdersMergeItem(
  tx: Executor,
  scope: Scope,
  ids: readonly number[],
  mergeItemId: number,
): Promise<number> {
  const updated = await tx
    .update(orders)
    .set({ mergeItemId })
    .where(and(inArray(orders.id, [...ids]), orderScope(scope)))
    .returning({ id: orders.id });
  return updated.length;
}

/** The merge item within the caller's scope, with its uploaded PDF's storage key (null: none uploaded). */
export async function findMergeItemPdf(db: Executor, scope: Scope, id: number) {
  const [item] = await db
    .select({ id: mergeItems.id, key: files.storageKey })
    .from(mergeItems)
    .leftJoin(files, eq(files.id, mergeItems.pdfFileId))
    .where(and(eq(mergeItems.id, id), mergeItemScope(scope)));
  return item;
}

/** Storage keys of the label PDFs of the merge item's orders the caller may see, by order then label. */
export async function mergeItemLabelKeys(db: Executor, scope: Scope, id: number): Promise<string[]> {
  const labels = await db
    .select({ key: files.storageKey })
    .from(shipmentLabels)
    .innerJoin(orders, eq(orders.id, shipmentLabels.orderId))
    .innerJoin(files, eq(files.id, shipmentLabels.fileId))
    .where(and(eq(orders.mergeItemId, id), orderScope(scope)))
    .orderBy(asc(orders.id), asc(shipmentLabels.id));
  return labels.map((l) => l.key);
}
