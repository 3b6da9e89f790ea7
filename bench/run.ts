/**
 * Load benchmark of the product and inventory lists: `node --import tsx bench/run.ts` after bench/generate.ts
 * (same database: PGlite under bench/results/pglite, or DATABASE_URL). Starts the real app on loopback, drives
 * each scenario with autocannon in its own process (bounded: CONNECTIONS for DURATION seconds), then runs the same repository
 * queries directly, one at a time, and prints one markdown table of p50/p95 latency and requests/s.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { resolveScope, type Scope } from '../apps/server/src/auth/scope';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema/users';
import { listProducts } from '../apps/server/src/modules/catalogue/products/products-repository';
import { countStockStatuses, listInventories } from '../apps/server/src/modules/floor/stock/inventory-repository';
import { loadOwnUserView } from '../apps/server/src/modules/platform/users/users-api';
import { BENCH_ADMIN_EMAIL, BENCH_CONFIG, BENCH_MANAGER_EMAIL, openBenchDatabase } from './bench-database';
import { startLoadGenerator } from './load-generator';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 8);
const DIRECT_RUNS = Number(process.env.DIRECT_RUNS ?? 40);

const handle = await openBenchDatabase();
const { db } = handle;
const app = await buildApp({ db, config: loadConfig(BENCH_CONFIG), logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function actor(email: string): Promise<{ token: string; scope: Scope }> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} missing: run bench/generate.ts first`);
  const token = await issueToken(db, row.id, { idleMinutes: 60, absoluteHours: 2 });
  const user = await loadOwnUserView(db, row.id);
  return { token, scope: await resolveScope(db, user!) };
}
const admin = await actor(BENCH_ADMIN_EMAIL);
const manager = await actor(BENCH_MANAGER_EMAIL);

interface Scenario {
  name: string;
  path: string;
  who: typeof admin;
  direct: () => Promise<unknown>;
}
const page = { page: 1, per_page: 25 };
const scenarios: Scenario[] = [
  {
    name: 'products, page 1',
    path: '/api/products?per_page=25',
    who: admin,
    direct: () => listProducts(db, admin.scope, page),
  },
  {
    name: 'products, page 2000 (deep)',
    path: '/api/products?per_page=25&page=2000',
    who: admin,
    direct: () => listProducts(db, admin.scope, { page: 2000, per_page: 25 }),
  },
  {
    name: 'products, search "lamp 12"',
    path: '/api/products?per_page=25&search=lamp%2012',
    who: admin,
    direct: () => listProducts(db, admin.scope, { ...page, search: 'lamp 12' }),
  },
  {
    name: 'products, manager scope + search "sku-0004"',
    path: '/api/products?per_page=25&search=sku-0004',
    who: manager,
    direct: () => listProducts(db, manager.scope, { ...page, search: 'sku-0004' }),
  },
  {
    name: 'inventories, page 1 (+ counts)',
    path: '/api/inventories',
    who: admin,
    direct: () => Promise.all([listInventories(db, admin.scope, page), countStockStatuses(db, admin.scope, {})]),
  },
  {
    name: 'inventories, search "sku-00123" (+ counts)',
    path: '/api/inventories?search=sku-00123',
    who: admin,
    direct: () =>
      Promise.all([
        listInventories(db, admin.scope, { ...page, search: 'sku-00123' }),
        countStockStatuses(db, admin.scope, {}),
      ]),
  },
  {
    name: 'inventories, manager (1 warehouse) page 10',
    path: '/api/inventories?page=10',
    who: manager,
    direct: () =>
      Promise.all([
        listInventories(db, manager.scope, { page: 10, per_page: 25 }),
        countStockStatuses(db, manager.scope, {}),
      ]),
  },
  {
    name: 'inventories/low-stock',
    path: '/api/inventories/low-stock?threshold=10',
    who: admin,
    direct: () => listInventories(db, admin.scope, { ...page, stock_status: 'low_stock', threshold: 10 }),
  },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function timeDirect(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < DIRECT_RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const generator = await startLoadGenerator();
const rows: Record<string, unknown>[] = [];
for (const scenario of scenarios) {
  const check = await fetch(`${base}${scenario.path}`, { headers: { authorization: `Bearer ${scenario.who.token}` } });
  if (check.status !== 200) throw new Error(`${scenario.path} answered ${check.status}`);
  const total = ((await check.json()) as { meta?: { total: number } }).meta?.total;
  // autocannon (in its own process) reports every response time: p50 and p95 are taken from those.
  const result = await generator.load({
    url: `${base}${scenario.path}`,
    headers: { authorization: `Bearer ${scenario.who.token}` },
    connections: CONNECTIONS,
    duration: DURATION,
    bodies: { kind: 'none' },
  });
  const responseTimes = result.times.sort((a, b) => a - b);
  const direct = await timeDirect(scenario.direct);
  const row = {
    scenario: scenario.name,
    rows_matching: total,
    http_p50_ms: Number(percentile(responseTimes, 0.5).toFixed(1)),
    http_p95_ms: Number(percentile(responseTimes, 0.95).toFixed(1)),
    http_req_s: Math.round(result.times.length / result.seconds),
    non_2xx: result.non2xx,
    sql_p50_ms: Number(direct.p50.toFixed(1)),
    sql_p95_ms: Number(direct.p95.toFixed(1)),
  };
  rows.push(row);
  console.error(JSON.stringify(row));
}

const columns = Object.keys(rows[0]!);
console.log(
  `\n${handle.kind}, ${CONNECTIONS} connections × ${DURATION} s per scenario, direct SQL ${DIRECT_RUNS} sequential runs\n`,
);
console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${columns.map((c) => row[c]).join(' | ')} |`);
writeFileSync(resolve(import.meta.dirname, `results/${handle.kind}-${Date.now()}.json`), JSON.stringify(rows, null, 2));
generator.close();
await app.close();
await handle.close();
