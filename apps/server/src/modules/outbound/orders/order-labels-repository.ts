import { LABEL_TYPE_LABELS, type ShipmentLabel } from '@wms/contract/orders';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { shipmentLabels } from '../../../db/schema/orders';
import { users } from '../../../db/schema/users';

/*
 * Shipment labels as the API shows them: an order's detail lists them, and the labels module (which writes them and
 * serves their files) answers with them. The caller has checked the order's scope.
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
