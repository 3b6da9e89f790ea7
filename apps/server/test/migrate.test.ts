import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { MIGRATION_LOCK_KEY, runMigrations } from '../src/db/migrate';
import { isRealPostgres, openTestDatabase } from './support/test-database';

// PGlite has a single connection and no concurrent starts: the lock only matters on PostgreSQL.
describe.skipIf(!isRealPostgres())('migrations on PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('take and release the advisory lock on one session, so processes starting together never wait forever', async () => {
    if (handle.kind !== 'postgres') throw new Error('PostgreSQL expected');
    // Three API processes starting together while other queries churn the pool's connections: had an unlock
    // landed on another pooled connection than its lock, the lock would stay held and the next start would wait
    // forever (this test would time out).
    const pool = handle.pool;
    const churn = () => Promise.all(Array.from({ length: 6 }, (_, i) => pool.query(`select pg_sleep(${i / 100})`)));
    await Promise.all([churn(), runMigrations(handle), churn(), runMigrations(handle), churn(), runMigrations(handle)]);
    const held = await handle.pool.query<{ count: number }>(
      "select count(*)::int as count from pg_locks where locktype = 'advisory' and objid = $1",
      [MIGRATION_LOCK_KEY],
    );
    expect(held.rows[0]!.count).toBe(0);
  });
});
