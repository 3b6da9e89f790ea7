import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { idArray } from '../../../db/id-array';
import { insertJsonRows } from '../../../db/insert-json-rows';

/** node-postgres and PGlite both answer {rows}; drizzle's types differ per driver. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows ?? [];
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const bigintArray = (ids: readonly number[]) => idArray(ids, 'bigint');

export interface WaitingEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
  coalesceKey: string | null;
}

/**
 * Outbox events ready to fan out, locked for this transaction (`SKIP LOCKED`: another process takes the next
 * ones). An event with a coalesce key waits `holdMs` first, so a burst of changes to one inventory row becomes one
 * delivery of its newest quantities.
 */
export async function lockWaitingEvents(db: Executor, now: Date, holdMs: number, limit: number) {
  const held = new Date(now.getTime() - holdMs);
  return rowsOf<WaitingEvent>(
    await db.execute(sql`
      select id::int as id, type, payload, created_at as "createdAt", coalesce_key as "coalesceKey"
      from webhook_events
      where fanned_out_at is null and (coalesce_key is null or created_at <= ${at(held)})
      order by id limit ${limit}
      for update skip locked`),
  );
}

/**
 * Of these events, those a newer event with the same coalesce key replaces. An event already waiting longer than
 * `maxHoldMs` is delivered anyway, so a row that changes without pause still reports now and then.
 */
export async function supersededEvents(db: Executor, ids: readonly number[], now: Date, maxHoldMs: number) {
  if (ids.length === 0) return new Set<number>();
  const oldest = new Date(now.getTime() - maxHoldMs);
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select e.id::int as id from webhook_events e
      where e.id = any(${bigintArray(ids)}) and e.coalesce_key is not null and e.created_at > ${at(oldest)}
        and exists (select 1 from webhook_events n where n.coalesce_key = e.coalesce_key and n.id > e.id)`),
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * (event, subscription) pairs that match by account and type: enabled subscriptions of the event's account (or of
 * every account). With what the dispatcher needs to check the subscription's creator and the event's scope.
 */
export interface MatchingPair {
  eventId: number;
  eventAccountId: number;
  eventWarehouseId: number | null;
  subscriptionId: number;
  accountId: number | null;
  createdBy: number | null;
  createdByApiKeyId: number | null;
}

export async function matchingSubscriptions(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return rowsOf<MatchingPair>(
    await db.execute(sql`
      select e.id::int as "eventId", e.account_id as "eventAccountId", e.warehouse_id as "eventWarehouseId",
        s.id as "subscriptionId", s.account_id as "accountId", s.created_by as "createdBy",
        s.created_by_api_key_id as "createdByApiKeyId"
      from webhook_events e
      join webhook_subscriptions s on s.enabled and (s.account_id is null or s.account_id = e.account_id)
        and e.type = any(s.events) and s.created_at <= e.created_at
      where e.id = any(${bigintArray(ids)})`),
  );
}

/**
 * Turns these subscriptions off with their reason (their creator's access ended). Answers the ones
 * this call disabled: the `enabled` condition makes another process's disabling of the same one a no-op.
 */
export async function disableSubscriptions(
  db: Executor,
  disabling: readonly { id: number; reason: string }[],
  now: Date,
) {
  if (disabling.length === 0) return [];
  return rowsOf<{ id: number; accountId: number | null; url: string; reason: string }>(
    await db.execute(sql`
      update webhook_subscriptions s set enabled = false, disabled_at = ${at(now)}, disabled_reason = d.reason,
        updated_at = ${at(now)}
      from jsonb_to_recordset(${JSON.stringify(disabling)}::jsonb) as d(id int, reason text)
      where s.id = d.id and s.enabled
      returning s.id, s.account_id as "accountId", s.url, s.disabled_reason as reason`),
  );
}

export interface NewDelivery {
  subscriptionId: number;
  eventId: number | null;
  messageId: string;
  eventType: string;
  body: string;
  nextAttemptAt: Date;
}

/** Queues deliveries; a pair already queued (a fan-out repeated after a crash) is left as it is. */
export async function insertDeliveries(db: Executor, deliveries: readonly NewDelivery[]) {
  return insertJsonRows<{ id: number; messageId: string; status: string }>(
    db,
    'webhook_deliveries',
    [
      ['subscription_id', 'int'],
      ['event_id', 'bigint'],
      ['message_id', 'text'],
      ['event_type', 'text'],
      ['body', 'text'],
      ['next_attempt_at', 'timestamptz'],
    ],
    deliveries.map((d) => ({
      subscription_id: d.subscriptionId,
      event_id: d.eventId,
      message_id: d.messageId,
      event_type: d.eventType,
      body: d.body,
      next_attempt_at: d.nextAttemptAt.toISOString(),
    })),
    sql`on conflict do nothing returning id::int as id, message_id as "messageId", status`,
  );
}

export async function markFannedOut(db: Executor, ids: readonly number[], superseded: Set<number>, now: Date) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update webhook_events set fanned_out_at = ${at(now)},
      superseded = (id = any(${bigintArray([...superseded])}))
    where id = any(${bigintArray(ids)})`);
}

