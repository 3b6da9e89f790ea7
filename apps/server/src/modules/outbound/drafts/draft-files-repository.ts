import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { bulkOrderDraftFiles, bulkOrderDrafts } from '../../../db/schema/drafts';
import { files } from '../../../db/schema/files';
import { draftScope } from './draft-scope';

/** A label PDF kept with a draft. */
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

/** The draft's ids among `draftId` within the caller's scope (a sub-select for the writes below). */
const draftInScope = (db: Executor, scope: Scope, draftId: number) =>
  db
    .select({ id: bulkOrderDrafts.id })
    .from(bulkOrderDrafts)
    .where(and(eq(bulkOrderDrafts.id, draftId), draftScope(scope)));

/** Makes the file the draft's, when the draft is within the caller's scope; answers the rows linked (0 or 1). */
export async function linkDraftFile(db: Executor, scope: Scope, draftId: number, fileId: string): Promise<number> {
  const linked = await db
    .insert(bulkOrderDraftFiles)
    .select(
      db
        .select({
          fileId: sql<string>`${fileId}::uuid`.as('file_id'),
          draftId: bulkOrderDrafts.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(bulkOrderDrafts)
        .where(and(eq(bulkOrderDrafts.id, draftId), draftScope(scope))),
    )
    .returning({ fileId: bulkOrderDraftFiles.fileId });
  return linked.length;
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
 * Deletes the draft's file rows except `keep` (their link rows cascade), when the draft is within the caller's scope,
 * and answers their storage keys, so the caller removes the bytes once the transaction has committed.
 */
export async function deleteDraftFilesExcept(
  db: Executor,
  scope: Scope,
  draftId: number,
  keep: readonly string[] = [],
): Promise<string[]> {
  const owned = db
    .select({ id: bulkOrderDraftFiles.fileId })
    .from(bulkOrderDraftFiles)
    .where(
      and(
        inArray(bulkOrderDraftFiles.draftId, draftInScope(db, scope, draftId)),
        keep.length > 0 ? notInArray(bulkOrderDraftFiles.fileId, [...keep]) : undefined,
      ),
    );
  const removed = await db.delete(files).where(inArray(files.id, owned)).returning({ storageKey: files.storageKey });
  return removed.map((r) => r.storageKey);
}

/**
 * Converting: the draft's files become order labels (kind `label`, scoped by their order from now on), no longer the
 * draft's. Only files of this draft within the caller's scope move; answers how many did.
 */
export async function releaseDraftFiles(
  db: Executor,
  scope: Scope,
  draftId: number,
  fileIds: readonly string[],
): Promise<number> {
  if (fileIds.length === 0) return 0;
  const released = await db
    .delete(bulkOrderDraftFiles)
    .where(
      and(
        inArray(bulkOrderDraftFiles.fileId, [...fileIds]),
        inArray(bulkOrderDraftFiles.draftId, draftInScope(db, scope, draftId)),
      ),
    )
    .returning({ fileId: bulkOrderDraftFiles.fileId });
  if (released.length === 0) return 0;
  await db
    .update(files)
    .set({ kind: 'label' })
    .where(
      inArray(
        files.id,
        released.map((r) => r.fileId),
      ),
    );
  return released.length;
}
