import { LABEL_TYPE_LABELS, type LabelFields, type ShipmentLabel } from '@wms/contract/orders';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { orders, shipmentLabels } from '../../../db/schema/orders';
import { users } from '../../../db/schema/users';
import { orderScope } from '../orders/order-scope';

/*
 * The SQL of shipment labels: their views, the order a label is added to, label rows, a label's stored file. Every
 * statement takes the caller's scope through the label's order (orderScope).
 */

/** Labels download through an authenticated, scope-checked route (never the public avatar route). */
export const labelDownloadPath = (id: number): string => `/api/labels/${id}/download`;

/** Labels of some orders (or the ones matching `where`), oldest first, with their file metadata. */
export async function loadLabelViews(db: Executor, orderIds: readonly number[], where?: SQL): Promise<ShipmentLabel[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      label: shipmentLabels,
      fileName: files.originalName,
      fileSize: files.sizeBytes,
      mimeType: files.mimeType,
      creatorName: users.name,
    })
    .from(shipmentLabels)
    .innerJoin(files, eq(files.id, shipmentLabels.fileId))
    .leftJoin(users, eq(users.id, shipmentLabels.createdBy))
    .where(and(inArray(shipmentLabels.orderId, [...orderIds]), where))
    .orderBy(asc(shipmentLabels.orderId), asc(shipmentLabels.id));
  return rows.map(({ label, fileName, fileSize, mimeType, creatorName }) => ({
    id: label.id,
    order_id: label.orderId,
    label_name: label.labelName,
    label_type: label.labelType,
    formatted_label_type: LABEL_TYPE_LABELS[label.labelType],
    tracking_number: label.trackingNumber,
    carrier: label.carrier,
    file: { name: fileName, size: fileSize, mime_type: mimeType },
    download_url: labelDownloadPath(label.id),
    created_by: label.createdBy === null ? null : { id: label.createdBy, name: creatorName ?? '' },
    created_at: label.createdAt.toISOString(),
  }));
}

/** A single label's view (after an upload). */
export async function loadLabelView(
  db: Executor,
  orderId: number,
  labelId: number,
): Promise<ShipmentLabel | undefined> {
  return (await loadLabelViews(db, [orderId], eq(shipmentLabels.id, labelId)))[0];
}

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
