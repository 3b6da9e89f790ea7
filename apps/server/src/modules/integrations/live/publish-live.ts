import type { Executor } from '../../../db/client';
import { type LiveChangeFact, liveNoticePayloads } from './live-notices';
import { notifyLive } from './live-repository';

/**
 * Tells every API process's live stream about changes, once the caller's transaction commits. Called
 * where every change already passes: recordEvent/recordEvents (activity) and the inventory outbox writer.
 */
export async function publishLiveChanges(db: Executor, facts: readonly LiveChangeFact[]): Promise<void> {
  await notifyLive(db, liveNoticePayloads(facts));
}
