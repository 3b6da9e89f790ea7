import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Executor } from '../../../db/client';
import { MIGRATIONS_FOLDER } from '../../../db/migrate';

/** Resolves when the database answers a trivial query; rejects when it is unreachable. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The newest migration this build ships (drizzle records each applied one by its folder timestamp). */
let newestShipped: number | undefined;
const newestShippedMigration = (): number => {
  newestShipped ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  );
  return newestShipped;
};

/**
 * Whether the database has every migration this build ships (another node may still be migrating a shared
 * database, or this one failed to). Rejects when the database is unreachable.
 */
export async function migrationsApplied(db: Executor): Promise<boolean> {
  const result = (await db.execute(
    sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { newest: string }[] };
  return Number(result.rows[0]?.newest ?? 0) >= newestShippedMigration();
}
