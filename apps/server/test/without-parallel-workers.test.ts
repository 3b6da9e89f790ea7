import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutParallelWorkers } from '../src/db/without-parallel-workers';
import { isRealPostgres, openTestDatabase, type TestDatabase } from './support/test-database';

const workersPerGather = async (db: TestDatabase['db']) => {
  const result = (await db.execute(sql`select current_setting('max_parallel_workers_per_gather') as workers`)) as
    | { rows: { workers: string }[] }
    | { workers: string }[];
  return (Array.isArray(result) ? result : result.rows)[0]!.workers;
};

describe('withoutParallelWorkers (the billing dashboard statements that already run side by side)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('plans the statement without parallel workers, and leaves the connection as it was after', async () => {
    const before = await workersPerGather(database.db);
    // PGlite runs without parallel workers anyway (one process): there the test checks the setting is left alone.
    if (isRealPostgres()) expect(before).not.toBe('0');
    const inside = await withoutParallelWorkers(database.db, (tx) => workersPerGather(tx as TestDatabase['db']));
    expect(inside).toBe('0');
    expect(await workersPerGather(database.db)).toBe(before);
  });
});
