import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

/** Beside this module: src/db/migrations under tsx, dist/migrations in the compiled bundle (copied by the build). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it only has to be the same for every API process sharing one database. */
export const MIGRATION_LOCK_KEY = 727_001;

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several API processes may start together against one PostgreSQL: let one migrate at a time. An advisory lock
  // belongs to the session that took it, so lock, migrate and unlock all run on one dedicated connection (through
  // the pool, the unlock could land on another connection and leave the lock held by an idle one).
  const session = await handle.pool.connect();
  let failure: Error | undefined;
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg(session), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // After a failure the pool discards the connection: closing the session also ends any lock it still holds.
    session.release(failure);
  }
}
