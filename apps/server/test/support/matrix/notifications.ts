import { notifications } from '../../../src/db/schema/notifications';
import type { MatrixEntry } from '../authorization-matrix';
import { signedIn } from '../authorization-matrix';
import type { TestContext } from '../test-app';

/**
 * Notifications are personal: every signed-in caller reads and marks their own; a REAL notification of the client
 * answers 404 to every other caller (a neighbour client of the same warehouse and the administrators alike).
 */
const rows = { notification: 0 };

export async function seedNotificationMatrixRows(ctx: TestContext): Promise<void> {
  const [row] = await ctx.handle.db
    .insert(notifications)
    .values({
      userId: ctx.world.users.client.id,
      kind: 'shipment_verified',
      title: 'Shipment #1 verified',
      text: '1 × A',
    })
    .returning({ id: notifications.id });
  rows.notification = row!.id;
}

const ownOnly = (): ReturnType<typeof signedIn> => ({ ...signedIn(404), anonymous: 401, client: 200 });

export const notificationsMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/notifications',
    request: () => ({ method: 'GET', url: '/api/notifications' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/notifications/unread-count',
    request: () => ({ method: 'GET', url: '/api/notifications/unread-count' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/notifications/:id/read',
    request: () => ({ method: 'POST', url: `/api/notifications/${rows.notification}/read` }),
    expect: ownOnly(),
  },
  {
    route: 'POST /api/notifications/read-all',
    request: () => ({ method: 'POST', url: '/api/notifications/read-all' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/notifications/preferences',
    request: () => ({ method: 'GET', url: '/api/notifications/preferences' }),
    expect: signedIn(200),
  },
  {
    // The default of a kind every role receives: saving it changes nothing anyone sees.
    route: 'PUT /api/notifications/preferences',
    request: () => ({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { preferences: [{ kind: 'import_finished', in_app: true, email: false }] },
    }),
    expect: signedIn(200),
  },
];
