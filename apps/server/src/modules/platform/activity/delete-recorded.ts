import type { ActivityKind } from '@wms/contract/activity';
import type { Database, Executor } from '../../../db/client';
import { refuseWhenReferenced } from '../../../http/database-errors';
import { type ActivityEvent, recordEvent } from './record-event';

/**
 * Deletes a row and records who did it, in one transaction; when other rows still reference it (RESTRICT keys),
 * nothing changes and the caller gets 409 with `inUseMessage`. The event is built in the transaction before the
 * delete, so it can still read who the row concerned (an account's warehouses); it keeps them after the row is gone.
 */
export async function deleteRecorded<K extends ActivityKind>(
  db: Database,
  deleteRow: (tx: Executor) => Promise<unknown>,
  event: (tx: Executor) => Promise<ActivityEvent<K>> | ActivityEvent<K>,
  inUseMessage: string,
): Promise<void> {
  await refuseWhenReferenced(
    () =>
      db.transaction(async (tx) => {
        const recorded = await event(tx);
        await deleteRow(tx);
        await recordEvent(tx, recorded);
      }),
    inUseMessage,
  );
}
