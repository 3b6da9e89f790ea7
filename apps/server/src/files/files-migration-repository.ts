import { asc, gt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { files } from '../db/schema/files';

/** The files table read by the S3 migration (migrate-files.ts): the next rows after a storage key, in key order. */
export function storedFilesAfter(db: Executor, afterKey: string, limit: number) {
  return db
    .select({ key: files.storageKey, size: files.sizeBytes, sha256: files.sha256, mimeType: files.mimeType })
    .from(files)
    .where(gt(files.storageKey, afterKey))
    .orderBy(asc(files.storageKey))
    .limit(limit);
}
