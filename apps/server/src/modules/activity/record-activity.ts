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

/**
 * Append one untyped row (kind `legacy`) to the activity log; call it inside the same transaction as the change it
 * describes. New code records typed events with `recordEvent` (record-event.ts).
 */
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
    warehouseIds: entry.warehouseId ? [entry.warehouseId] : [],
    accountIds: entry.accountId ? [entry.accountId] : [],
  });
}
