import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@wms/contract/notifications';
import { api } from '../../lib/api/client';

/** Notifications are the caller's own: no warehouse/account defaults. */
const options = { bypass_default: true } as const;

/**
 * Every notification query lives under ['notifications', …] so one invalidation (the live stream, a mark read)
 * refreshes the badge and the list together.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  recent: ['notifications', 'recent'] as const,
};

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

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: Notification }>(`/notifications/${id}/read`, undefined, options),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ updated: number }>('/notifications/read-all', undefined, options),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
