import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { openConfiguredDatabase } from '../../src/db/open-configured';
import { bootstrapDatabase } from '../../src/seed/bootstrap';

/** A fresh copy of the run's migrated PostgreSQL template, with its URL for the server processes. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}> {
  const template = inject('template');
  if (template.kind !== 'postgres') throw new Error('needs DATABASE_URL (a PostgreSQL run)');
  const name = `wms_reliability_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: template.adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name} template ${template.database}`);
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    url: url.toString(),
    handle,
    async drop() {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** How a server process finds the database under test. */
export type DatabaseEnv = { DATABASE_URL: string } | { DATA_DIR: string };
/** Runs `work` on a connection of the database under test (for PGlite: only while no server holds it). */
export type WithDatabase = <T>(work: (handle: DatabaseHandle) => Promise<T>) => Promise<T>;

/** Opens the embedded database of `dataDir` as the server would (lock, migrations, reference data) for `work`. */
export function withEmbeddedDatabase(dataDir: string): WithDatabase {
  return async (work) => {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const handle = await openConfiguredDatabase(config);
    try {
      await bootstrapDatabase(handle, config);
      return await work(handle);
    } finally {
      await handle.close();
    }
  };
}
