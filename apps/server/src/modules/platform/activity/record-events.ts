import type { ActivityKind } from '@wms/contract/activity';
import { renderActivity } from '@wms/contract/activity';
import type { Executor } from '../../../db/client';
import { insertJsonRows } from '../../../db/insert-json-rows';
import { publishLiveChanges } from '../../integrations/live/live-api';
import { writeWebhookEvents } from '../../integrations/outbox/outbox-api';
import { writeNotifications } from '../notifications/notifications-api';
import { type ActivityEvent, liveFactOf } from './record-event';

const INSERT_CHUNK = 5000;

/** `recordEvent` for many events of one change (bulk order create, import): a few multi-row INSERTs. */
export async function recordEvents<K extends ActivityKind>(
  db: Executor,
  events: readonly ActivityEvent<K>[],
): Promise<void> {
  const rows = events.map((event) => {
    const warehouseIds = [...new Set(event.warehouseIds)];
    const accountIds = [...new Set(event.accountIds)];
    return {
      userId: event.actorId,
      action: event.kind.split('.').pop() ?? event.kind,
      kind: event.kind,
      subjectType: event.subject.type,
      subjectId: event.subject.id,
      description: renderActivity(event.kind, event.payload, null).title,
      warehouseIds,
      accountIds,
      properties: event.payload as unknown as Record<string, unknown>,
    };
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insertJsonRows(
      db,
      'activity',
      [
        ['user_id', 'int'],
        ['action', 'text'],
        ['kind', 'text'],
        ['subject_type', 'text'],
        ['subject_id', 'int'],
        ['description', 'text'],
        ['warehouse_ids', 'int[]'],
        ['account_ids', 'int[]'],
        ['properties', 'jsonb'],
      ],
      rows.slice(start, start + INSERT_CHUNK).map((r) => ({
        user_id: r.userId,
        action: r.action,
        kind: r.kind,
        subject_type: r.subjectType,
        subject_id: r.subjectId,
        description: r.description,
        warehouse_ids: r.warehouseIds,
        account_ids: r.accountIds,
        properties: r.properties,
      })),
    );
  }
  // The webhook events, notifications and live-stream facts of the same change, in the same transaction.
  const outbox = await writeWebhookEvents(db, events);
  await writeNotifications(db, events, outbox);
  await publishLiveChanges(db, events.map(liveFactOf));
}
