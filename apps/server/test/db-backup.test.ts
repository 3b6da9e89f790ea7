import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { acquireDataDirLock } from '../src/db/data-dir-lock';
import { openConfiguredDatabase } from '../src/db/open-configured';
import { warehouses } from '../src/db/schema/warehouses';
import { bootstrapDatabase } from '../src/seed/bootstrap';
import { isRealPostgres } from './support/test-database';

const SCRIPT = fileURLToPath(new URL('../scripts/db-backup.ts', import.meta.url));
const workDir = await mkdtemp(join(tmpdir(), 'wms-backup-'));
const dataDir = join(workDir, 'data');
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** `npm run db:backup` / `db:restore` as the package runs them, on this test's DATA_DIR. */
async function run(...args: string[]): Promise<{ ok: boolean; output: string }> {
  const { DATABASE_URL: _url, ...env } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
      env: { ...env, DATA_DIR: dataDir, INIT_CWD: workDir },
    });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return { ok: false, output: failed.stdout + failed.stderr };
  }
}

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const handle = await openConfiguredDatabase(config);
  try {
    await bootstrapDatabase(handle, config);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const addWarehouse = (db: Database, name: string, code: string) =>
  db.insert(warehouses).values({ name, code, city: 'Austin', state: 'TX' });
const warehouseNames = (db: Database) =>
  db
    .select({ name: warehouses.name })
    .from(warehouses)
    .then((rows) => rows.map((r) => r.name));

// The embedded database only (PostgreSQL: pg_dump/pg_restore); independent of the database under test.
describe.skipIf(isRealPostgres())('npm run db:backup / db:restore (embedded database)', () => {
  it('refuses while a server holds the lock, and restores exactly what was backed up', async () => {
    await withDatabase((db) => addWarehouse(db, 'Before backup', 'BEF'));

    const server = acquireDataDirLock(dataDir, 'db.lock'); // this process stands in for a running server
    try {
      const refused = await run('backup', 'refused');
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain('already open by another server');
      expect((await run('restore', 'refused')).ok).toBe(false);
    } finally {
      server.release();
    }

    const backup = await run('backup', 'backup-1');
    expect(backup.ok, backup.output).toBe(true);
    await withDatabase((db) => addWarehouse(db, 'After backup', 'AFT'));

    const restore = await run('restore', 'backup-1');
    expect(restore.ok, restore.output).toBe(true);
    expect(restore.output).toContain('previous data is in');
    const names = await withDatabase(warehouseNames);
    expect(names).toContain('Before backup');
    expect(names).not.toContain('After backup');
  }, 240_000);
});
