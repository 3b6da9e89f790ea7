import type { RoleName } from '@wms/contract/access';
import { WEBHOOK_MESSAGES } from '@wms/contract/webhooks';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords';
import { issueToken } from '../src/auth/tokens';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { accounts, accountWarehouses } from '../src/db/schema/accounts';
import { notifications } from '../src/db/schema/notifications';
import { warehouseUsers } from '../src/db/schema/warehouses';
import { webhookDeliveries, webhookSubscriptions } from '../src/db/schema/webhooks';
import { createWebhookPoster } from '../src/http/webhook-post';
import { createWebhookDispatcher } from '../src/modules/integrations/webhooks/dispatcher';
import { insertUser } from '../src/modules/platform/users/users-repository';
import { withPermissions } from './support/grant-permission';
import { orderWithStock } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { startReceiver } from './support/webhook-receiver';

// A subscription delivers only what its creator may still see, and stops (disabled, with the
// reason, its account's owner and the admins told) when the creator's access ends.
let ctx: TestContext;
beforeAll(async () => {
  // Local development mode: the receivers listen on http://127.0.0.1.
  ctx = await createTestContext({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
});
afterAll(() => ctx.close());

const WEBHOOK_PERMISSIONS = ['view webhooks', 'create webhooks', 'edit webhooks', 'delete webhooks'];
let people = 0;
type Caller = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A user of this test alone, so taking their access away leaves the shared world as it was. */
async function freshUser(role: RoleName, warehouseIds: number[]) {
  const n = ++people;
  const id = await insertUser(ctx.handle.db, {
    name: `Creator ${n}`,
    email: `creator-${n}@test.example.com`,
    passwordHash: await hashPassword('Secret-pass-1'),
    role,
    warehouseIds,
  });
  const token = await issueToken(ctx.handle.db, id, { idleMinutes: 60, absoluteHours: 24 });
  const as = (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  return { id, as };
}

async function subscribe(as: Caller, url: string, accountId: number | null) {
  const res = await as({
    method: 'POST',
    url: '/api/webhooks',
    payload: { account_id: accountId, url, events: ['order.created'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { webhook: { id: number } }).webhook.id;
}

const dispatcher = () =>
  createWebhookDispatcher({ db: ctx.handle.db, post: createWebhookPoster({ allowLocal: true }), leaseMs: 60_000 });
async function drain() {
  const d = dispatcher();
  for (let round = 0; round < 10; round++) {
    const done = await d.runOnce();
    if (done.fannedOut + done.attempted === 0) return;
  }
}

const subscription = async (id: number) =>
  (await ctx.handle.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)))[0]!;
const deliveriesOf = (id: number) =>
  ctx.handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, id));
const disabledNotices = (userId: number) =>
  ctx.handle.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'webhook_disabled')));

/**
 * One subscription's life: it delivers an order while its creator has access, then `takeAway` ends that access,
 * and the next order is not delivered: no delivery row, the subscription disabled with `reason`.
 */
async function deliversUntil(
  subscribeTo: (url: string) => Promise<number>,
  takeAway: () => Promise<void>,
  reason: string,
  accountId: number = ctx.world.accounts.clientActive,
) {
  const receiver = await startReceiver();
  try {
    const id = await subscribeTo(receiver.url);
    await orderWithStock(ctx, accountId, ctx.world.warehouses.alpha);
    await drain();
    expect(receiver.received).toHaveLength(1);
    await takeAway();
    await orderWithStock(ctx, accountId, ctx.world.warehouses.alpha);
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveriesOf(id)).toHaveLength(1);
    const after = await subscription(id);
    expect(after).toMatchObject({ enabled: false, disabledReason: reason });
    expect(after.disabledAt).not.toBeNull();
    return id;
  } finally {
    await receiver.close();
  }
}

