import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { type FileKind, files } from '../../../db/schema/files';

export type StoredFile = typeof files.$inferSelect;
export type NewStoredFile = typeof files.$inferInsert;

export async function insertFileRow(db: Executor, row: NewStoredFile): Promise<void> {
  await db.insert(files).values(row);
}

export async function findFile(db: Executor, id: string, kind: FileKind): Promise<StoredFile | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.kind, kind)))
    .limit(1);
  return row;
}

export async function findFileOwnedBy(
  db: Executor,
  id: string,
  kind: FileKind,
  ownerUserId: number,
): Promise<StoredFile | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.kind, kind), eq(files.ownerUserId, ownerUserId)))
    .limit(1);
  return row;
}
