import { queryOptions } from '@tanstack/react-query';
import type { Notification } from '@wms/contract/notifications';
import { api } from '../../lib/api/client';
import { useWrite } from '../../lib/query/use-write';
import { notificationKeys } from './query-keys';

/** Notifications are the caller's own: no warehouse/account defaults. */
const options = { bypass_default: true } as const;

/** How often the badge asks again when nothing else refreshed it. */
export const UNREAD_POLL_MS = 30_000;
export const RECENT_COUNT = 10;

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) =>
      // A failed poll stays quiet: the badge keeps its last count and asks again.
      api
        .get<{ count: number }>('/notifications/unread-count', { ...options, notifyOnError: false, signal })
        .then((a) => a.count),
    refetchInterval: UNREAD_POLL_MS,
  });

export const recentNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.recent,
    queryFn: ({ signal }) =>
      api
        .get<{ data: Notification[] }>('/notifications', { ...options, query: { per_page: RECENT_COUNT }, signal })
        .then((a) => a.data),
  });

const markRead = (id: number) => api.post<{ data: Notification }>(`/notifications/${id}/read`, undefined, options);
const markAllRead = () => api.post<{ updated: number }>('/notifications/read-all', undefined, options);

/** Every notification query lives under one root: a mark read refreshes the badge and the list together. */
export const useMarkRead = () => useWrite(markRead, [notificationKeys.all]);
export const useMarkAllRead = () => useWrite(markAllRead, [notificationKeys.all]);
