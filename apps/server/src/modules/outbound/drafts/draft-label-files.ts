import { DRAFT_MAX_LABEL_FILES, type DraftData, type DraftLabelFile, DRAFT_MESSAGES as M } from '@wms/contract/drafts';
import { type LabelFields, ORDER_MESSAGES } from '@wms/contract/orders';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { FileStorage } from '../../../files/file-storage';
import { uploadParsesAsPdf } from '../../../files/pdf-check';
import type { SpooledFile } from '../../../files/spooled-upload';
import { type FieldErrors, fieldError, HttpError, notFound, validationError } from '../../../http/errors';
import { storePdf } from '../labels/labels-api';
import { type DraftFile, findDraftFiles, linkDraftFile } from './draft-files-repository';
import { draftResource, requireDraftChanged } from './draft-scope';
import { findDraft } from './drafts-repository';

/** Label PDFs kept with a draft: uploaded to the draft, read in its scope, gone with it. */

export const draftLabelFileUrl = (draftId: number, fileId: string) =>
  `/api/bulk-order-drafts/${draftId}/label-files/${fileId}`;

export const toDraftLabelFile = (draftId: number, file: DraftFile): DraftLabelFile => ({
  id: file.id,
  name: file.name,
  size: file.size,
  download_url: draftLabelFileUrl(draftId, file.id),
});

/** POST /bulk-order-drafts/{id}/label-files: a PDF (it must parse as one) stored and owned by the draft. */
export async function uploadDraftLabelFile(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  draftId: number,
  upload: SpooledFile,
): Promise<DraftLabelFile> {
  const scope = await auth.scope();
  await requireAccess(db, scope, draftResource, draftId);
  if (!(await uploadParsesAsPdf(upload))) throw new HttpError(415, ORDER_MESSAGES.labelNotPdf);
  const fileId = await storePdf(
    storage,
    { kind: 'draft_label', ownerUserId: auth.user.id, fileName: upload.fileName, source: upload },
    (insertFile) =>
      inTransaction(db, async (tx) => {
        // Locked, so a concurrent delete or convert cannot leave this file without its draft.
        if (!(await findDraft(tx, scope, draftId, true))) throw notFound(M.notFound);
        if ((await findDraftFiles(tx, draftId)).length >= DRAFT_MAX_LABEL_FILES) {
          throw fieldError('label_file', M.tooManyLabelFiles(DRAFT_MAX_LABEL_FILES));
        }
        const id = await insertFile(tx);
        requireDraftChanged(await linkDraftFile(tx, scope, draftId, id));
        return id;
      }),
  );
  return {
    id: fileId,
    name: upload.fileName.slice(0, 255),
    size: upload.size,
    download_url: draftLabelFileUrl(draftId, fileId),
  };
}

/**
 * GET /bulk-order-drafts/{id}/label-files/{fileId}: the PDF as a stream (never buffered whole), for callers in the
 * draft's scope only; the scope check comes first, so nothing is read from storage for a draft out of scope.
 */
export async function readDraftLabelFile(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  draftId: number,
  fileId: string,
) {
  await requireAccess(db, await auth.scope(), draftResource, draftId);
  const file = (await findDraftFiles(db, draftId)).find((f) => f.id === fileId);
  const stored = file && (await storage.open(file.storageKey));
  if (!file || !stored) throw notFound(M.labelFileNotFound);
  return { name: file.name, stored };
}

/** Every `file_id` the draft data names must be one of the draft's own files (none for a new draft). */
export async function checkLabelFileIds(db: Executor, draftId: number | null, data: DraftData): Promise<string[]> {
  const owned = new Set(draftId === null ? [] : (await findDraftFiles(db, draftId)).map((f) => f.id));
  const errors: FieldErrors = {};
  const referenced: string[] = [];
  data.orders.forEach((order, i) => {
    order.label_forms.forEach((label, j) => {
      if (label.file_id === null) return;
      if (owned.has(label.file_id)) referenced.push(label.file_id);
      else errors[`draft_data.orders.${i}.label_forms.${j}.file_id`] = [M.labelFileNotInDraft];
    });
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return referenced;
}

/**
 * The labels each converted section brings to its order: every label row must have its PDF (else 422 naming the
 * order and the label, and nothing is created). `sections` are the draft indexes of the orders being created.
 */
export async function labelsToConvert(
  db: Executor,
  draftId: number,
  data: DraftData,
  sections: readonly number[],
): Promise<{ fileId: string; fields: LabelFields }[][]> {
  const files = new Map((await findDraftFiles(db, draftId)).map((f) => [f.id, f]));
  const errors: FieldErrors = {};
  const labels = sections.map((section) =>
    data.orders[section]!.label_forms.flatMap((label, j) => {
      const file = label.file_id === null ? undefined : files.get(label.file_id);
      if (!file) {
        errors[`orders.${section}.label_forms.${j}.file_id`] = [M.labelWithoutFile(section + 1, j + 1)];
        return [];
      }
      return [
        {
          fileId: file.id,
          fields: {
            label_name: label.label_name?.trim() || file.name,
            label_type: label.label_type,
            tracking_number: label.tracking_number?.trim() || null,
            carrier: label.carrier?.trim() || null,
          },
        },
      ];
    }),
  );
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return labels;
}

/** Bytes of files whose rows a committed transaction removed (a failure leaves only unreachable bytes). */
export async function removeStoredBytes(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
