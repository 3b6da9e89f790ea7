import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client';
import { sqlState } from './sql-state';

/** The handle inside a transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** serialization_failure and deadlock_detected: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 4;

export const isTransaction = (db: Executor): db is Transaction => db instanceof PgTransaction;

/**
 * Runs `work` in a transaction that services compose (DESIGN §6): given a transaction it joins it (the outermost
 * caller owns commit and retry); given the database it opens one and retries it a bounded number of times when
 * PostgreSQL reports a serialization failure or a deadlock, with a short jittered pause. `work` must therefore be
 * safe to run again: it reads what it needs inside the transaction, and has no effects outside the database.
 */
export async function inTransaction<T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await (db as Database).transaction(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}
