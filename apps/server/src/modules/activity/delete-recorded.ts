import type { Database, Executor } from '../../db/client';
import { refuseWhenReferenced } from '../../http/database-errors';
import { type ActivityEntry, recordActivity } from './record-activity';

/**
 * Deletes a row and records who did it, in one transaction; when other rows still reference it (RESTRICT keys),
 * nothing changes and the caller gets 409 with `inUseMessage`. The activity keeps the id in subject_id only,
 * since warehouse_id/account_id would point at the deleted row.
 */
export async function deleteRecorded(
  db: Database,
  deleteRow: (tx: Executor) => Promise<unknown>,
  activity: Omit<ActivityEntry, 'action'>,
  inUseMessage: string,
): Promise<void> {
  await refuseWhenReferenced(
    () =>
      db.transaction(async (tx) => {
        await deleteRow(tx);
        await recordActivity(tx, { ...activity, action: 'deleted' });
      }),
    inUseMessage,
  );
}
