import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per (caller, Idempotency-Key). The row is inserted before the work, in its own statement, so
 * the unique index decides which of several concurrent duplicates (on any API process) does the work; the others
 * wait until `response_status` is set and answer the stored answer. `caller` is `user:<id>` or `key:<id>`, so two
 * callers' keys never collide. Rows past `expires_at` are treated as absent and pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, route and request (the validated JSON body, or the multipart parts). */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request is in progress. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_caller_key_idx').on(t.caller, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
