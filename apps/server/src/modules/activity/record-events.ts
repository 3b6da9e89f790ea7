import type { ActivityKind } from '@wms/contract/activity';
import { renderActivity } from '@wms/contract/activity';
import type { Executor } from '../../db/client';
import { activity } from '../../db/schema/activity';
import type { ActivityEvent } from './record-event';

const INSERT_CHUNK = 500;

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
      warehouseId: warehouseIds[0] ?? null,
      accountId: accountIds[0] ?? null,
      warehouseIds,
      accountIds,
      properties: event.payload as unknown as Record<string, unknown>,
    };
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(activity).values(rows.slice(start, start + INSERT_CHUNK));
  }
}
