import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { createWebhookPoster } from '../src/http/webhook-post';
import { createWebhookDispatcher } from '../src/modules/integrations/webhooks/dispatcher';
import { orderWithStock } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { isRealPostgres } from './support/test-database';
import { startReceiver } from './support/webhook-receiver';

// PGlite has one connection and cannot race: two dispatchers run on real PostgreSQL, each on its own pool (as two
// API processes would).
describe.skipIf(!isRealPostgres())('two dispatchers on one PostgreSQL', () => {
  let ctx: TestContext;
  let second: DatabaseHandle;
  beforeAll(async () => {
    ctx = await createTestContext({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
    const url = (ctx.handle as { pool?: { options: { connectionString: string } } }).pool!.options.connectionString;
    second = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  it('deliver each event once per attempt', async () => {
    const receiver = await startReceiver();
    try {
      const created = await ctx.as('client', {
        method: 'POST',
        url: '/api/webhooks',
        payload: { account_id: ctx.world.accounts.clientActive, url: receiver.url, events: ['order.created'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const orders = 12;
      for (let i = 0; i < orders; i++) {
        await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      }
      const make = (handle: DatabaseHandle) =>
        createWebhookDispatcher({
          db: handle.db,
          post: createWebhookPoster({ allowLocal: true }),
          leaseMs: 60_000,
          batchSize: 3,
        });
      const [a, b] = [make(ctx.handle), make(second)];
      for (let round = 0; round < 20 && receiver.received.length < orders; round++) {
        await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      }
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(orders);
      expect(new Set(ids).size).toBe(orders);
    } finally {
      await receiver.close();
    }
  });
});