export interface ClaimedDelivery {
  id: number;
  subscriptionId: number;
  attempt: number;
  messageId: string;
  body: string;
  url: string;
  secret: string;
}

/**
 * Claims up to `limit` due deliveries for this process: `FOR UPDATE SKIP LOCKED` lets several processes claim at
 * once without taking the same row, and the lease (`lease_until`) keeps the row this process's until it expires —
 * a process killed mid-delivery loses it then, and another claims it again (at least once). Each claim is one
 * attempt. One statement, committed at once: the HTTP call happens outside any transaction.
 */
export async function claimDueDeliveries(db: Executor, now: Date, leaseMs: number, limit: number, token: string) {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_subscriptions s on s.id = d.subscription_id and s.enabled
        where d.status = 'pending' and d.next_attempt_at <= ${at(now)}
          and (d.lease_until is null or d.lease_until <= ${at(now)})
        order by d.next_attempt_at, d.id
        limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries d
      set lease_until = ${at(leaseUntil)}, lease_token = ${token}, attempts = d.attempts + 1,
        first_attempt_at = coalesce(d.first_attempt_at, ${at(now)})
      from due, webhook_subscriptions s
      where d.id = due.id and s.id = d.subscription_id
      returning d.id::int as id, d.subscription_id as "subscriptionId", d.attempts as attempt,
        d.message_id as "messageId", d.body, s.url, s.secret`),
  );
}

export interface AttemptRecord {
  deliveryId: number;
  subscriptionId: number;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
}

export async function insertAttempt(db: Executor, record: AttemptRecord) {
  await db.execute(sql`
    insert into webhook_attempts (delivery_id, subscription_id, attempt, started_at, duration_ms, status_code, error,
      response_body)
    values (${record.deliveryId}, ${record.subscriptionId}, ${record.attempt}, ${at(record.startedAt)},
      ${record.durationMs}, ${record.statusCode}, ${record.error}, ${record.responseBody})`);
}

/**
 * The outcome of this process's claim: only while it still holds the lease (a claim that outlived its lease was
 * taken over, and the newer claim's outcome counts). `next` null: no more attempts.
 */
export async function settleDelivery(
  db: Executor,
  id: number,
  token: string,
  outcome: { status: 'succeeded' | 'failed' | 'pending'; nextAttemptAt: Date | null; now: Date },
): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update webhook_deliveries set status = ${outcome.status}, lease_until = null, lease_token = null,
        next_attempt_at = coalesce(${outcome.nextAttemptAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
        completed_at = ${outcome.status === 'pending' ? null : outcome.now.toISOString()}::timestamptz
      where id = ${id} and lease_token = ${token}
      returning id::int as id`),
  );
  return rows.length === 1;
}

export async function markSubscriptionHealthy(db: Executor, subscriptionId: number) {
  await db.execute(sql`
    update webhook_subscriptions set failing_since = null where id = ${subscriptionId} and failing_since is not null`);
}

/**
 * Counts a failure against the endpoint; when it has been failing for `disableAfterMs`, disables it and answers it
 * (once: the `enabled` condition makes a second process's disabling a no-op).
 */
export async function recordSubscriptionFailure(
  db: Executor,
  subscriptionId: number,
  now: Date,
  disableAfterMs: number,
  reason: string,
) {
  const threshold = new Date(now.getTime() - disableAfterMs);
  await db.execute(sql`
    update webhook_subscriptions set failing_since = ${at(now)}
    where id = ${subscriptionId} and failing_since is null`);
  return rowsOf<{ id: number; accountId: number | null; url: string }>(
    await db.execute(sql`
      update webhook_subscriptions set enabled = false, disabled_at = ${at(now)}, disabled_reason = ${reason},
        updated_at = ${at(now)}
      where id = ${subscriptionId} and enabled and failing_since <= ${at(threshold)}
      returning id, account_id as "accountId", url`),
  )[0];
}
