import { ORDER_MESSAGES, type ShipmentLabel } from '@wms/contract/orders';
import { requireAccess } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { notFound } from '../../../http/errors';
import { labelsOfOrder, ORDER_RESOURCE } from '../orders/orders-api';
import { findLabelFile } from './labels-repository';

/** GET /orders/{id}/labels: the order's labels (404 for an order outside the caller's scope). */
export async function listOrderLabels(db: Executor, scope: Scope, orderId: number): Promise<ShipmentLabel[]> {
  await requireAccess(db, scope, ORDER_RESOURCE, orderId);
  return labelsOfOrder(db, orderId);
}

/**
 * GET /labels/{id}/download: the stored PDF as a stream, scoped like the label's order (another client's label is a
 * 404). The scope check comes first: nothing is read from storage for a label the caller may not see.
 */
export async function readLabelFile(db: Executor, storage: FileStorage, scope: Scope, labelId: number) {
  const row = await findLabelFile(db, scope, labelId);
  const stored = row && (await storage.open(row.key));
  if (!row || !stored) throw notFound(ORDER_MESSAGES.labelNotFound);
  return { name: row.name, stored };
}
