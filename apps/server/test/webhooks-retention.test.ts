import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '../src/db/schema/webhooks';
import { createWebhookPoster } from '../src/http/webhook-post';
import { createWebhookDispatcher } from '../src/modules/integrations/webhooks/dispatcher';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

it('the dispatcher prunes settled deliveries and delivered events past the retention window, nothing else', async () => {
  const { db } = ctx.handle;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  const [subscription] = await db
    .insert(webhookSubscriptions)
    .values({
      accountId: ctx.world.accounts.clientActive,
      url: 'https://93.184.215.14/retention',
      events: ['order.created'],
      secret: 'whsec_retention',
    })
    .returning({ id: webhookSubscriptions.id });
  const event = async (name: string, ageDays: number, delivery: 'succeeded' | 'failed' | 'pending' | null) => {
    const [row] = await db
      .insert(webhookEvents)
      .values({
        type: 'order.created',
        accountId: ctx.world.accounts.clientActive,
        warehouseId: ctx.world.warehouses.alpha,
        payload: { name },
        createdAt: daysAgo(ageDays),
        fannedOutAt: daysAgo(ageDays),
      })
      .returning({ id: webhookEvents.id });
    if (delivery) {
      await db.insert(webhookDeliveries).values({
        subscriptionId: subscription!.id,
        eventId: row!.id,
        messageId: `msg_${row!.id}`,
        eventType: 'order.created',
        body: '{}',
        status: delivery,
        nextAttemptAt: delivery === 'pending' ? daysAgo(-1) : daysAgo(ageDays),
        completedAt: delivery === 'pending' ? null : daysAgo(ageDays),
      });
    }
    return [name, row!.id] as const;
  };
  const ids = Object.fromEntries([
    await event('old delivered', 31, 'succeeded'),
    await event('old failed', 40, 'failed'),
    await event('old, still retrying', 31, 'pending'),
    await event('old, no subscriber', 35, null),
    await event('recent delivered', 29, 'succeeded'),
  ]);

  const dispatcher = createWebhookDispatcher({
    db,
    post: createWebhookPoster({ allowLocal: false }),
    clock: () => now,
    leaseMs: 60_000,
    retentionDays: 30,
  });
  await dispatcher.runOnce();

  const events = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(inArray(webhookEvents.id, Object.values(ids)));
  const kept = Object.entries(ids)
    .filter(([, id]) => events.some((e) => e.id === id))
    .map(([name]) => name);
  expect(kept).toEqual(['old, still retrying', 'recent delivered']);
  const deliveries = await db
    .select({ eventId: webhookDeliveries.eventId, status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.eventId, Object.values(ids)));
  expect(deliveries.map((d) => d.status).sort()).toEqual(['pending', 'succeeded']);
});
