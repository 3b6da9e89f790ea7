import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * The transactional outbox: one row per webhook event, written in the transaction of the change it
 * reports, so a rolled-back change leaves no event and a committed one always has its event. The dispatcher fans
 * each event out to the matching subscriptions (`fanned_out_at`); `coalesce_key` marks events that a later one for
 * the same key replaces when both wait (inventory rows: only the newest quantities are delivered). Account and
 * warehouse are plain columns (no foreign keys), like activity's, so the history outlives what it reports on.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    accountId: integer('account_id').notNull(),
    warehouseId: integer('warehouse_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    coalesceKey: text('coalesce_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
    /** Fanned out without deliveries because a newer event with the same coalesce key replaced it. */
    superseded: boolean('superseded').notNull().default(false),
  },
  (t) => [
    index('webhook_events_waiting_idx').on(t.id).where(sql`${t.fannedOutAt} is null`),
    index('webhook_events_coalesce_idx').on(t.coalesceKey, t.id).where(sql`${t.coalesceKey} is not null`),
    index('webhook_events_account_idx').on(t.accountId, t.id),
  ],
);

/**
 * Where an account's events go. `account_id` null: every account (staff who see everything only). Subscriptions
 * are the account's configuration and go with it when it is deleted. The secret signs deliveries, so it is kept
 * (the server must compute the HMAC); it is shown to the user once, at creation.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the last success: a day of failures disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The API key it was made with (null: made while signed in). A plain column, no foreign key: a key gone or
     * revoked must leave the subscription to be disabled with a reason, not silently deleted with it.
     */
    createdByApiKeyId: integer('created_by_api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_subscriptions_account_idx').on(t.accountId)],
);

/**
 * One event for one subscription, delivered at least once. A dispatcher claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease (`lease_until`): a process killed mid-delivery leaves a lease that expires,
 * and another claim delivers again, with the same `message_id` (the webhook-id header).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** null for test events ("Send test event"), which are not in the outbox. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => webhookEvents.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The signed body, fixed at fan-out so every attempt sends the same bytes. */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseToken: text('lease_token'),
    /** The first attempt's claim: retries stop about 24 h after it. */
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_subscription_idx').on(t.eventId, t.subscriptionId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
  ],
);

/** Every attempt of every delivery: the delivery log. The answer's body is kept to its first 1 KB. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    responseBody: text('response_body'),
  },
  (t) => [
    index('webhook_attempts_subscription_idx').on(t.subscriptionId, t.id),
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
  ],
);
