import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bulkOrderDraftFiles } from '../../db/schema/drafts';
import { files } from '../../db/schema/files';

/** A label PDF kept with a draft (issue 25 point 1). */
export interface DraftFile {
  id: string;
  name: string;
  size: number;
  storageKey: string;
}

const columns = {
  id: files.id,
  name: files.originalName,
  size: files.sizeBytes,
  storageKey: files.storageKey,
};

export async function linkDraftFile(db: Executor, draftId: number, fileId: string): Promise<void> {
  await db.insert(bulkOrderDraftFiles).values({ draftId, fileId });
}

/** The draft's files (call after the access gate), oldest first. */
export async function findDraftFiles(db: Executor, draftId: number): Promise<DraftFile[]> {
  return db
    .select(columns)
    .from(bulkOrderDraftFiles)
    .innerJoin(files, eq(files.id, bulkOrderDraftFiles.fileId))
    .where(eq(bulkOrderDraftFiles.draftId, draftId))
    .orderBy(asc(bulkOrderDraftFiles.createdAt), asc(files.id));
}

/**
 * Deletes the draft's file rows except `keep` (their link rows cascade) and answers their storage keys, so the
 * caller removes the bytes once the transaction has committed.
 */
export async function deleteDraftFilesExcept(
  db: Executor,
  draftId: number,
  keep: readonly string[] = [],
): Promise<string[]> {
  const owned = db
    .select({ id: bulkOrderDraftFiles.fileId })
    .from(bulkOrderDraftFiles)
    .where(
      and(
        eq(bulkOrderDraftFiles.draftId, draftId),
        keep.length > 0 ? notInArray(bulkOrderDraftFiles.fileId, [...keep]) : undefined,
      ),
    );
  const removed = await db.delete(files).where(inArray(files.id, owned)).returning({ storageKey: files.storageKey });
  return removed.map((r) => r.storageKey);
}

/** Converting: the files become order labels (kind `label`, scoped by their order from now on), no longer the draft's. */
export async function releaseDraftFiles(db: Executor, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.delete(bulkOrderDraftFiles).where(inArray(bulkOrderDraftFiles.fileId, [...fileIds]));
  await db
    .update(files)
    .set({ kind: 'label' })
    .where(inArray(files.id, [...fileIds]));
}
