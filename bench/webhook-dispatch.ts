/**
 * Outbox dispatch throughput: EVENTS order.created events in the outbox, one subscription for every
 * account, a local receiver on 127.0.0.1 answering 204; the dispatcher (the same code the API processes run)
 * fans them out and delivers them, signed. Reports events/s end to end. A fresh in-memory PGlite, or DATABASE_URL
 * (its tables webhook_* are emptied first: use a throwaway database).
 *   node --import tsx bench/webhook-dispatch.ts           # EVENTS=2000 BATCH=16 DISPATCHERS=1
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { createWebhookPoster } from '../apps/server/src/http/webhook-post';
import { createWebhookDispatcher } from '../apps/server/src/modules/integrations/webhooks/dispatcher';
import { newWebhookSecret } from '../apps/server/src/modules/integrations/webhooks/signature';

const EVENTS = Number(process.env.EVENTS ?? 2000);
const BATCH = Number(process.env.BATCH ?? 16);
const DISPATCHERS = Number(process.env.DISPATCHERS ?? 1);

let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.statusCode = 204;
    res.end();
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const handles: DatabaseHandle[] = [];
const open = () =>
  process.env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 4 })
    : openDatabase({ kind: 'pglite' });
const main = await open();
handles.push(main);
await runMigrations(main);
await main.db.execute(sql`truncate webhook_attempts, webhook_deliveries, webhook_events, webhook_subscriptions`);
await main.db.execute(sql`insert into webhook_subscriptions (account_id, url, events, secret, created_at)
  values (null, ${url}, '{order.created}', ${newWebhookSecret()}, now() - interval '1 minute')`);
await main.db.execute(sql`insert into webhook_events (type, account_id, warehouse_id, payload)
  select 'order.created', 1, 1, jsonb_build_object('order_id', g, 'order_number', 'ORD-' || g, 'account_id', 1,
    'warehouse_id', 1, 'customer_name', 'Bench', 'items', 1)
  from generate_series(1, ${EVENTS}) g`);
// PGlite has one connection: extra dispatchers only make sense on PostgreSQL (one pool each, like processes).
for (let i = 1; i < (process.env.DATABASE_URL ? DISPATCHERS : 1); i++) handles.push(await open());

const dispatchers = handles.map((handle) =>
  createWebhookDispatcher({
    db: handle.db,
    post: createWebhookPoster({ allowLocal: true }),
    leaseMs: 60_000,
    batchSize: BATCH,
  }),
);
const started = performance.now();
await Promise.all(
  dispatchers.map(async (dispatcher) => {
    while (received < EVENTS) {
      const done = await dispatcher.runOnce();
      if (done.fannedOut + done.attempted === 0 && received < EVENTS) await new Promise((r) => setTimeout(r, 5));
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    events: EVENTS,
    batch: BATCH,
    dispatchers: dispatchers.length,
    seconds: Number(seconds.toFixed(2)),
    events_per_second: Math.round(EVENTS / seconds),
  }),
);
receiver.close();
for (const handle of handles) await handle.close();
