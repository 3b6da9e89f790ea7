import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/db/client';
import { listenOnPglite } from '../../src/db/listen';
import { runMigrations } from '../../src/db/migrate';
import { ensureReferenceData } from '../../src/db/seed/reference-data';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated data dir. PostgreSQL: name of a migrated template database. */
    template:
      | { kind: 'pglite'; dumpPath: string }
      /** readAdminUrl: DATABASE_READ_URL, a streaming replica of adminUrl's cluster (scripts/pg-replica.sh). */
      | { kind: 'postgres'; adminUrl: string; database: string; readAdminUrl?: string };
  }
}

/**
 * Migrates one template database for the whole run; each test file then opens its own copy of it, which is
 * far cheaper than migrating per file (PGlite initdb alone is ~4 s).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const database = `wms_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database}`);
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await runMigrations(handle);
    await ensureReferenceData(handle.db);
    await handle.close();
    project.provide('template', {
      kind: 'postgres',
      adminUrl,
      database,
      ...(process.env.DATABASE_READ_URL ? { readAdminUrl: process.env.DATABASE_READ_URL } : {}),
    });
    return async () => {
      await admin.query(`drop database if exists ${database}`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const handle = {
    db: drizzle(client),
    kind: 'pglite' as const,
    listen: listenOnPglite(client),
    close: () => client.close(),
  };
  await runMigrations(handle);
  await ensureReferenceData(handle.db);
  // Each file loads the dump into its own PGlite: without the two template databases no test uses (PGlite opens
  // one database), the dump is 25 MB instead of 40 and a file's database opens ≈ 100 ms sooner.
  await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await client.exec('drop database template1');
  await client.exec('drop database template0');
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  const dumpPath = join(tmpdir(), `wms-test-template-${process.pid}.tar`);
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('template', { kind: 'pglite', dumpPath });
}
