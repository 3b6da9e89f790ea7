import type { ActivityKind, ActivityPayloads } from '@wms/contract/activity';
import { renderActivity } from '@wms/contract/activity';
import type { Executor } from '../../../db/client';
import { publishLiveChanges } from '../../integrations/live/live-api';
import { writeWebhookEvents } from '../../integrations/outbox/outbox-api';
import { writeNotifications } from '../notifications/notifications-api';
import { insertActivityRow } from './activity-repository';

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
 * Appends one typed event; call it in the transaction of the change it describes. The English text
 * is rendered once here for the legacy `description` column; readers render again from kind + payload. The
 * webhook events this change stands for go to the outbox in the same transaction: no event for a
 * rolled-back change, no committed change without its event. The notifications it stands for too.
 */
export async function recordEvent<K extends ActivityKind>(db: Executor, event: ActivityEvent<K>): Promise<void> {
  await insertActivityRow(db, {
    userId: event.actorId,
    action: event.kind.split('.').pop() ?? event.kind,
    kind: event.kind,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    description: renderActivity(event.kind, event.payload, null).title,
    warehouseIds: [...new Set(event.warehouseIds)],
    accountIds: [...new Set(event.accountIds)],
    properties: event.payload as unknown as Record<string, unknown>,
  });
  const outbox = await writeWebhookEvents(db, [event]);
  await writeNotifications(db, [event], outbox);
  await publishLiveChanges(db, [liveFactOf(event)]);
}

/** What the live stream tells scoped screens about an activity event: its kind, subject and audience. */
export const liveFactOf = (event: ActivityEvent<ActivityKind>) => ({
  kind: event.kind,
  subjectType: event.subject.type,
  id: event.subject.id,
  accountIds: event.accountIds,
  warehouseIds: event.warehouseIds,
});
