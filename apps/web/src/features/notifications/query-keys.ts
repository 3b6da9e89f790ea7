import { notificationRootKeys } from '../../lib/query-keys/shared-keys';

/** Every query key of the notification bell: one root with the settings' preferences (see shared-keys). */
export const notificationKeys = {
  all: notificationRootKeys.all,
  unreadCount: ['notifications', 'unread-count'] as const,
  recent: ['notifications', 'recent'] as const,
};
