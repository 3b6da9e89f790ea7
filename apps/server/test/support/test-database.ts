import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';

/** A private copy of the migrated template for one test file, on PGlite or on real PostgreSQL. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('template');
  if (template.kind === 'pglite') {
    const dump = new Blob([await readFile(template.dumpPath)]);
    return openDatabase({ kind: 'pglite', loadDataDir: dump });
  }
  const database = `wms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${database} template ${template.database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(template.adminUrl);
  url.pathname = `/${database}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: template.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
    },
  };
}

export const isRealPostgres = () => inject('template').kind === 'postgres';