describe('a webhook subscription follows its creator’s access', () => {
  it('stops when its creator is deleted: an admin’s every-account subscription; the admins are told', async () => {
    const admin = await freshUser('admin', []);
    const id = await deliversUntil(
      (url) => subscribe(admin.as, url, null),
      async () => {
        const removed = await ctx.as('superAdmin', { method: 'DELETE', url: `/api/users/${admin.id}` });
        expect(removed.statusCode, removed.body).toBe(200);
      },
      WEBHOOK_MESSAGES.disabledCreatorDeleted,
    );
    expect(await disabledNotices(ctx.world.users.admin.id)).toHaveLength(1);
    expect(await disabledNotices(ctx.world.users.superAdmin.id)).toHaveLength(1);
    const seen = await ctx.as('admin', { method: 'GET', url: `/api/webhooks/${id}` });
    expect(JSON.stringify(seen.json())).toContain(WEBHOOK_MESSAGES.disabledCreatorDeleted);
  });

  it('stops when its creator no longer owns the account (owner change); the new owner is told', async () => {
    const owner = await freshUser('client', [ctx.world.warehouses.alpha]);
    const [account] = await ctx.handle.db
      .insert(accounts)
      .values({ name: 'Changing Hands', status: 'active', userId: owner.id })
      .returning({ id: accounts.id });
    const accountId = account!.id;
    await ctx.handle.db.insert(accountWarehouses).values({ accountId, warehouseId: ctx.world.warehouses.alpha });
    const id = await deliversUntil(
      (url) => subscribe(owner.as, url, accountId),
      async () => {
        await ctx.handle.db
          .update(accounts)
          .set({ userId: ctx.world.users.neighbourClient.id })
          .where(eq(accounts.id, accountId));
      },
      WEBHOOK_MESSAGES.disabledCreatorLostAccess,
      accountId,
    );
    expect(await disabledNotices(ctx.world.users.neighbourClient.id)).toHaveLength(1);
    expect(await disabledNotices(owner.id)).toHaveLength(0);
    // The new owner sees it and why.
    const seen = await ctx.as('neighbourClient', { method: 'GET', url: `/api/webhooks/${id}` });
    expect(JSON.stringify(seen.json())).toContain(WEBHOOK_MESSAGES.disabledCreatorLostAccess);
  });

  it('stops when its manager creator is unassigned from the account’s warehouse', async () => {
    const manager = await freshUser('manager', [ctx.world.warehouses.alpha]);
    await withPermissions(ctx.handle.db, 'manager', WEBHOOK_PERMISSIONS, async () => {
      await deliversUntil(
        (url) => subscribe(manager.as, url, ctx.world.accounts.clientActive),
        async () => {
          await ctx.handle.db.delete(warehouseUsers).where(eq(warehouseUsers.userId, manager.id));
        },
        WEBHOOK_MESSAGES.disabledCreatorLostAccess,
      );
    });
  });

  it('stops when its creator loses the webhook permission', async () => {
    const manager = await freshUser('manager', [ctx.world.warehouses.alpha]);
    await withPermissions(ctx.handle.db, 'manager', WEBHOOK_PERMISSIONS, async () => {
      await deliversUntil(
        (url) => subscribe(manager.as, url, ctx.world.accounts.clientActive),
        async () => {
          const [view] = await ctx.handle.db.select().from(permissions).where(eq(permissions.name, 'view webhooks'));
          const [role] = await ctx.handle.db.select().from(roles).where(eq(roles.name, 'manager'));
          await ctx.handle.db
            .delete(rolePermissions)
            .where(and(eq(rolePermissions.roleId, role!.id), eq(rolePermissions.permissionId, view!.id)));
        },
        WEBHOOK_MESSAGES.disabledCreatorLostPermission,
      );
    });
  });

  it('stops when the API key that created it is revoked', async () => {
    const client = await freshUser('client', [ctx.world.warehouses.alpha]);
    const [account] = await ctx.handle.db
      .insert(accounts)
      .values({ name: 'Keyed Goods', status: 'active', userId: client.id })
      .returning({ id: accounts.id });
    const accountId = account!.id;
    await ctx.handle.db.insert(accountWarehouses).values({ accountId, warehouseId: ctx.world.warehouses.alpha });
    const created = await client.as({
      method: 'POST',
      url: '/api/api-keys',
      payload: {
        name: 'shop',
        account_id: accountId,
        permissions: WEBHOOK_PERMISSIONS,
        current_password: 'Secret-pass-1',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret, data } = created.json() as { secret: string; data: { id: number } };
    const withKey = (options: InjectOptions) =>
      ctx.app.inject({ ...options, headers: { authorization: `Bearer ${secret}` } });
    await deliversUntil(
      (url) => subscribe(withKey, url, accountId),
      async () => {
        const revoked = await client.as({ method: 'DELETE', url: `/api/api-keys/${data.id}` });
        expect(revoked.statusCode, revoked.body).toBe(200);
      },
      WEBHOOK_MESSAGES.disabledApiKeyRevoked,
      accountId,
    );
    expect(await disabledNotices(client.id)).toHaveLength(1);
  });
});

describe('a subscription receives only what its creator’s events list shows', () => {
  it('a manager’s subscription receives no event of a warehouse the manager is not assigned to', async () => {
    const manager = await freshUser('manager', [ctx.world.warehouses.alpha]);
    const owner = await freshUser('client', [ctx.world.warehouses.alpha]);
    const [account] = await ctx.handle.db
      .insert(accounts)
      .values({ name: 'Two Sites', status: 'active', userId: owner.id })
      .returning({ id: accounts.id });
    const accountId = account!.id;
    await ctx.handle.db.insert(accountWarehouses).values([
      { accountId, warehouseId: ctx.world.warehouses.alpha },
      { accountId, warehouseId: ctx.world.warehouses.beta },
    ]);
    const receiver = await startReceiver();
    try {
      await withPermissions(ctx.handle.db, 'manager', WEBHOOK_PERMISSIONS, async () => {
        const id = await subscribe(manager.as, receiver.url, accountId);
        const inBeta = await orderWithStock(ctx, accountId, ctx.world.warehouses.beta);
        const inAlpha = await orderWithStock(ctx, accountId, ctx.world.warehouses.alpha);
        await drain();
        expect(receiver.bodies().map((b) => b.data.order_id)).toEqual([inAlpha.id]);
        expect(await deliveriesOf(id)).toHaveLength(1);
        expect(await subscription(id)).toMatchObject({ enabled: true, disabledReason: null });
        // The same as the manager's own events list, which hides the Beta order too.
        const listed = await manager.as({ method: 'GET', url: `/api/events?account_id=${accountId}&limit=100` });
        const orders = (listed.json().data as { type: string; data: { order_id: number } }[])
          .filter((e) => e.type === 'order.created')
          .map((e) => e.data.order_id);
        expect(orders).toEqual([inAlpha.id]);
        expect(orders).not.toContain(inBeta.id);
      });
    } finally {
      await receiver.close();
    }
  });

  it('two accounts in one warehouse: the other account’s receivers get nothing and no delivery row', async () => {
    const mine = await startReceiver();
    const theirs = await startReceiver();
    const theirsByAdmin = await startReceiver();
    try {
      const subscribeAs = async (actor: 'client' | 'neighbourClient' | 'admin', url: string, accountId: number) => {
        const res = await ctx.as(actor, {
          method: 'POST',
          url: '/api/webhooks',
          payload: { account_id: accountId, url, events: ['order.created'] },
        });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as { webhook: { id: number } }).webhook.id;
      };
      await subscribeAs('client', mine.url, ctx.world.accounts.clientActive);
      const neighbours = await subscribeAs('neighbourClient', theirs.url, ctx.world.accounts.neighbourActive);
      // An admin sees every account: only the account match keeps this one to the neighbour's events.
      const admins = await subscribeAs('admin', theirsByAdmin.url, ctx.world.accounts.neighbourActive);
      const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      await drain();
      expect(mine.bodies().map((b) => b.data.order_id)).toEqual([order.id]);
      expect(theirs.received).toHaveLength(0);
      expect(theirsByAdmin.received).toHaveLength(0);
      expect(await deliveriesOf(neighbours)).toHaveLength(0);
      expect(await deliveriesOf(admins)).toHaveLength(0);
    } finally {
      await Promise.all([mine.close(), theirs.close(), theirsByAdmin.close()]);
    }
  });

  it('a 3xx answer is a failed attempt (retried later), not a success', async () => {
    const receiver = await startReceiver(() => ({ status: 302, body: '' }));
    try {
      const id = await subscribe((options) => ctx.as('client', options), receiver.url, ctx.world.accounts.clientActive);
      await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      await drain();
      expect(receiver.received).toHaveLength(1);
      const [delivery] = await deliveriesOf(id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, completedAt: null });
      expect((await subscription(id)).failingSince).not.toBeNull();
      const log = await ctx.as('client', { method: 'GET', url: `/api/webhooks/${id}/deliveries` });
      expect(log.json().data[0]).toMatchObject({ status_code: 302, delivery_status: 'pending' });
    } finally {
      await receiver.close();
    }
  });
});
