import { afterAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/db/schema/webhooks';
import { orderWithStock } from '../test/support/orders';
import { isRealPostgres } from '../test/support/test-database';
import { startReceiver } from '../test/support/webhook-receiver';
import { seedWorld } from '../test/support/world';
import { createPostgresDatabase } from './support/database';
import { httpContext, request } from './support/http-context';
import { startServer } from './support/server-process';

/** Local receiver allowed; a short lease so the restarted process takes the delivery over within seconds. */
const DISPATCH_ENV = { WEBHOOK_ALLOW_LOCAL_URLS: 'true', WEBHOOK_LEASE_SECONDS: '3', WEBHOOK_POLL_MS: '100' };

describe.skipIf(!isRealPostgres())('kill -9 of the API in the middle of a webhook delivery', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('the event is delivered after the restart, with the same webhook-id', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    const world = await seedWorld(database.handle.db);
    let firstArrived!: () => void;
    const arrived = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    // The first request never gets an answer: the process dies while it waits.
    const receiver = await startReceiver((_request, index) => {
      if (index === 0) {
        firstArrived();
        return 'hang';
      }
      return 204;
    });
    cleanups.push(() => receiver.close());

    const env = { DATABASE_URL: database.url };
    const first = await startServer(env, DISPATCH_ENV);
    cleanups.push(() => first.kill());
    const created = await request(first.base, world, 'client', {
      method: 'POST',
      url: '/api/webhooks',
      payload: { account_id: world.accounts.clientActive, url: receiver.url, events: ['order.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ctx = httpContext(first.base, database.handle, world);
    const order = await orderWithStock(ctx, world.accounts.clientActive, world.warehouses.alpha);
    await arrived;
    await first.kill();
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServer(env, DISPATCH_ENV);
    cleanups.push(() => second.stop());
    await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 200 }).toBe(2);
    const [killed, delivered] = receiver.received;
    expect(delivered!.headers['webhook-id']).toBe(killed!.headers['webhook-id']);
    expect(JSON.parse(delivered!.body).data.order_id).toBe(order.id);
    await expect
      .poll(async () => {
        const rows = await database.handle.db.select().from(webhookDeliveries);
        return rows.map((r) => r.status);
      })
      .toEqual(['succeeded']);
  });

  it('two API processes on one PostgreSQL deliver each event once', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    const world = await seedWorld(database.handle.db);
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const env = { DATABASE_URL: database.url };
    const settings = { ...DISPATCH_ENV, WEBHOOK_LEASE_SECONDS: '60' };
    const [a, b] = await Promise.all([startServer(env, settings), startServer(env, settings)]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const created = await request(a.base, world, 'client', {
      method: 'POST',
      url: '/api/webhooks',
      payload: { account_id: world.accounts.clientActive, url: receiver.url, events: ['order.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ctx = httpContext(a.base, database.handle, world);
    const orders = 20;
    for (let i = 0; i < orders; i++) await orderWithStock(ctx, world.accounts.clientActive, world.warehouses.alpha);
    await expect
      .poll(
        async () => {
          const rows = await database.handle.db.select().from(webhookDeliveries);
          return rows.filter((r) => r.status === 'succeeded').length;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(orders);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(orders);
    expect(new Set(ids).size).toBe(orders);
  });
});
