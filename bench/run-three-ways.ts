/**
 * Order-scale benchmark, each scenario measured three ways at the same concurrency (CONNECTIONS), and lists a fourth:
 *   api    — our HTTP API (buildApp: every hook, auth, scope, validation, serialisation), driven by autocannon;
 *   sql    — the very SQL statements one API request issued (recorded with a drizzle logger, auth lookups
 *            included), replayed in order through the same pg pool by CONNECTIONS concurrent workers;
 *   bare   — a bare Fastify route (no plugins, no hooks) replaying the same statements: the framework's limit;
 *   page   — lists only: the page's rows statement(s) alone, without the total (what a second request of the same
 *            list issues once its total and its caller are cached), replayed like `sql`. `p95 api/page` ≤ 2 and
 *            `rps api/page` ≥ 0.5 say the total does not dominate the page.
 *   bare page — lists only: those page statements behind the plugin-less Fastify route: what HTTP alone costs a
 *            page. `rps bare-page/page` is the most any HTTP API on this stack can reach of the page way; where the
 *            page's SQL is nearly free it, not the total, bounds `rps api/page`.
 * `DATABASE_URL=… node --import tsx bench/run-three-ways.ts` after bench/generate.ts. DURATION seconds each.
 * Without DATABASE_URL it runs on the PGlite data dir of bench/generate.ts (one connection for all three ways).
 * The write scenarios (bulk create, import) follow: see bench/write-scenarios.ts for how writes are replayed.
 * ONLY=<text> runs the scenarios whose name contains it (e.g. ONLY=write).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema/users';
import { StatementRecorder } from '../apps/server/test/support/statement-recorder';
import {
  BENCH_ADMIN_EMAIL,
  BENCH_CLIENT_EMAIL,
  BENCH_CONFIG,
  BENCH_MANAGER_EMAIL,
  openBenchDatabase,
} from './bench-database';
import { type Bodies, loadInProcess, startLoadGenerator } from './load-generator';
import {
  BULK_ORDERS,
  benchTenants,
  bulkBody,
  IMPORT_ROWS,
  importUpload,
  lastActivityId,
  RecordingSlots,
  replayRolledBack,
  type Statement,
  undoOrders,
  waitForQuiet,
} from './write-scenarios';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 8);
/** Seconds of unmeasured bulk creates before the write scenario's api way (0: none). */
const WRITE_WARMUP = Number(process.env.WRITE_WARMUP ?? 3);
/** The import is one big request: one at a time (in all three ways), for longer to get a few of them. */
const IMPORT_CONNECTIONS = Number(process.env.IMPORT_CONNECTIONS ?? 1);
const IMPORT_DURATION = Number(process.env.IMPORT_DURATION ?? 10);
/** Import files for the api way, each posted once (a repeated file would only find existing orders). */
const IMPORT_FILES = Number(process.env.IMPORT_FILES ?? 12);
/** ONLY=dashboard runs the scenarios whose name contains that text; ONLY=orders,write any of those texts. */
const only = process.env.ONLY?.split(',').map((text) => text.trim());
const selectedByName = (name: string) => !only || only.some((text) => name.includes(text));

const handle = await openBenchDatabase();
const generator = process.env.LOAD_IN_PROCESS === '1' ? undefined : await startLoadGenerator();

const recorder = new StatementRecorder();
const { logger } = recorder;

// PostgreSQL: the pg pool (20); PGlite (no DATABASE_URL): its one in-process connection, which every way shares —
// there the three ways show the embedded mode's queueing, not a pool's.
const pglite = handle.kind === 'pglite' ? (handle.db as unknown as { $client: PGlite }).$client : undefined;
const pool = handle.kind === 'postgres' ? handle.pool : undefined;
const db = pglite ? drizzlePglite(pglite, { logger }) : drizzle(pool!, { logger });
const query = async (text: string, params: unknown[]) =>
  pglite ? (await pglite.query(text, params)).rows : (await pool!.query(text, params)).rows;
