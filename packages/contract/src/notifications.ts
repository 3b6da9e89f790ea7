import { z } from 'zod';
import { pageMetaSchema, paginationQuery } from './pagination';

/**
 * Notifications. Some activity events tell a person something they wait for (an inquiry answered, a
 * shipment verified…): those become a notification in the app (the bell) and, when SMTP is configured and the
 * person opted in, an e-mail. Kinds, their labels, who they are for and the default preferences live here.
 */
export const NOTIFICATION_KINDS = [
  'inquiry_answered',
  'inquiry_assigned',
  'shipment_verified',
  'shipment_rejected',
  'order_shipped',
  'webhook_disabled',
  'import_finished',
  'short_pick',
  'return_received',
  'floor_hand_off',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationKindInfo {
  label: string;
  /** Who can receive it: the settings screen offers a kind only to those (staff are never told an order shipped). */
  audience: 'client' | 'staff' | 'everyone';
  /** In the app unless switched off; order shipped only for clients who opt in (busy shops ship hundreds a day). */
  inAppByDefault: boolean;
}

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = {
  inquiry_answered: { label: 'An inquiry of mine is answered', audience: 'client', inAppByDefault: true },
  inquiry_assigned: { label: 'An inquiry is assigned to me', audience: 'staff', inAppByDefault: true },
  shipment_verified: { label: 'An incoming shipment is verified', audience: 'client', inAppByDefault: true },
  shipment_rejected: { label: 'An incoming shipment is rejected', audience: 'client', inAppByDefault: true },
  order_shipped: { label: 'An order is shipped', audience: 'client', inAppByDefault: false },
  webhook_disabled: { label: 'A webhook of mine is disabled', audience: 'everyone', inAppByDefault: true },
  import_finished: { label: 'An import of mine has finished', audience: 'everyone', inAppByDefault: true },
  short_pick: { label: 'A picker reports a short pick in my warehouse', audience: 'staff', inAppByDefault: true },
  return_received: { label: 'A return of mine is received', audience: 'client', inAppByDefault: true },
  floor_hand_off: {
    label: 'A floor action refused offline is handed to me',
    audience: 'staff',
    inAppByDefault: true,
  },
};

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
  markedRead: 'Notification marked as read.',
  allMarkedRead: 'All notifications marked as read.',
  preferencesSaved: 'Notification settings saved.',
  emailFooter: 'You receive this e-mail because you switched it on in Account Setting › Notifications.',
} as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  text: z.string(),
  /** The app path of the object it is about (`/inquiries/12`), or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuery = paginationQuery.pick({ page: true, per_page: true }).extend({
  unread: z.enum(['true', 'false']).optional(),
});
export const notificationListResponse = z.object({ data: z.array(notificationSchema), meta: pageMetaSchema });
export const unreadCountResponse = z.object({ count: z.number().int() });
export const notificationReadResponse = z.object({ message: z.string(), data: notificationSchema });
export const notificationsReadAllResponse = z.object({ message: z.string(), updated: z.number().int() });

export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  in_app: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesResponse = z.object({
  data: z.array(notificationPreferenceSchema),
  /** Whether this installation sends e-mail at all (SMTP_URL set): the screen says so when it does not. */
  email_enabled: z.boolean(),
});
export const notificationPreferencesUpdate = z.object({
  preferences: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
});
export const notificationPreferencesSaved = notificationPreferencesResponse.extend({ message: z.string() });

/** The kinds a person of this role may receive (and set preferences for). */
export const notificationKindsFor = (isClient: boolean): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => {
    const { audience } = NOTIFICATION_KIND_INFO[kind];
    return audience === 'everyone' || (audience === 'client') === isClient;
  });
