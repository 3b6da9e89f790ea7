import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationKind,
  type NotificationPreference,
  notificationKindsFor,
} from '@wms/contract/notifications';
import { pageMeta } from '@wms/contract/pagination';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { notFound } from '../../../http/errors';
import {
  countUnread,
  listNotificationRows,
  markAllRead,
  markRead,
  type NotificationRow,
  preferenceRows,
  upsertPreferences,
} from './notifications-repository';

/*
 * A person's own notifications. Every read and write carries the caller's user id, so another person's
 * notification is simply not found (404), whatever their role.
 */

const toView = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  text: row.text,
  link: row.link,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export async function listNotifications(
  db: Database,
  auth: RequestAuth,
  query: { page: number; per_page: number; unread?: 'true' | 'false' },
) {
  const { rows, total } = await listNotificationRows(db, auth.user.id, {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
    unreadOnly: query.unread === 'true',
  });
  return { data: rows.map(toView), meta: pageMeta(total, query.page, query.per_page) };
}

export const unreadCount = (db: Database, auth: RequestAuth) => countUnread(db, auth.user.id);

export async function readNotification(db: Database, auth: RequestAuth, id: number): Promise<Notification> {
  const row = await markRead(db, auth.user.id, id);
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return toView(row);
}

export const readAllNotifications = (db: Database, auth: RequestAuth) => markAllRead(db, auth.user.id);

/** The kinds this person may receive, each with their choice or the default (e-mail: off until they opt in). */
export async function notificationPreferences(db: Database, auth: RequestAuth): Promise<NotificationPreference[]> {
  const saved = new Map((await preferenceRows(db, auth.user.id)).map((row) => [row.kind, row]));
  return notificationKindsFor(auth.user.role === 'client').map((kind) => {
    const row = saved.get(kind);
    return {
      kind,
      in_app: row?.inApp ?? NOTIFICATION_KIND_INFO[kind].inAppByDefault,
      email: row?.email ?? false,
    };
  });
}

/** Saves the given kinds (others keep theirs); kinds the person cannot receive are ignored. */
export async function saveNotificationPreferences(
  db: Database,
  auth: RequestAuth,
  preferences: readonly NotificationPreference[],
): Promise<NotificationPreference[]> {
  const offered = new Set(notificationKindsFor(auth.user.role === 'client'));
  await upsertPreferences(
    db,
    auth.user.id,
    // One row per kind (the last one given wins): a kind twice in one upsert would be refused by the database.
    [...new Map(preferences.map((p) => [p.kind, p])).values()]
      .filter((p) => offered.has(p.kind))
      .map((p) => ({ kind: p.kind, inApp: p.in_app, email: p.email })),
  );
  return notificationPreferences(db, auth);
}
