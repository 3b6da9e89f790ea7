import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookPoster } from '../src/http/webhook-post';
import { createWebhookDispatcher } from '../src/modules/integrations/webhooks/dispatcher';
import { createMetricsRegistry } from '../src/modules/platform/metrics/metrics-registry';
import { orderWithStock } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import { startReceiver } from './support/webhook-receiver';

const METRICS_TOKEN = 'metrics-test-token-0123456789';

let ctx: TestContext;
let withoutToken: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN, WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
  withoutToken = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await withoutToken.close();
});

const scrape = (authorization?: string) =>
  ctx.as(null, { method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line of the exposition, e.g. `name{labels} 3`. */
const sample = (body: string, series: string) =>
  body
    .split('\n')
    .find((line) => line.startsWith(`${series} `))
    ?.split(' ')[1];

describe('GET /api/metrics', () => {
  it('refuses a scrape without the metrics token, with a wrong one, and with a user’s own sign-in token', async () => {
    for (const res of [
      await scrape(),
      await scrape('Bearer not-the-metrics-token'),
      await scrape(`Bearer ${ctx.world.users.superAdmin.token}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers 404 to everyone when no METRICS_TOKEN is configured', async () => {
    const res = await withoutToken.as(null, {
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('times earlier requests by route pattern and status, with the process’s memory', async () => {
    const alpha = ctx.world.warehouses.alpha;
    expect((await ctx.as('admin', { method: 'GET', url: `/api/warehouses/${alpha}` })).statusCode).toBe(200);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/warehouses/999999' })).statusCode).toBe(404);

    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const route = 'route="/api/warehouses/:id"';
    expect(sample(res.body, `http_request_duration_seconds_count{method="GET",${route},status_code="200"}`)).toBe('1');
    expect(sample(res.body, `http_request_duration_seconds_count{method="GET",${route},status_code="404"}`)).toBe('1');
    // The raw URL never becomes a label.
    expect(res.body).not.toContain(`/api/warehouses/${alpha}`);
    expect(Number(sample(res.body, 'process_resident_memory_bytes'))).toBeGreaterThan(0);
  });
});

describe('database pool usage', () => {
  it('publishes each pool’s open, idle and waiting connections as they are when scraped', async () => {
    const pool = { totalCount: 4, idleCount: 1, waitingCount: 2 };
    const registry = createMetricsRegistry({ primary: pool });
    pool.totalCount = 5;
    const body = await registry.metrics();
    expect(sample(body, 'db_pool_connections{pool="primary"}')).toBe('5');
    expect(sample(body, 'db_pool_idle_connections{pool="primary"}')).toBe('1');
    expect(sample(body, 'db_pool_waiting_requests{pool="primary"}')).toBe('2');
  });
});

describe('the process’s default metrics', () => {
  it('are collected once per process and shared by every app’s registry, each with its own pool gauges', async () => {
    // prom-client starts an event-loop monitor and a GC observer per collection and never stops them: a second app
    // in the process (tests build one per file) must reuse the first collection, not start another.
    const first = createMetricsRegistry({ primary: { totalCount: 1, idleCount: 1, waitingCount: 0 } });
    const second = createMetricsRegistry({ primary: { totalCount: 7, idleCount: 0, waitingCount: 0 } });
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_gc_duration_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(first.getSingleMetric(name), name).toBeDefined();
      expect(second.getSingleMetric(name), name).toBe(first.getSingleMetric(name));
    }
    expect(sample(await second.metrics(), 'process_resident_memory_bytes')).not.toBe('0');
    expect(sample(await first.metrics(), 'db_pool_connections{pool="primary"}')).toBe('1');
    expect(sample(await second.metrics(), 'db_pool_connections{pool="primary"}')).toBe('7');
  });
});

describe('webhook outbox depth', () => {
  const depth = async () => {
    const body = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    return {
      waitingEvents: sample(body, 'webhook_outbox_waiting_events'),
      pendingDeliveries: sample(body, 'webhook_outbox_pending_deliveries'),
    };
  };

  it('counts events waiting for fan-out, then deliveries pending while the receiver fails, then none', async () => {
    let failing = true;
    const receiver = await startReceiver(() => (failing ? 500 : 200));
    try {
      expect(await depth()).toEqual({ waitingEvents: '0', pendingDeliveries: '0' });
      const subscribed = await ctx.as('client', {
        method: 'POST',
        url: '/api/webhooks',
        payload: { account_id: ctx.world.accounts.clientActive, url: receiver.url, events: ['order.created'] },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
      // The test app runs no dispatcher: both order.created events (and the stock receipts' inventory events)
      // wait in the outbox.
      expect(Number((await depth()).waitingEvents)).toBeGreaterThanOrEqual(2);

      // A minute on: past the inventory events' coalescing hold, so one run fans every event out.
      let now = Date.now() + 60_000;
      const dispatcher = createWebhookDispatcher({
        db: ctx.handle.db,
        post: createWebhookPoster({ allowLocal: true }),
        clock: () => new Date(now),
        leaseMs: 60_000,
      });
      await dispatcher.runOnce();
      // Fanned out and tried once; the receiver failed, so both wait for their retry.
      expect(await depth()).toEqual({ waitingEvents: '0', pendingDeliveries: '2' });

      failing = false;
      now += 60 * 60 * 1000; // past the first retries, well before the 24 h give-up
      for (let round = 0; round < 5; round++) await dispatcher.runOnce();
      expect(await depth()).toEqual({ waitingEvents: '0', pendingDeliveries: '0' });
    } finally {
      await receiver.close();
    }
  });
});
