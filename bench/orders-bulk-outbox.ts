/**
 * The latency the transactional outbox adds to order creation: p50/p95 of POST /api/orders/bulk (50
 * orders of 2 lines, through buildApp: every hook, auth, scope, validation) with no webhook subscription and with
 * one subscribed to every event while a dispatcher delivers to a local receiver in the same process. The outbox
 * rows (and the live stream's NOTIFY) are written in both cases: they are part of every change; what a
 * subscription adds is the dispatcher's fan-out and delivery work competing for the same database. Phases alternate
 * (A B A B…) so a change of machine load hits both alike. DATABASE_URL: a throwaway database (demo data is loaded).
 *   url=$(bash scripts/pg-cluster.sh start /tmp/pg-bench 55460)
 *   DATABASE_URL=$url node --import tsx bench/orders-bulk-outbox.ts        # ROUNDS=4 PER_PHASE=15
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createWebhookPoster } from '../apps/server/src/http/webhook-post';
import { createWebhookDispatcher } from '../apps/server/src/modules/integrations/webhooks/dispatcher';
import { newWebhookSecret } from '../apps/server/src/modules/integrations/webhooks/signature';
import { bootstrapDatabase } from '../apps/server/src/seed/bootstrap';

const ROUNDS = Number(process.env.ROUNDS ?? 4);
const PER_PHASE = Number(process.env.PER_PHASE ?? 15);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a throwaway PostgreSQL database');

let delivered = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    delivered++;
    res.statusCode = 204;
    res.end();
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const handle = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  SEED_DEMO: 'true',
  WEBHOOK_DISPATCHER: 'off',
  API_KEY_RATE_LIMIT: '100000',
  LOGIN_RATE_LIMIT_MAX: '1000',
});
await bootstrapDatabase(handle, config);
const app = await buildApp({ db: handle.db, config, logger: false, listen: handle.listen });
await app.ready();

const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: 'admin@example.com', password: 'Password123!' },
});
const headers = { authorization: `Bearer ${login.json().token}`, 'content-type': 'application/json' };
const { rows } = (await handle.db.execute(sql`
  select i.account_id, i.warehouse_id, array_agg(i.product_id order by i.id) as products
  from inventories i group by 1, 2 order by count(*) desc limit 1`)) as unknown as {
  rows: { account_id: number; warehouse_id: number; products: number[] }[];
};
const tenant = rows[0]!;
// Demo stock runs out after a few requests: later lines go on backorder, alike in both phases.
let sequence = 0;
const bulkBody = () => {
  sequence++;
  return JSON.stringify({
    warehouse_id: tenant.warehouse_id,
    orders: Array.from({ length: 50 }, (_, n) => ({
      account_id: tenant.account_id,
      customer_name: `Bench Customer ${n}`,
      ship_date: '2026-12-01',
      order_id: `OUTBOX-${sequence}-${n}`,
      notes: null,
      products: [0, 1].map((k) => ({
        product_id: tenant.products[(n + k) % tenant.products.length]!,
        quantity: 1,
      })),
    })),
  });
};

const [subscription] = (
  (await handle.db.execute(sql`insert into webhook_subscriptions (account_id, url, events, secret, enabled)
    values (null, ${hookUrl}, array['order.created','order.status_changed','inventory.changed'], ${newWebhookSecret()}, false)
    returning id`)) as unknown as { rows: { id: number }[] }
).rows;
const dispatcher = createWebhookDispatcher({
  db: handle.db,
  post: createWebhookPoster({ allowLocal: true }),
  leaseMs: 60_000,
  pollMs: 100,
});

const times: Record<'without' | 'with', number[]> = { without: [], with: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const phase of ['without', 'with'] as const) {
    await handle.db.execute(
      sql`update webhook_subscriptions set enabled = ${phase === 'with'} where id = ${subscription!.id}`,
    );
    if (phase === 'with') dispatcher.start();
    for (let i = 0; i < PER_PHASE; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/orders/bulk', headers, payload: bulkBody() });
      if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      times[phase].push(performance.now() - started);
    }
    if (phase === 'with') await dispatcher.stop();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);
};
const { rows: outbox } = (await handle.db.execute(
  sql`select count(*)::int as events from webhook_events`,
)) as unknown as { rows: { events: number }[] };
console.log(
  JSON.stringify({
    requests_per_phase: ROUNDS * PER_PHASE,
    without_subscriptions: { p50_ms: percentile(times.without, 0.5), p95_ms: percentile(times.without, 0.95) },
    with_subscription_and_dispatcher: { p50_ms: percentile(times.with, 0.5), p95_ms: percentile(times.with, 0.95) },
    outbox_events_written: outbox[0]!.events,
    deliveries_received: delivered,
    load_average: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(1))),
  }),
);
await app.close();
await handle.close();
receiver.close();
