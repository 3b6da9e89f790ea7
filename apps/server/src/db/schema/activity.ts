import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * Who did what, when, where: the dashboard's Recent Activity and detail timelines read this. Typed events
 * carry a `kind` from the contract (activity.ts) with a JSON `properties` payload, rendered to text in
 * one place, and every warehouse and account they concern in `warehouse_ids`/`account_ids` (plain arrays, no
 * foreign keys, so an event keeps its scope when its subject is deleted). Readers filter with `&&` on those
 * arrays (GIN indexes). `warehouse_id`/`account_id` and kind `legacy` (text in `description`) belong to rows written
 * before typed events: they are read, never written any more.
 */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    kind: text('kind').notNull().default('legacy'),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id'),
    description: text('description').notNull(),
    warehouseId: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'set null' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    properties: jsonb('properties').$type<Record<string, unknown>>(),
    warehouseIds: integer('warehouse_ids').array().notNull().default(sql`'{}'::integer[]`),
    accountIds: integer('account_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_created_idx').on(t.createdAt),
    index('activity_warehouse_idx').on(t.warehouseId, t.createdAt),
    index('activity_account_idx').on(t.accountId, t.createdAt),
    index('activity_subject_idx').on(t.subjectType, t.subjectId),
    index('activity_warehouse_ids_idx').using('gin', t.warehouseIds),
    index('activity_account_ids_idx').using('gin', t.accountIds),
  ],
);
