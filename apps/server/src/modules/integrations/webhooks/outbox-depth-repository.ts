import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/** How much work the webhook outbox holds, for /api/metrics. */
export interface OutboxDepth {
  /** Deliveries not yet done (due now or waiting for a retry). */
  pendingDeliveries: number;
  /** Events written by a change but not yet fanned out to their subscriptions. */
  waitingEvents: number;
}

/**
 * Both counts in one statement; each is answered from a partial index (webhook_deliveries_due_idx,
 * webhook_events_waiting_idx), so a scrape stays cheap however long the delivered history grows.
 */
export async function readOutboxDepth(db: Executor): Promise<OutboxDepth> {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from webhook_deliveries where status = 'pending') as "pendingDeliveries",
      (select count(*)::int from webhook_events where fanned_out_at is null) as "waitingEvents"`)) as unknown as {
    rows: OutboxDepth[];
  };
  const row = result.rows[0];
  return { pendingDeliveries: Number(row?.pendingDeliveries ?? 0), waitingEvents: Number(row?.waitingEvents ?? 0) };
}
