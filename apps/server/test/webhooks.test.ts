import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity } from '../src/db/schema/activity';
import { files } from '../src/db/schema/files';
import { orderItems, orders, shipmentLabels } from '../src/db/schema/orders';
import { shippers } from '../src/db/schema/shippers';
import { webhookSubscriptions } from '../src/db/schema/webhooks';
import { createWebhookPoster } from '../src/http/webhook-post';
import {
  createWebhookDispatcher,
  DISABLE_AFTER_MS,
  RETRY_SCHEDULE_MS,
} from '../src/modules/integrations/webhooks/dispatcher';
import { orderWithStock, verifyAllItems } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { type ReceiverAnswer, startReceiver } from './support/webhook-receiver';
import type { Actor } from './support/world';

let ctx: TestContext;
beforeAll(async () => {
  // Local development mode: the tests' receiver listens on http://127.0.0.1.
  ctx = await createTestContext({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
});
afterAll(() => ctx.close());

/** The dispatcher's clock, moved by the tests instead of waiting. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
beforeEach(() => {
  offsetMs = 0;
});
const dispatcherOf = (db = ctx.handle.db) =>
  createWebhookDispatcher({ db, post: createWebhookPoster({ allowLocal: true }), clock, leaseMs: 60_000 });

async function subscribe(url: string, events: string[], actor: Actor = 'client', accountId?: number | null) {
  const res = await ctx.as(actor, {
    method: 'POST',
    url: '/api/webhooks',
    payload: { account_id: accountId === undefined ? ctx.world.accounts.clientActive : accountId, url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook: { id: number }; secret: string };
}

async function withReceiver<T>(
  answer: ((r: unknown, i: number) => ReceiverAnswer) | undefined,
  work: (receiver: Awaited<ReturnType<typeof startReceiver>>) => Promise<T>,
) {
  const receiver = await startReceiver(answer);
  try {
    return await work(receiver);
  } finally {
    await ctx.handle.db.delete(webhookSubscriptions);
    await receiver.close();
  }
}

/** Delivers everything waiting now (fan-out, then every due attempt). */
async function drain(dispatcher = dispatcherOf()) {
  for (let round = 0; round < 10; round++) {
    const done = await dispatcher.runOnce();
    if (done.fannedOut + done.attempted === 0) return;
  }
}

describe('webhook delivery', () => {
  it('signs every delivery per Standard Webhooks: standardwebhooks verifies it with the secret shown once', async () => {
    await withReceiver(undefined, async (receiver) => {
      const { secret, webhook } = await subscribe(receiver.url, ['order.created']);
      expect(secret).toMatch(/^whsec_/);
      const listed = await ctx.as('client', { method: 'GET', url: `/api/webhooks/${webhook.id}` });
      expect(listed.body).not.toContain(secret);

      const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      await drain();
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      const verified = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(verified.type).toBe('order.created');
      expect(verified.data).toMatchObject({
        order_id: order.id,
        order_number: order.orderNumber,
        account_id: ctx.world.accounts.clientActive,
        warehouse_id: ctx.world.warehouses.alpha,
      });
      expect(() =>
        new Webhook(`whsec_${Buffer.from('another secret!!').toString('base64')}`).verify(
          request!.body,
          request!.headers as Record<string, string>,
        ),
      ).toThrow();
    });
  });

  it('retries a receiver that fails 3 times, with the same webhook-id, until it succeeds', async () => {
    await withReceiver(
      (_r, i) => (i < 3 ? { status: 500, body: 'x'.repeat(5000) } : 200),
      async (receiver) => {
        const { webhook } = await subscribe(receiver.url, ['order.created']);
        await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
        const dispatcher = dispatcherOf();
        await drain(dispatcher);
        expect(receiver.received).toHaveLength(1);
        // Nothing is due before the backoff has passed.
        await drain(dispatcher);
        expect(receiver.received).toHaveLength(1);
        for (const wait of RETRY_SCHEDULE_MS.slice(0, 3)) {
          offsetMs += wait;
          await drain(dispatcher);
        }
        expect(receiver.received).toHaveLength(4);
        const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
        expect(ids.size).toBe(1);

        const log = await ctx.as('client', { method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries` });
        expect(log.statusCode).toBe(200);
        const attempts = log.json().data as { attempt: number; status_code: number; response_body: string | null }[];
        expect(attempts.map((a) => [a.attempt, a.status_code])).toEqual([
          [4, 200],
          [3, 500],
          [2, 500],
          [1, 500],
        ]);
        // Only the first 1 KB of an answer is kept.
        expect(attempts[3]!.response_body).toHaveLength(1024);
      },
    );
  });

  it('gives up after about 24 hours and disables an endpoint that failed for a day', async () => {
    await withReceiver(
      () => 503,
      async (receiver) => {
        const { webhook } = await subscribe(receiver.url, ['order.created']);
        await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
        const dispatcher = dispatcherOf();
        await drain(dispatcher);
        for (const wait of RETRY_SCHEDULE_MS) {
          offsetMs += wait;
          await drain(dispatcher);
        }
        expect(receiver.received).toHaveLength(RETRY_SCHEDULE_MS.length + 1);
        const total = RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
        expect(total).toBeGreaterThan(20 * 3600_000);
        expect(total).toBeLessThan(DISABLE_AFTER_MS + 3600_000);
        const log = await ctx.as('client', { method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries` });
        expect(log.json().data[0].delivery_status).toBe('failed');

        // A day after the first failure, the next failed attempt (a test event) disables the endpoint.
        offsetMs = DISABLE_AFTER_MS + 60_000;
        expect((await ctx.as('client', { method: 'POST', url: `/api/webhooks/${webhook.id}/test` })).statusCode).toBe(
          202,
        );
        await drain(dispatcher);
        const after = (await ctx.as('client', { method: 'GET', url: `/api/webhooks/${webhook.id}` })).json().webhook;
        expect(after).toMatchObject({ enabled: false, disabled_reason: 'Disabled after failing for 24 hours' });
        // No notifications yet: the account's activity feed says it.
        const events = await ctx.handle.db.select().from(activity).where(eq(activity.kind, 'webhook.disabled'));
        expect(events.map((e) => e.accountIds)).toEqual([[ctx.world.accounts.clientActive]]);
      },
    );
  });

  it('delivers again after a process died mid-delivery, once its lease has expired', async () => {
    await withReceiver(
      () => 204,
      async (receiver) => {
        await subscribe(receiver.url, ['order.created']);
        await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
        // The first process claims and never finishes (its attempt hangs: as good as killed).
        let claimed!: () => void;
        const posted = new Promise<void>((resolve) => {
          claimed = resolve;
        });
        const dying = createWebhookDispatcher({
          db: ctx.handle.db,
          post: () => {
            claimed();
            return new Promise(() => {});
          },
          clock,
          leaseMs: 60_000,
        });
        void dying.runOnce();
        await posted;
        // While its lease runs, nobody else takes the delivery.
        expect((await dispatcherOf().runOnce()).attempted).toBe(0);
        offsetMs += 61_000;
        await drain();
        expect(receiver.received).toHaveLength(1);
      },
    );
  });

  it('redelivers one delivery and sends a test event, both signed', async () => {
    await withReceiver(undefined, async (receiver) => {
      const { webhook, secret } = await subscribe(receiver.url, ['order.created']);
      await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      await drain();
      const log = await ctx.as('client', { method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries` });
      const deliveryId = log.json().data[0].delivery_id;
      const again = await ctx.as('client', {
        method: 'POST',
        url: `/api/webhooks/${webhook.id}/deliveries/${deliveryId}/redeliver`,
      });
      expect(again.statusCode, again.body).toBe(202);
      const test = await ctx.as('client', { method: 'POST', url: `/api/webhooks/${webhook.id}/test` });
      expect(test.statusCode).toBe(202);
      await drain();
      expect(receiver.received).toHaveLength(3);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      for (const r of receiver.received) new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
      expect(receiver.bodies()[2]!.type).toBe('webhook.test');
    });
  });
});

describe('webhook events (the outbox)', () => {
  it('order.shipped carries carrier and tracking; order.status_changed comes with it', async () => {
    await withReceiver(undefined, async (receiver) => {
      await subscribe(receiver.url, ['order.shipped', 'order.status_changed'], 'admin', null);
      const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      const [shipper] = await ctx.handle.db
        .insert(shippers)
        .values({ name: 'Parcel Express', code: `PX${Date.now()}` })
        .returning();
      await ctx.handle.db.update(orders).set({ shipperId: shipper!.id }).where(eq(orders.id, order.id));
      await ctx.handle.db
        .update(orderItems)
        .set({ trackingNumber: '1Z999AA10123456784' })
        .where(eq(orderItems.orderId, order.id));
      await verifyAllItems(ctx, order.id);
      const ship = await ctx.as('manager', {
        method: 'POST',
        url: `/api/orders/${order.id}/status`,
        payload: { status: 'shipped' },
      });
      expect(ship.statusCode, ship.body).toBe(200);
      await drain();
      const bodies = receiver.bodies();
      expect(bodies.map((b) => b.type).sort()).toEqual(['order.shipped', 'order.status_changed']);
      expect(bodies.find((b) => b.type === 'order.shipped')!.data).toMatchObject({
        order_id: order.id,
        carrier: 'Parcel Express',
        tracking_number: '1Z999AA10123456784',
      });
    });
  });

  it('order.shipped without a shipper names the carrier of the label that gives its tracking number', async () => {
    await withReceiver(undefined, async (receiver) => {
      await subscribe(receiver.url, ['order.shipped'], 'admin', null);
      const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      const fileId = randomUUID();
      await ctx.handle.db.insert(files).values({
        id: fileId,
        kind: 'label',
        ownerUserId: ctx.world.users.client.id,
        originalName: 'dhl.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 1,
        sha256: '0'.repeat(64),
        storageKey: `labels/${fileId}`,
      });
      await ctx.handle.db.insert(shipmentLabels).values({
        orderId: order.id,
        fileId,
        labelName: 'DHL label',
        trackingNumber: 'JD014600006281230',
        carrier: 'DHL',
      });
      await verifyAllItems(ctx, order.id);
      const ship = await ctx.as('manager', {
        method: 'POST',
        url: `/api/orders/${order.id}/status`,
        payload: { status: 'shipped' },
      });
      expect(ship.statusCode, ship.body).toBe(200);
      await drain();
      const [shipped] = receiver.bodies();
      expect(shipped!.data).toMatchObject({
        order_id: order.id,
        carrier: 'DHL',
        tracking_number: 'JD014600006281230',
      });
    });
  });

  it('a rolled-back change writes no event; inventory.changed is coalesced per row', async () => {
    await withReceiver(undefined, async (receiver) => {
      await subscribe(receiver.url, ['inventory.changed', 'order.status_changed', 'order.shipped']);
      const order = await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, {
        onHand: 10,
        quantity: 3,
      });
      const before = await ctx.as('client', { method: 'GET', url: '/api/events?limit=500' });
      const cursor = before.json().next_cursor as string;
      // Shipping unverified items is refused: the transaction rolls back, with its events.
      const refused = await ctx.as('manager', {
        method: 'POST',
        url: `/api/orders/${order.id}/status`,
        payload: { status: 'shipped' },
      });
      expect(refused.statusCode).toBe(422);
      const after = await ctx.as('client', { method: 'GET', url: `/api/events?after=${cursor}` });
      expect(after.json().data).toEqual([]);

      // Three changes of one row within seconds: one delivery with the newest quantities.
      for (const change of [1, 2, 3]) {
        const res = await ctx.as('admin', {
          method: 'POST',
          url: `/api/inventories/${order.inventoryId}/adjust`,
          payload: { type: 'on_hand', quantity_change: change, reason: 'count' },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      await drain();
      expect(receiver.received).toHaveLength(0);
      offsetMs += 4000;
      await drain();
      const inventoryEvents = receiver.bodies().filter((b) => b.type === 'inventory.changed');
      expect(inventoryEvents).toHaveLength(1);
      expect(inventoryEvents[0]!.data).toMatchObject({
        inventory_id: order.inventoryId,
        quantity_on_hand: 16,
        quantity_reserved: 3,
        quantity_available: 13,
      });
    });
  });
});
