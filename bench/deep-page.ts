/**
 * Keyset paging's deep page: page 1 of the orders list, page 2000 by offset and page 2000 by cursor, timed
 * through the real app one request after another (the latency one user sees), with EXPLAIN of the cursor page's
 * top-level statement. `DATABASE_URL=… node --import tsx bench/deep-page.ts` after bench/generate.ts.
 * RUNS (default 30) requests per way; the cursor of page 2000 comes from page 1999's next_cursor (one offset request).
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema/users';
import { BENCH_ADMIN_EMAIL, BENCH_CONFIG, openBenchDatabase } from './bench-database';

const RUNS = Number(process.env.RUNS ?? 30);
const handle = await openBenchDatabase();
const db = handle.db;
const app = await buildApp({ db, config: loadConfig(BENCH_CONFIG), logger: false });
const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN_EMAIL));
const token = await issueToken(db, admin!.id, { idleMinutes: 600, absoluteHours: 24 });
const headers = { authorization: `Bearer ${token}` };
const list = '/api/orders/with-merge-items?per_page=25&type=all';
const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { data: { id: number }[]; meta: { next_cursor: string | null } };
};

const before = (await get(`${list}&page=1999`)).meta.next_cursor;
if (!before) throw new Error('fewer than 2000 pages: generate more orders (ORDERS)');
const deepByOffset = `${list}&page=2000`;
const deepByCursor = `${list}&cursor=${encodeURIComponent(before)}`;
const same =
  (await get(deepByOffset)).data.map((r) => r.id).join() === (await get(deepByCursor)).data.map((r) => r.id).join();

async function time(url: string) {
  for (let i = 0; i < 3; i++) await get(url);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await get(url);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  return { p50: at(0.5), p95: at(0.95) };
}

const counts = (await db.execute(sql`select count(*)::int as orders from orders`)) as unknown as {
  rows: { orders: number }[];
};
const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
const page1 = await time(`${list}&page=1`);
const offset = await time(deepByOffset);
const cursor = await time(deepByCursor);
console.log(`${counts.rows[0]!.orders} orders, ${RUNS} sequential requests per way, load average ${load} at start`);
console.table({ 'page 1': page1, 'page 2000 by offset': offset, 'page 2000 by cursor': cursor });
console.log(
  'cursor page 2000 / page 1, p50:',
  (cursor.p50 / page1.p50).toFixed(2),
  'p95:',
  (cursor.p95 / page1.p95).toFixed(2),
);
console.log('same rows by offset and by cursor:', same);
console.log('load average at the end', (await import('node:os')).loadavg()[0]!.toFixed(1));
await app.close();
await handle.close();
