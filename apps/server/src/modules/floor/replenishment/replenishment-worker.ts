import { createPollingLoop, type PollingLoop } from '../../../background/polling-loop';
import type { Database } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { tryTransactionLock, warehousesWithFaces } from './replenishment-repository';
import { createTasks } from './replenishment-tasks';

/** The advisory lock key of a replenishment round: one process at a time runs it, whichever API node. */
const ROUND_LOCK = 4_040_001;

/**
 * One round: under a transaction-level advisory lock taken with `pg_try_advisory_xact_lock` (another node already
 * running a round makes this one skip), tasks are created for every active warehouse with pick faces, in the
 * round's transaction; the partial unique index keeps even a concurrent creation (a wave release, the report's
 * button) from duplicating a face's task. Answers false (the loop waits its interval: the work is periodic, not a queue).
 */
export async function replenishmentRound(db: Database): Promise<{ ran: boolean; created: number }> {
  return inTransaction(db, async (tx) => {
    if (!(await tryTransactionLock(tx, ROUND_LOCK))) return { ran: false, created: 0 };
    let created = 0;
    for (const warehouseId of await warehousesWithFaces(tx)) {
      created += (await createTasks(tx, null, warehouseId)).length;
    }
    return { ran: true, created };
  });
}

export function createReplenishmentWorker(options: {
  db: Database;
  intervalMs: number;
  onError?: (error: unknown) => void;
}): PollingLoop {
  return createPollingLoop({
    round: async () => {
      await replenishmentRound(options.db);
      return false;
    },
    pollMs: options.intervalMs,
    stopWaitMs: 5000,
    onError: options.onError,
  });
}
