import type { Executor } from '../../db/client';
import { activity } from '../../db/schema/activity';

export interface ActivityEntry {
  userId: number | null;
  action: 'created' | 'updated' | 'deleted' | 'status_changed' | 'registered' | 'logged_in' | (string & {});
  subjectType: string;
  subjectId?: number | null;
  description: string;
  warehouseId?: number | null;
  accountId?: number | null;
  properties?: Record<string, unknown>;
}

/** Append one row to the activity log; call it inside the same transaction as the change it describes. */
export async function recordActivity(db: Executor, entry: ActivityEntry): Promise<void> {
  await db.insert(activity).values({
    userId: entry.userId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    description: entry.description,
    warehouseId: entry.warehouseId ?? null,
    accountId: entry.accountId ?? null,
    properties: entry.properties ?? null,
  });
}
