import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from './client';
import { acquireDataDirLock } from './data-dir-lock';

/** DATABASE_URL set: PostgreSQL. Unset: embedded PGlite persisted under DATA_DIR/db. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    return openDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL,
      onIdleError: (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`),
    });
  }
  const dataDir = resolve(config.DATA_DIR, 'db');
  mkdirSync(dataDir, { recursive: true });
  // Throws DataDirLockedError (with a message for the operator) when another server has this database open.
  // The lock sits beside the database directory, not in it (PostgreSQL owns everything inside).
  const lock = acquireDataDirLock(resolve(config.DATA_DIR), 'db.lock');
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
