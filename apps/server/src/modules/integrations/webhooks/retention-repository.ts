import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/**
 * Event retention: settled deliveries (succeeded or failed, with their attempts by cascade) and outbox
 * events older than the cutoff go, a bounded batch per call so one prune never holds long locks. An event still
 * waiting for fan-out, or with a delivery still pending, stays whatever its age: it has not been delivered yet.
 */
export async function pruneWebhookHistory(db: Executor, cutoff: Date, batch: number) {
  const deliveries = rowsOf(
    await db.execute(sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries
        where status in ('succeeded', 'failed') and completed_at < ${cutoff.toISOString()}::timestamptz
        order by id limit ${batch})
      returning id`),
  );
  const events = rowsOf(
    await db.execute(sql`
      delete from webhook_events where id in (
        select e.id from webhook_events e
        where e.created_at < ${cutoff.toISOString()}::timestamptz and e.fanned_out_at is not null
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
        order by e.id limit ${batch})
      returning id`),
  );
  return { deliveries, events };
}
