import { MERGE_PDF_MAX_BYTES, type MergeFields, type MergeItemRow, ORDER_MESSAGES } from '@wms/contract/orders';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Database } from '../../../db/client';
import { inTransaction, type Transaction } from '../../../db/transaction';
import type { FileStorage } from '../../../files/file-storage';
import { uploadParsesAsPdf } from '../../../files/pdf-check';
import type { SpooledFile } from '../../../files/spooled-upload';
import { conflict, fieldError, HttpError, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { storePdf } from '../labels/labels-api';
import { loadListedMergeItem, ORDER_RESOURCE, requireChanged } from '../orders/orders-api';
import { insertMergeItemRow, lockOrdersForMerge, setOrdersMergeItem } from './merge-items-repository';

/**
 * POST /merge-items: at least 2 standalone orders of one account and one warehouse, every one in the caller's scope (the access
 * gate refuses the whole set with 404 otherwise), grouped under a titled merge item, optionally with a PDF
 * (≤ 10 MB, and it must parse as a PDF). The orders are locked in id order, so two merges racing for one order cannot
 * both take it.
 */
export async function createMergeItem(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  fields: MergeFields,
  pdf?: SpooledFile,
): Promise<MergeItemRow> {
  const scope = await auth.scope();
  await requireAccess(db, scope, ORDER_RESOURCE, fields.order_ids);
  if (pdf && pdf.size > MERGE_PDF_MAX_BYTES) throw new HttpError(413, ORDER_MESSAGES.mergePdfRejected);
  if (pdf && !(await uploadParsesAsPdf(pdf))) throw new HttpError(415, ORDER_MESSAGES.mergePdfRejected);
  const create = (tx: Transaction, pdfFileId: string | null) =>
    insertMergeItem(tx, scope, auth, fields, pdf, pdfFileId);
  const id = pdf
    ? await storePdf(
        storage,
        { kind: 'merge_pdf', ownerUserId: auth.user.id, fileName: pdf.fileName, source: pdf },
        (insertFile) => inTransaction(db, async (tx) => create(tx, await insertFile(tx))),
      )
    : await inTransaction(db, (tx) => create(tx, null));
  return (await loadListedMergeItem(db, scope, id))!;
}

async function insertMergeItem(
  tx: Transaction,
  scope: Scope,
  auth: RequestAuth,
  fields: MergeFields,
  pdf: { fileName: string } | undefined,
  pdfFileId: string | null,
): Promise<number> {
  const chosen = await lockOrdersForMerge(tx, scope, fields.order_ids);
  // The gate checked every id; an id the scoped lock did not find is refused like an unknown one.
  if (chosen.length !== new Set(fields.order_ids).size) throw notFound(ORDER_MESSAGES.notFound);
  if (chosen.some((o) => o.mergeItemId !== null)) throw conflict(ORDER_MESSAGES.mergeAlreadyMerged);
  const warehouseIds = [...new Set(chosen.map((o) => o.warehouseId))];
  if (warehouseIds.length !== 1) throw fieldError('order_ids', ORDER_MESSAGES.mergeOneWarehouse);
  // Everyone who sees one of the orders sees the merge item and its PDF: orders of two accounts would show one
  // client's document to the other.
  if (new Set(chosen.map((o) => o.accountId)).size !== 1) throw fieldError('order_ids', ORDER_MESSAGES.mergeOneAccount);
  const itemId = await insertMergeItemRow(tx, {
    title: fields.title,
    warehouseId: warehouseIds[0]!,
    createdBy: auth.user.id,
    pdfFileId,
    pdfOriginalName: pdf ? pdf.fileName.slice(0, 255) : null,
  });
  requireChanged(await setOrdersMergeItem(tx, scope, fields.order_ids, itemId));
  await recordEvent(tx, {
    kind: 'order.merged',
    payload: { title: fields.title, order_numbers: chosen.map((o) => o.orderNumber) },
    actorId: auth.user.id,
    subject: { type: 'merge_item', id: itemId },
    warehouseIds,
    accountIds: chosen.map((o) => o.accountId),
  });
  return itemId;
}
