import type { ActivityKind, ActivityPayloads } from '@wms/contract/activity';
import { renderActivity } from '@wms/contract/activity';
import type { Executor } from '../../db/client';
import { activity } from '../../db/schema/activity';

export interface ActivityEvent<K extends ActivityKind> {
  kind: K;
  payload: ActivityPayloads[K];
  actorId: number | null;
  subject: { type: string; id: number | null };
  /** Every warehouse and account the event concerns: scoped readers see it when they reach any of them. */
  warehouseIds: readonly number[];
  accountIds: readonly number[];
}

/**
 * Appends one typed event (issue 15 §5); call it in the transaction of the change it describes. The English text
 * is rendered once here for the legacy `description` column; readers render again from kind + payload.
 */
export async function recordEvent<K extends ActivityKind>(db: Executor, event: ActivityEvent<K>): Promise<void> {
  const warehouseIds = [...new Set(event.warehouseIds)];
  const accountIds = [...new Set(event.accountIds)];
  await db.insert(activity).values({
    userId: event.actorId,
    action: event.kind.split('.').pop() ?? event.kind,
    kind: event.kind,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    description: renderActivity(event.kind, event.payload, null).title,
    warehouseIds,
    accountIds,
    properties: event.payload as unknown as Record<string, unknown>,
  });
}
