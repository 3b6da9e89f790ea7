import { ORDER_MESSAGES } from '@wms/contract/orders';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { notFound } from '../../../http/errors';
import { findMergeItemPdf, mergeItemLabelKeys } from './merge-items-repository';
import { combinePdfs } from './merge-pdf';

/**
 * The merge item's PDF: the uploaded one, or else its orders' label PDFs combined (only the orders the caller may
 * see, so a client never prints another client's labels). 404 outside the caller's scope or when there is neither.
 */
export async function readMergeItemPdf(db: Executor, storage: FileStorage, scope: Scope, id: number): Promise<Buffer> {
  const item = await findMergeItemPdf(db, scope, id);
  if (!item) throw notFound(ORDER_MESSAGES.mergeItemNotFound);
  if (item.key) {
    const uploaded = await storage.get(item.key);
    if (uploaded) return uploaded;
  }
  const keys = await mergeItemLabelKeys(db, scope, id);
  const sources = (await Promise.all(keys.map((key) => storage.get(key)))).filter((b): b is Buffer => b !== null);
  const combined = await combinePdfs(sources);
  if (!combined) throw notFound(ORDER_MESSAGES.mergeNoPdf);
  return combined;
}
