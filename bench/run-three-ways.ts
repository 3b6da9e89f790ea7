/**
 * Order-scale benchmark, each scenario measured three ways at the same concurrency (CONNECTIONS):
 *   api    — our HTTP API (buildApp: every hook, auth, scope, validation, serialisation), driven by autocannon;
 *   sql    — the very SQL statements one API request issued (recorded with a drizzle logger, auth lookups
 *            included), replayed in order through the same pg pool by CONNECTIONS concurrent workers;
 *   bare   — a bare Fastify route (no plugins, no hooks) replaying the same statements: the framework's limit.
 * `DATABASE_URL=… node --import tsx bench/run-three-ways.ts` after bench/generate.ts. DURATION seconds each.
 * Without DATABASE_URL it runs on the PGlite data dir of bench/generate.ts (one connection for all three ways).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { users } from '../apps/server/src/db/schema/users';
import { BENCH_ADMIN_EMAIL, BENCH_CLIENT_EMAIL, BENCH_MANAGER_EMAIL, openBenchDatabase } from './bench-database';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 8);

const handle = await openBenchDatabase();

/** Statements of the request being recorded (one request at a time while recording). */
let recording: { sql: string; params: unknown[] }[] | null = null;
const logger = { logQuery: (query: string, params: unknown[]) => recording?.push({ sql: query, params }) };

// PostgreSQL: the pg pool (20); PGlite (no DATABASE_URL): its one in-process connection, which every way shares —
// there the three ways show the embedded mode's queueing, not a pool's.
const pglite = handle.kind === 'pglite' ? (handle.db as unknown as { $client: PGlite }).$client : undefined;
const pool = handle.kind === 'postgres' ? handle.pool : undefined;
const db = pglite ? drizzlePglite(pglite, { logger }) : drizzle(pool!, { logger });
const query = async (text: string, params: unknown[]) =>
  pglite ? (await pglite.query(text, params)).rows : (await pool!.query(text, params)).rows;
const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), logger: false });
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
const scenarios: { name: string; path: string; as: keyof typeof who }[] = [
  { name: 'orders, page 1 (active)', path: orders, as: 'admin' },
  { name: 'orders statistics', path: '/api/orders/statistics', as: 'admin' },
  { name: 'orders, all, page 2000 (deep)', path: `${orders}&type=all&page=2000`, as: 'admin' },
  { name: 'orders, search order number', path: `${orders}&type=all&search=ORD-00123`, as: 'admin' },
  { name: 'orders, search customer', path: `${orders}&type=all&search=fatima%20kowalski`, as: 'admin' },
  { name: 'orders, manager scope (1 warehouse)', path: `${orders}&type=all`, as: 'manager' },
  { name: 'orders, shipped archive', path: `${orders}&type=all&status=shipped`, as: 'admin' },
  { name: 'dashboard, admin', path: '/api/dashboard', as: 'admin' },
  { name: 'dashboard, manager', path: '/api/dashboard', as: 'manager' },
  { name: 'dashboard, client (200 accounts)', path: '/api/dashboard', as: 'client' },
  { name: 'dashboard, admin, 365 days', path: '/api/dashboard?timeframe=365', as: 'admin' },
  { name: 'dashboard, client, 365 days', path: '/api/dashboard?timeframe=365', as: 'client' },
  { name: 'inquiries, page 1', path: '/api/inquiries', as: 'admin' },
  { name: 'shipments, page 1', path: '/api/shipments', as: 'admin' },
];

// ONLY=dashboard runs the scenarios whose name contains that text; ONLY=orders,inquiries any of those texts.
const only = process.env.ONLY?.split(',').map((text) => text.trim());
const selected = scenarios.filter((s) => !only || only.some((text) => s.name.includes(text)));

const replay = async (statements: { sql: string; params: unknown[] }[]) => {
  let last: unknown;
  for (const s of statements) last = await query(s.sql, s.params as unknown[]);
  return last;
};
const recorded: { sql: string; params: unknown[] }[][] = [];
const bare = Fastify({ logger: false });
bare.get<{ Params: { n: string } }>('/bare/:n', async (request) => ({
  data: await replay(recorded[Number(request.params.n)]!),
}));
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const summarise = (times: number[], seconds: number) => {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), rps: times.length / seconds };
};

async function load(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  let non2xx = 0;
  await new Promise<void>((done, fail) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => {
      if (error) return fail(error);
      non2xx = result.non2xx;
      done();
    });
    instance.on('response', (_client, _status, _bytes, time) => times.push(time));
  });
  return { ...summarise(times, DURATION), non2xx };
}

async function direct(statements: { sql: string; params: unknown[] }[]) {
  const times: number[] = [];
  const end = performance.now() + DURATION * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      await replay(statements);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return summarise(times, DURATION);
}

const round = (n: number) => Number(n.toFixed(1));
const rows: Record<string, unknown>[] = [];
for (const [n, scenario] of selected.entries()) {
  const headers = { authorization: `Bearer ${who[scenario.as]}` };
  recording = [];
  const check = await fetch(`${apiBase}${scenario.path}`, { headers });
  const statements = recording;
  recording = null;
  if (check.status !== 200) throw new Error(`${scenario.path} answered ${check.status}: ${await check.text()}`);
  const total = ((await check.json()) as { meta?: { total?: number } }).meta?.total;
  recorded[n] = statements;
  const api = await load(`${apiBase}${scenario.path}`, headers);
  const sqlOnly = await direct(statements);
  const framework = await load(`${bareBase}/bare/${n}`, {});
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
await bare.close();
await app.close();
await handle.close();
