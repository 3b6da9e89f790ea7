import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import { type Database, type DatabaseHandle, openDatabase } from './client';
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

/**
 * DATABASE_READ_URL's pool. Unlike the primary it is not checked at start: an unreachable replica must not stop the
 * server, whose reads then fall back to the primary (db/read-routing.ts). A short connect timeout keeps that quick.
 */
export function openReadReplica(url: string): { db: Database; pool: pg.Pool; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 2_000 });
  pool.on('error', (error) => console.warn(`The read replica closed an idle connection: ${error.message}`));
  return { db: drizzle(pool), pool, close: () => pool.end() };
}
