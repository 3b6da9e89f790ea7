import { createHash } from 'node:crypto';
import type { Executor } from '../db/client';
import type { FileStorage } from './file-storage';
import { storedFilesAfter } from './files-migration-repository';
import type { S3FileStorage } from './s3-file-storage';

export interface FilesMigrationReport {
  /** File rows looked at. */
  total: number;
  /** Copied to the bucket in this run. */
  copied: number;
  /** Already in the bucket with the row's size and sha256 (an earlier, interrupted run): left as they are. */
  skipped: number;
  /** No bytes in the local storage under the row's key: not copied. */
  missing: number;
  /** Local bytes whose sha256 is not the row's (damaged on disk): not copied. */
  corrupt: number;
}

const PAGE = 500;

/**
 * `npm run files:migrate`: copies every file the `files` table knows from the local storage to the bucket under the
 * same key. Resumable: an object already there with the row's size and sha256 is skipped, so a second run after an
 * interruption copies only the rest. Each file's bytes are checked against the row's sha256 before they are copied.
 */
export async function migrateFilesToS3(
  db: Executor,
  from: FileStorage,
  to: S3FileStorage,
  log: (line: string) => void = () => undefined,
): Promise<FilesMigrationReport> {
  const report: FilesMigrationReport = { total: 0, copied: 0, skipped: 0, missing: 0, corrupt: 0 };
  let after = '';
  for (;;) {
    // Keyset pages by storage key (unique): memory stays flat whatever the number of files.
    const rows = await storedFilesAfter(db, after, PAGE);
    for (const row of rows) {
      report.total++;
      const there = await to.head(row.key);
      if (there && there.size === row.size && there.sha256 === row.sha256) {
        report.skipped++;
        continue;
      }
      const bytes = await from.get(row.key);
      if (!bytes) {
        report.missing++;
        log(`missing locally: ${row.key}`);
        continue;
      }
      if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
        report.corrupt++;
        log(`sha256 differs from the files table, not copied: ${row.key}`);
        continue;
      }
      await to.put(row.key, bytes, row.mimeType);
      report.copied++;
    }
    if (rows.length < PAGE) return report;
    after = rows[rows.length - 1]!.key;
  }
}