const app = await buildApp({ db, config: loadConfig(BENCH_CONFIG), logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const apiBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function tokenOf(email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} missing: run bench/generate.ts first`);
  return issueToken(db, row.id, { idleMinutes: 600, absoluteHours: 24 });
}
const who = {
  admin: await tokenOf(BENCH_ADMIN_EMAIL),
  manager: await tokenOf(BENCH_MANAGER_EMAIL),
  client: await tokenOf(BENCH_CLIENT_EMAIL),
};

const orders = '/api/orders/with-merge-items?per_page=25';
/** `list`: the answer is a page of rows with a total, measured the fourth way too (its rows alone). */
const readScenarios: { name: string; path: string; as: keyof typeof who; list?: true }[] = [
  { name: 'orders, page 1 (active)', path: orders, as: 'admin', list: true },
  { name: 'orders statistics', path: '/api/orders/statistics', as: 'admin' },
  { name: 'orders, all, page 2000 (deep)', path: `${orders}&type=all&page=2000`, as: 'admin', list: true },
  { name: 'orders, search order number', path: `${orders}&type=all&search=ORD-00123`, as: 'admin', list: true },
  { name: 'orders, search customer', path: `${orders}&type=all&search=fatima%20kowalski`, as: 'admin', list: true },
  { name: 'orders, manager scope (1 warehouse)', path: `${orders}&type=all`, as: 'manager', list: true },
  { name: 'orders, shipped archive', path: `${orders}&type=all&status=shipped`, as: 'admin', list: true },
  { name: 'dashboard, admin', path: '/api/dashboard', as: 'admin' },
  { name: 'dashboard, manager', path: '/api/dashboard', as: 'manager' },
  { name: 'dashboard, client (200 accounts)', path: '/api/dashboard', as: 'client' },
  { name: 'dashboard, admin, 365 days', path: '/api/dashboard?timeframe=365', as: 'admin' },
  { name: 'dashboard, client, 365 days', path: '/api/dashboard?timeframe=365', as: 'client' },
  { name: 'inquiries, page 1', path: '/api/inquiries', as: 'admin', list: true },
  { name: 'shipments, page 1', path: '/api/shipments', as: 'admin', list: true },
  { name: 'products, page 1', path: '/api/products', as: 'admin', list: true },
  { name: 'inventory, page 1', path: '/api/inventories', as: 'admin', list: true },
  { name: 'invoices, page 1', path: '/api/invoices', as: 'admin', list: true },
];
const selected = readScenarios.filter((s) => selectedByName(s.name));

const replay = async (statements: { sql: string; params: unknown[] }[]) => {
  let last: unknown;
  for (const s of statements) last = await query(s.sql, s.params as unknown[]);
  return last;
};
const recorded: { sql: string; params: unknown[] }[][] = [];
const pageRecorded: { sql: string; params: unknown[] }[][] = [];
const bare = Fastify({ logger: false });
bare.get<{ Params: { n: string } }>('/bare/:n', async (request) => ({
  data: await replay(recorded[Number(request.params.n)]!),
}));
bare.get<{ Params: { n: string } }>('/bare-page/:n', async (request) => ({
  data: await replay(pageRecorded[Number(request.params.n)]!),
}));
/** Write scenarios: replayed per worker, rolled back (bench/write-scenarios.ts). */
const writeSlots: RecordingSlots[] = [];
bare.get<{ Params: { n: string } }>('/bare-write/:n', async (request) => ({
  data: await writeSlots[Number(request.params.n)]!.use((statements) => replayRolledBack(pool!, statements)),
}));
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const summarise = (times: number[], seconds: number) => {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), rps: times.length / seconds };
};

/**
 * autocannon on `url` for `duration` s at `connections`: in its own process (bench/load-generator.ts), or with
 * LOAD_IN_PROCESS=1 inside this one as before 2026-11-30 (the server's event loop then also runs the client).
 */
async function load(
  url: string,
  headers: Record<string, string>,
  { method = 'GET', bodies = { kind: 'none' } }: { method?: 'GET' | 'POST'; bodies?: Bodies } = {},
  connections = CONNECTIONS,
  duration = DURATION,
) {
  const run = { url, headers, method, bodies, connections, duration };
  const { times, non2xx, seconds, sent } = await (generator ? generator.load(run) : loadInProcess(run));
  return { ...summarise(times, seconds), non2xx, sent };
}

async function direct(run: () => Promise<unknown>, connections = CONNECTIONS, duration = DURATION) {
  const times: number[] = [];
  const end = performance.now() + duration * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return summarise(times, duration);
}

/**
 * Each way starts on a quiet database (write-scenarios.ts `waitForQuiet`). When autocannon's time is up it stops
 * sending, but the server's handlers finish the requests in flight: after the 365-day dashboards (2–4 s each, 10 at
 * once) those ran on into the next scenario's api way (inquiries' api p95 ≈ 2× its sql p95 in two full runs, 1.2×
 * alone). PGlite has no other session.
 */
const settle = () => (pool ? waitForQuiet(pool) : Promise.resolve());

const round = (n: number) => Number(n.toFixed(1));

/**
 * The page way's statements: those of the same request asked again right away, when its caller is signed in from
 * the process's cache and its total is reused (LIST_COUNT_CACHE_SECONDS) — the page's rows alone. A count still in
 * them (the cache off) would measure the total too: refused.
 */
async function rowsStatementsOf(path: string, headers: Record<string, string>) {
  const { result: again, statements } = await recorder.record(() => fetch(`${apiBase}${path}`, { headers }));
  await again.arrayBuffer();
  if (statements.some((s) => s.sql.includes('capped_rows'))) {
    throw new Error(`${path}: the page way needs the totals' cache (LIST_COUNT_CACHE_SECONDS > 0)`);
  }
  return statements;
}
const rows: Record<string, unknown>[] = [];
for (const [n, scenario] of selected.entries()) {
  const headers = { authorization: `Bearer ${who[scenario.as]}` };
  const { result: check, statements } = await recorder.record(() => fetch(`${apiBase}${scenario.path}`, { headers }));
  if (check.status !== 200) throw new Error(`${scenario.path} answered ${check.status}: ${await check.text()}`);
  const total = ((await check.json()) as { meta?: { total?: number } }).meta?.total;
  recorded[n] = statements;
  const pageStatements = scenario.list ? await rowsStatementsOf(scenario.path, headers) : undefined;
  await settle();
  const api = await load(`${apiBase}${scenario.path}`, headers);
  await settle();
  const sqlOnly = await direct(() => replay(statements));
  await settle();
  const framework = await load(`${bareBase}/bare/${n}`, {});
  await settle();
  const page = pageStatements ? await direct(() => replay(pageStatements)) : undefined;
  if (page) await settle();
  if (pageStatements) pageRecorded[n] = pageStatements;
  const barePage = pageStatements ? await load(`${bareBase}/bare-page/${n}`, {}) : undefined;
  if (barePage) await settle();
  const row = {
    scenario: scenario.name,
    rows: total ?? '',
    statements: statements.length,
    api_p50: round(api.p50),
    api_p95: round(api.p95),
    api_rps: Math.round(api.rps),
    sql_p50: round(sqlOnly.p50),
    sql_p95: round(sqlOnly.p95),
    sql_rps: Math.round(sqlOnly.rps),
    bare_p50: round(framework.p50),
    bare_p95: round(framework.p95),
    bare_rps: Math.round(framework.rps),
    page_p50: page ? round(page.p50) : '',
    page_p95: page ? round(page.p95) : '',
    page_rps: page ? Math.round(page.rps) : '',
    bare_page_p95: barePage ? round(barePage.p95) : '',
    bare_page_rps: barePage ? Math.round(barePage.rps) : '',
    'p95 api/sql': round(api.p95 / sqlOnly.p95),
    'rps api/bare': Number((api.rps / framework.rps).toFixed(2)),
    'p95 api/page': page ? round(api.p95 / page.p95) : '',
    'rps api/page': page ? Number((api.rps / page.rps).toFixed(2)) : '',
    'rps bare-page/page': page && barePage ? Number((barePage.rps / page.rps).toFixed(2)) : '',
    non_2xx: api.non2xx + framework.non2xx + (barePage?.non2xx ?? 0),
  };
  rows.push(row);
  console.error(JSON.stringify(row));
}

