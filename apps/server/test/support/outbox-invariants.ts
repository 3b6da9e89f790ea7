import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The outbox recount (like stock-invariants.ts): every committed change that must have its webhook event
 * has it, recounted from the activity feed and the ledger. Only changes of the last 30 days (the default retention
 * window: older events may have been pruned). Each list holds what breaks one rule:
 * - orderStatus: an order whose order.status_changed activity events outnumber (or are outnumbered by) its
 *   order.status_changed outbox rows;
 * - inventory: an inventory row moved by the ledger whose newest inventory.changed event does not report its
 *   current on hand and reserved quantities (or that has none).
 */
export async function outboxInvariantBreaches(db: Executor) {
  const query = async (statement: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await db.execute(statement));
  return {
    orderStatus: await query(sql`
      with recent as (select now() - interval '30 days' as since),
      activity_counts as (
        select a.subject_id as order_id, count(*)::int as activity from activity a, recent
        where a.kind = 'order.status_changed' and a.created_at > recent.since
          and cardinality(a.account_ids) > 0 and cardinality(a.warehouse_ids) > 0
          and exists (select 1 from orders o where o.id = a.subject_id)
        group by 1),
      outbox_counts as (
        select (e.payload->>'order_id')::int as order_id, count(*)::int as outbox from webhook_events e, recent
        where e.type = 'order.status_changed' and e.created_at > recent.since group by 1)
      select coalesce(a.order_id, e.order_id) as order_id, coalesce(a.activity, 0) as activity,
        coalesce(e.outbox, 0) as outbox
      from activity_counts a full join outbox_counts e on e.order_id = a.order_id
      where coalesce(a.activity, 0) <> coalesce(e.outbox, 0)
        and exists (select 1 from orders o where o.id = coalesce(a.order_id, e.order_id))`),
    inventory: await query(sql`
      with moved as (
        select m.inventory_id from inventory_movements m
        where m.inventory_id is not null group by 1 having max(m.created_at) > now() - interval '30 days'),
      newest as (
        select distinct on ((e.payload->>'inventory_id')::int) (e.payload->>'inventory_id')::int as inventory_id,
          (e.payload->>'quantity_on_hand')::int as on_hand, (e.payload->>'quantity_reserved')::int as reserved
        from webhook_events e where e.type = 'inventory.changed'
        order by (e.payload->>'inventory_id')::int, e.id desc)
      select i.id, i.quantity_on_hand, i.quantity_reserved, n.on_hand as event_on_hand, n.reserved as event_reserved
      from moved join inventories i on i.id = moved.inventory_id
      left join newest n on n.inventory_id = i.id
      where n.inventory_id is null or n.on_hand <> i.quantity_on_hand or n.reserved <> i.quantity_reserved`),
  };
}

/** Throws, listing every breach, unless every change that needs an outbox row has it. */
export async function assertOutboxInvariants(db: Executor): Promise<void> {
  const breaches = await outboxInvariantBreaches(db);
  const broken = Object.entries(breaches).filter(([, rows]) => rows.length > 0);
  if (broken.length > 0) throw new Error(`Outbox invariants broken: ${JSON.stringify(Object.fromEntries(broken))}`);
}
