import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * A support request (spec 2 §3 Inquiry) about an order, product, account or nothing in particular (general).
 * `account_id` is the account it concerns (the subject's account, or the creator's selected account) and carries
 * the client scope; `warehouse_id` carries the manager scope and drives auto-assignment.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    subtype: text('subtype'),
    query: text('query').notNull(),
    status: text('status', { enum: ['open', 'in_progress', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    response: text('response'),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    subjectName: text('subject_name'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('inquiries_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('inquiries_created_idx').on(t.createdAt, t.id),
    index('inquiries_assignee_status_idx').on(t.assignedTo, t.status),
    index('inquiries_user_idx').on(t.userId),
    index('inquiries_subject_idx').on(t.subjectType, t.subjectId),
    check('inquiries_status_check', sql`${t.status} in ('open', 'in_progress', 'resolved', 'closed')`),
  ],
);
