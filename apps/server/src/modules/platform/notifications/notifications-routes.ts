import { idParams } from '@wms/contract/ids';
import {
  NOTIFICATION_MESSAGES,
  notificationListQuery,
  notificationListResponse,
  notificationPreferencesResponse,
  notificationPreferencesSaved,
  notificationPreferencesUpdate,
  notificationReadResponse,
  notificationsReadAllResponse,
  unreadCountResponse,
} from '@wms/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import {
  listNotifications,
  notificationPreferences,
  readAllNotifications,
  readNotification,
  saveNotificationPreferences,
  unreadCount,
} from './notifications-service';

const tags = ['notifications'];

/**
 * The caller's own notifications (the bell) and their notification settings. Every signed-in person has
 * them, so the routes need no permission beyond being signed in; each reads and writes only the caller's rows.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Database; emailEnabled: boolean }> = async (
  app,
  { db, emailEnabled },
) => {
  app.get(
    '/notifications',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'List your notifications, newest first',
        operationId: 'listNotifications',
        tags,
        querystring: notificationListQuery,
        response: { 200: notificationListResponse },
      },
    },
    async (request) => listNotifications(db, requireAuth(request.auth), request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'How many of your notifications are unread (the bell badge)',
        operationId: 'countUnreadNotifications',
        tags,
        response: { 200: unreadCountResponse },
      },
    },
    async (request) => ({ count: await unreadCount(db, requireAuth(request.auth)) }),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'Mark all your notifications read',
        operationId: 'readAllNotifications',
        tags,
        response: { 200: notificationsReadAllResponse },
      },
    },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.allMarkedRead,
      updated: await readAllNotifications(db, requireAuth(request.auth)),
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'Mark one of your notifications read',
        operationId: 'readNotification',
        tags,
        params: idParams,
        response: { 200: notificationReadResponse },
      },
    },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.markedRead,
      data: await readNotification(db, requireAuth(request.auth), request.params.id),
    }),
  );

  app.get(
    '/notifications/preferences',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'Your notification settings: per kind, in the app and by e-mail',
        operationId: 'getNotificationPreferences',
        tags,
        response: { 200: notificationPreferencesResponse },
      },
    },
    async (request) => ({
      data: await notificationPreferences(db, requireAuth(request.auth)),
      email_enabled: emailEnabled,
    }),
  );

  app.put(
    '/notifications/preferences',
    {
      config: { permission: 'authenticated' },
      schema: {
        summary: 'Save your notification settings',
        operationId: 'saveNotificationPreferences',
        tags,
        body: notificationPreferencesUpdate,
        response: { 200: notificationPreferencesSaved },
      },
    },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.preferencesSaved,
      data: await saveNotificationPreferences(db, requireAuth(request.auth), request.body.preferences),
      email_enabled: emailEnabled,
    }),
  );
};
