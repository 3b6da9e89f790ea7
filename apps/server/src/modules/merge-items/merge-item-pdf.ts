import { ORDER_MESSAGES } from '@wms/contract/orders';
import { and, asc, eq } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema/files';
import { mergeItems, orders, shipmentLabels } from '../../db/schema/orders';
import type { FileStorage } from '../../files/file-storage';
import { notFound } from '../../http/errors';
import { orderScope } from '../orders/order-scope';
import { mergeItemScope } from './merge-item-scope';
import { combinePdfs } from './merge-pdf';

/**
 * The merge item's PDF: the uploaded one, or else its orders' label PDFs combined (only the orders the caller may
 * see, so a client never prints another client's labels). 404 outside the caller's scope or when there is neither.
 */
export async function readMergeItemPdf(db: Executor, storage: FileStorage, scope: Scope, id: number): Promise<Buffer> {
  const [item] = await db
    .select({ id: mergeItems.id, key: files.storageKey })
    .from(mergeItems)
    .leftJoin(files, eq(files.id, mergeItems.pdfFileId))
    .where(and(eq(mergeItems.id, id), mergeItemScope(scope)));
  if (!item) throw notFound(ORDER_MESSAGES.mergeItemNotFound);
  if (item.key) {
    const uploaded = await storage.get(item.key);
    if (uploaded) return uploaded;
  }
  const labels = await db
    .select({ key: files.storageKey })
    .from(shipmentLabels)
    .innerJoin(orders, eq(orders.id, shipmentLabels.orderId))
    .innerJoin(files, eq(files.id, shipmentLabels.fileId))
    .where(and(eq(orders.mergeItemId, id), orderScope(scope)))
    .orderBy(asc(orders.id), asc(shipmentLabels.id));
  const sources = (await Promise.all(labels.map((l) => storage.get(l.key)))).filter((b): b is Buffer => b !== null);
  const combined = await combinePdfs(sources);
  if (!combined) throw notFound(ORDER_MESSAGES.mergeNoPdf);
  return combined;
}
