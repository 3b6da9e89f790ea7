import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { notificationEmails, notificationPreferences, notifications } from '../../../db/schema/notifications';

export interface NotificationInsert {
  userId: number;
  kind: string;
  title: string;
  text: string;
  link: string | null;
}

export interface EmailInsert {
  userId: number;
  toAddress: string;
  subject: string;
  body: string;
  link: string | null;
}

/** Writes notifications and queued e-mails in the caller's transaction. */
export async function insertNotifications(
  db: Executor,
  rows: readonly NotificationInsert[],
  emails: readonly EmailInsert[],
): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values([...rows]);
  if (emails.length > 0) await db.insert(notificationEmails).values([...emails]);
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  text: notifications.text,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};
export interface NotificationRow {
  id: number;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
}

const ownedBy = (userId: number, unreadOnly = false) =>
  and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined);

/** One page of a user's notifications, newest first, and how many there are. */
export async function listNotificationRows(
  db: Executor,
  userId: number,
  page: { offset: number; limit: number; unreadOnly: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = ownedBy(userId, page.unreadOnly);
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(notifications).where(where);
  return { rows, total };
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(notifications)
    .where(ownedBy(userId, true));
  return total;
}

/** Marks one of the user's notifications read (kept as first read); undefined when it is not theirs. */
export async function markRead(db: Executor, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning(columns);
  return row;
}

export async function markAllRead(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(ownedBy(userId, true))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function preferenceRows(db: Executor, userId: number) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  db: Executor,
  userId: number,
  rows: readonly { kind: string; inApp: boolean; email: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((r) => ({ userId, ...r })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
    });
}
