import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/db/client';
import { openReadReplica } from '../../src/db/open-configured';

/** PGlite: the migrated template's dump, read once per worker (see openTestDatabase). */
let templateDump: Promise<Blob> | undefined;

/** A test file's database; `readDb`: the replica's copy of it when the run has DATABASE_READ_URL. */
export type TestDatabase = DatabaseHandle & { readDb?: Database };

/**
 * A private copy of the migrated template for one test file, on PGlite or on real PostgreSQL. With a streaming
 * replica (DATABASE_READ_URL), physical replication copies the new database to it too: `readDb` opens the replica's
 * copy of the same database. The replica is synchronous with remote_apply there (scripts/pg-replica.sh sync), so the
 * database exists on it once CREATE DATABASE returns, and every later commit is on it when the commit returns.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const template = inject('template');
  if (template.kind === 'pglite') {
    // Read once per worker (a worker runs file after file: vitest.config.ts `isolate: false`); a Blob is immutable.
    templateDump ??= readFile(template.dumpPath).then((bytes) => new Blob([bytes]));
    return openDatabase({ kind: 'pglite', loadDataDir: await templateDump });
  }
  const database = `wms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${database} template ${template.database}`);
  } finally {
    await admin.end();
  }
  const on = (adminUrl: string) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const handle = await openDatabase({ kind: 'postgres', url: on(template.adminUrl), poolSize: 10 });
  const replica = template.readAdminUrl ? openReadReplica(on(template.readAdminUrl)) : undefined;
  return {
    ...handle,
    ...(replica ? { readDb: replica.db } : {}),
    async close() {
      // The replica's sessions first: replaying the DROP DATABASE would terminate them anyway.
      await replica?.close();
      await handle.close();
      const cleanup = new pg.Client({ connectionString: template.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
    },
  };
}

export const isRealPostgres = () => inject('template').kind === 'postgres';
