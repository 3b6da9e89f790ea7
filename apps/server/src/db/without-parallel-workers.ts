import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client';

/**
 * Runs one read in a transaction of its own whose statements plan without parallel workers. For a request that
 * already runs several heavy statements side by side (the billing dashboard's unbilled facts), a parallel plan
 * only adds work: the statements already occupy every core, and each worker costs its start-up, a copy of the
 * plan and the gathering of its rows (at 1 000 000 orders the dashboard's database CPU went from ≈ 450 to ≈ 340 ms
 * per load, bench/history/2026-11-28.md). `set local` ends with the transaction, so the pool's connection keeps its settings.
 * Not for a transaction handle: the statement is given the database, whose pool lends it a connection of its own.
 */
export function withoutParallelWorkers<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return (db as Database).transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return work(tx);
  });
}
