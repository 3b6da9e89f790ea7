import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One person's notification (the bell), written in the transaction of the change it tells about. Title
 * and text are rendered when written (they describe the moment, like an e-mail); they go with their user.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The bell's count and its newest-first list.
    index('notifications_user_unread_idx').on(t.userId, t.id).where(sql`${t.readAt} is null`),
    index('notifications_user_idx').on(t.userId, t.id),
  ],
);

/**
 * Per person and kind: whether it shows in the app and whether it is e-mailed. No row: the kind's defaults (in the
 * contract; e-mail is always opt-in).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The e-mail outbox: written with the notification (same transaction), sent after commit by a background sender
 * that claims due rows with FOR UPDATE SKIP LOCKED plus a lease, so N API processes never send one twice at once
 * and a crash mid-send is retried. The address is copied so a later change of e-mail does not redirect it.
 */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The app path it points to; the sender makes it absolute with APP_URL. */
    link: text('link'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('notification_emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);
