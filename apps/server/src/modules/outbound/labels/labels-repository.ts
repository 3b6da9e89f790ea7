import type { LabelFields } from '@wms/contract/orders';
import { and, eq } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { orders, shipmentLabels } from '../../../db/schema/orders';
import { orderScope } from '../orders/orders-api';

/*
 * The SQL of shipment labels: the order a label is added to, label rows, a label's stored file. Every statement
 * takes the caller's scope through the label's order (orderScope); the labels' views are the orders module's
 * (orders/order-labels-repository.ts), since an order's detail shows them.
 */

/** The order a label is added to, within the caller's scope (undefined outside it). */
export async function findOrderForLabel(tx: Executor, scope: Scope, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      warehouseId: orders.warehouseId,
      accountId: orders.accountId,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(scope)));
  return order;
}

/** Label rows pointing at stored files; answers their ids in the order given. */
export async function insertLabelRows(
  tx: Executor,
  userId: number,
  labels: readonly { orderId: number; fileId: string; fields: LabelFields }[],
): Promise<number[]> {
  if (labels.length === 0) return [];
  const rows = await tx
    .insert(shipmentLabels)
    .values(
      labels.map((l) => ({
        orderId: l.orderId,
        fileId: l.fileId,
        labelName: l.fields.label_name,
        labelType: l.fields.label_type,
        trackingNumber: l.fields.tracking_number ?? null,
        carrier: l.fields.carrier ?? null,
        createdBy: userId,
      })),
    )
    .returning({ id: shipmentLabels.id });
  return rows.map((r) => r.id);
}

/** A label's stored file, scoped like its order (another client's label: undefined). */
export async function findLabelFile(db: Executor, scope: Scope, labelId: number) {
  const [row] = await db
    .select({ name: files.originalName, key: files.storageKey, mimeType: files.mimeType })
    .from(shipmentLabels)
    .innerJoin(orders, eq(orders.id, shipmentLabels.orderId))
    .innerJoin(files, eq(files.id, shipmentLabels.fileId))
    .where(and(eq(shipmentLabels.id, labelId), orderScope(scope)));
  return row;
}
