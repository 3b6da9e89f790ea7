import type { Executor } from '../../../db/client';
import type { FileKind } from '../../../db/schema/files';
import { findFileOwnedBy as findOwnedRow, insertFileRow as insertRow, type NewStoredFile } from './files-repository';

/*
 * What other modules (profile, labels) ask of stored files' rows: they never import the files repository itself.
 */

/** A files row for bytes just put in FileStorage (inside the caller's transaction). */
export const insertFileRow = (db: Executor, row: NewStoredFile): Promise<void> => insertRow(db, row);

/** A file of this kind owned by this user (an avatar chosen by its id), or undefined. */
export const findFileOwnedBy = (db: Executor, id: string, kind: FileKind, ownerUserId: number) =>
  findOwnedRow(db, id, kind, ownerUserId);

export { fileIdFromUrl, fileUrl } from './file-urls';