// Write scenarios (bench/write-scenarios.ts): fresh external ids per API request; recorded statements replayed per
// worker inside a transaction that is rolled back.
const writeScenarios = [
  {
    name: `write: POST /orders/bulk, ${BULK_ORDERS} orders`,
    kind: 'bulk' as const,
    connections: CONNECTIONS,
    duration: DURATION,
  },
  {
    name: `write: order import, ${IMPORT_ROWS} rows (xlsx)`,
    kind: 'import' as const,
    connections: IMPORT_CONNECTIONS,
    duration: IMPORT_DURATION,
  },
  // The write scenarios replay on one pg connection per worker: PostgreSQL only.
].filter((s) => selectedByName(s.name) && pool !== undefined);
const stamp = Date.now().toString(36);
const tenants = writeScenarios.length > 0 ? await benchTenants(pool!, CONNECTIONS + 1) : [];
if (writeScenarios.length > 0 && tenants.length < CONNECTIONS + 1)
  throw new Error('not enough bench accounts for the write scenarios');
const importTenant = tenants[CONNECTIONS]!;
for (const [n, scenario] of writeScenarios.entries()) {
  const headers = { authorization: `Bearer ${who.admin}` };
  /** A fresh request of this scenario for worker/tenant `i`: body and content type. */
  const requestFor = (i: number, prefix: string) =>
    scenario.kind === 'bulk'
      ? { body: Buffer.from(bulkBody(tenants[i % CONNECTIONS]!, prefix)), contentType: 'application/json' }
      : importUpload(importTenant, prefix);
  const path = scenario.kind === 'bulk' ? '/api/orders/bulk' : '/api/orders/import';

  // One recording per concurrent worker, each undone at once so the replays can write the same ids again.
  const recordings: Statement[][] = [];
  let total: number | string = '';
  for (let w = 0; w < scenario.connections; w++) {
    const prefix = `REC${stamp}-${n}-${w}`;
    const { body, contentType } = requestFor(w, prefix);
    const activityBefore = await lastActivityId(pool!);
    const { result: answer, statements } = await recorder.record(() =>
      fetch(`${apiBase}${path}`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body }),
    );
    if (answer.status !== 200 && answer.status !== 201) {
      throw new Error(`${path} answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
    }
    await answer.arrayBuffer();
    total = await undoOrders(pool!, prefix, activityBefore);
    recordings.push(statements);
  }
  writeSlots[n] = new RecordingSlots(recordings);

  // The API: every request a fresh body (external ids never used before), built by the load generator; each
  // import file (about 1 s to build) is built before the clock starts and posted once.
  await settle();
  const activityBeforeApi = await lastActivityId(pool!);
  const apiPrefix = `API${stamp}-${n}`;
  if (scenario.kind === 'bulk' && WRITE_WARMUP > 0) {
    // Unmeasured, the same load for a few seconds: the ten recorded requests leave the write path's code barely
    // compiled, and the api way (measured first) would pay the JIT's warm-up the replays after it do not.
    await load(
      `${apiBase}${path}`,
      headers,
      { method: 'POST', bodies: { kind: 'bulk', tenants: tenants.slice(0, CONNECTIONS), prefix: `${apiPrefix}-warm` } },
      scenario.connections,
      WRITE_WARMUP,
    );
    await settle();
  }
  const api = await load(
    `${apiBase}${path}`,
    headers,
    {
      method: 'POST',
      bodies:
        scenario.kind === 'bulk'
          ? { kind: 'bulk', tenants: tenants.slice(0, CONNECTIONS), prefix: apiPrefix }
          : { kind: 'import', tenant: importTenant, prefix: apiPrefix, files: IMPORT_FILES },
    },
    scenario.connections,
    scenario.duration,
  );
  if (scenario.kind === 'import' && api.sent > IMPORT_FILES + scenario.connections) {
    console.error(`note: ${api.sent} imports for ${IMPORT_FILES} files: the repeats only found existing orders`);
  }
  // What the API wrote is undone too: the next scenario and the next run start from the same stock.
  await waitForQuiet(pool!);
  await undoOrders(pool!, apiPrefix, activityBeforeApi);
  const worker = new RecordingSlots(recordings);
  const sqlOnly = await direct(
    () => worker.use((statements) => replayRolledBack(pool!, statements)),
    scenario.connections,
    scenario.duration,
  );
  await settle();
  const framework = await load(`${bareBase}/bare-write/${n}`, {}, {}, scenario.connections, scenario.duration);
  const row = {
    scenario: `${scenario.name} × ${scenario.connections} conn.`,
    rows: total,
    statements: recordings[0]!.length,
    api_p50: round(api.p50),
    api_p95: round(api.p95),
    api_rps: Number(api.rps.toFixed(2)),
    sql_p50: round(sqlOnly.p50),
    sql_p95: round(sqlOnly.p95),
    sql_rps: Number(sqlOnly.rps.toFixed(2)),
    bare_p50: round(framework.p50),
    bare_p95: round(framework.p95),
    bare_rps: Number(framework.rps.toFixed(2)),
    'p95 api/sql': round(api.p95 / sqlOnly.p95),
    'rps api/bare': Number((api.rps / framework.rps).toFixed(2)),
    non_2xx: api.non2xx + framework.non2xx,
  };
  rows.push(row);
  console.error(JSON.stringify(row));
}

const columns = Object.keys(rows[0]!);
console.log(`\n${pglite ? 'PGlite' : 'PostgreSQL'}, ${CONNECTIONS} connections × ${DURATION} s per scenario and way\n`);
console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${columns.map((c) => row[c]).join(' | ')} |`);
mkdirSync(resolve(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(resolve(import.meta.dirname, `results/three-ways-${Date.now()}.json`), JSON.stringify(rows, null, 2));
generator?.close();
await bare.close();
await app.close();
await handle.close();
