import type { LabelFields } from '@wms/contract/orders';
import type { Executor } from '../../../db/client';
import { recordEvents } from '../../platform/activity/activity-api';
import { insertLabelRows } from './labels-repository';

/** A label whose PDF is already stored (a draft's file), for an order created in the same transaction. */
export interface StoredLabel {
  order: { id: number; orderNumber: string; warehouseId: number; accountId: number };
  fileId: string;
  fields: LabelFields;
}

/**
 * Label rows for files already in FileStorage and the files table (converting a draft hands its PDFs to the
 * orders), with the same `order.label_uploaded` event as an upload. Runs in the caller's transaction.
 */
export async function attachStoredLabels(tx: Executor, userId: number, labels: readonly StoredLabel[]): Promise<void> {
  if (labels.length === 0) return;
  await insertLabelRows(
    tx,
    userId,
    labels.map((l) => ({ orderId: l.order.id, fileId: l.fileId, fields: l.fields })),
  );
  await recordEvents(
    tx,
    labels.map((l) => ({
      kind: 'order.label_uploaded' as const,
      payload: { order_number: l.order.orderNumber, label_name: l.fields.label_name },
      actorId: userId,
      subject: { type: 'order', id: l.order.id },
      warehouseIds: [l.order.warehouseId],
      accountIds: [l.order.accountId],
    })),
  );
}
