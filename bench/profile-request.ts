/**
 * Where one API request spends its CPU, in-process (issue 22: ≤ 2 ms of the API's own CPU on a 25-row orders page).
 * `DATABASE_URL=… node --import tsx bench/profile-request.ts ['/api/orders/with-merge-items?per_page=25']`
 *
 * - `api`: N requests through the real app (`inject`: every hook, auth, scope, serialisation), one after another,
 *   CPU of this process (user + system) per request — without and with `Accept-Encoding: br, gzip`;
 * - `statements`: the SQL statements one request issued (recorded with a drizzle logger) replayed N times through
 *   the same pg pool: what the database driver alone costs this process (pg protocol, socket writes) — the part the
 *   sql and bare ways of run-three-ways.ts share with the API;
 * - the API's own CPU = api − statements;
 * - then a CPU profile of N requests (/tmp/request.cpuprofile, for Chrome's DevTools).
 * The webhook dispatcher and the e-mail sender are off (their polls are per second, not per request).
 * N=300 by default (`N=`); the bench's admin by default, `AS=manager` or `AS=client` for a scoped caller. The heap
 * grows as a server's does (HEAP_GROWING_PERCENT, set by bench-database.ts; `HEAP_GROWING_PERCENT=0`: V8's own rule).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/users';
import { BENCH_ADMIN_EMAIL, BENCH_CLIENT_EMAIL, BENCH_MANAGER_EMAIL, openBenchDatabase } from './bench-database';

const N = Number(process.env.N ?? 300);
const callers: Record<string, string> = {
  admin: BENCH_ADMIN_EMAIL,
  manager: BENCH_MANAGER_EMAIL,
  client: BENCH_CLIENT_EMAIL,
};
const email = callers[process.env.AS ?? 'admin'];
if (!email) throw new Error(`AS=${process.env.AS}: admin, manager or client`);
const handle = await openBenchDatabase();
let recording: { sql: string; params: unknown[] }[] | null = null;
const logger = { logQuery: (sql: string, params: unknown[]) => recording?.push({ sql, params }) };
const pglite =
  handle.kind === 'pglite'
    ? (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client
    : undefined;
const db = (pglite
  ? drizzlePglite(pglite, { logger })
  : drizzle(handle.kind === 'postgres' ? handle.pool : undefined!, { logger })) as unknown as Database;
const query = async (text: string, params: unknown[]) =>
  pglite ? pglite.query(text, params) : handle.kind === 'postgres' ? handle.pool.query(text, params) : undefined;
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEBHOOK_DISPATCHER: 'off', ...process.env });
const app = await buildApp({
  db,
  config: { ...config, WEBHOOK_DISPATCHER: 'off', SMTP_URL: undefined },
  logger: false,
});
const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
const token = await issueToken(db, u!.id, { idleMinutes: 600, absoluteHours: 24 });
const url = process.argv[2] ?? '/api/orders/with-merge-items?per_page=25';
const plain = { authorization: `Bearer ${token}` };
const compressed = { ...plain, 'accept-encoding': 'br, gzip' };

/** Garbage collection pauses on the main thread (ms), summed as they are reported. */
let gcPauses = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses += entry.duration;
}).observe({ entryTypes: ['gc'] });

/** CPU (user + system), wall time and GC pauses per run of `run`, N runs one after another. */
async function measure(run: () => Promise<unknown>) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const gc0 = gcPauses;
  for (let i = 0; i < N; i++) await run();
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / N;
  // GC entries arrive on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    cpu: (cpu.user + cpu.system) / 1000 / N,
    user: cpu.user / 1000 / N,
    system: cpu.system / 1000 / N,
    wall,
    gc: (gcPauses - gc0) / N,
  };
}
const inject = (headers: Record<string, string>) => () => app.inject({ method: 'GET', url, headers });

recording = [];
const first = await app.inject({ method: 'GET', url, headers: plain });
// The first request resolved the token (and warmed whatever the app keeps); record a steady-state request too.
recording = [];
const sample = await app.inject({ method: 'GET', url, headers: plain });
const statements = recording;
recording = null;
if (first.statusCode !== 200 || sample.statusCode !== 200) throw new Error(`${url} answered ${sample.statusCode}`);
const replay = async () => {
  for (const s of statements) await query(s.sql, s.params);
};
// Warm-up: JIT, pool connections, the planner's caches.
for (let i = 0; i < 50; i++) {
  await inject(plain)();
  await inject(compressed)();
  await replay();
}

const fmt = (m: { cpu: number; user: number; system: number; wall: number; gc: number }) =>
  `${m.cpu.toFixed(2)} ms CPU (user ${m.user.toFixed(2)}, system ${m.system.toFixed(2)}; GC pauses ${m.gc.toFixed(2)}), wall ${m.wall.toFixed(2)} ms`;
const api = await measure(inject(plain));
const apiCompressed = await measure(inject(compressed));
const sql = await measure(replay);
const encoded = await app.inject({ method: 'GET', url, headers: compressed });
console.log(
  `${url}: ${sample.body.length} bytes (${encoded.headers['content-encoding'] ?? 'identity'} ${encoded.rawPayload.length} bytes), ${statements.length} statements per request (steady state), N=${N}`,
);
console.log(`api, identity            ${fmt(api)}`);
console.log(`api, br/gzip accepted    ${fmt(apiCompressed)}`);
console.log(`statements replayed      ${fmt(sql)}`);
console.log(
  `API's own CPU per request: ${(api.cpu - sql.cpu).toFixed(2)} ms (identity), ${(apiCompressed.cpu - sql.cpu).toFixed(2)} ms (compressed)`,
);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
for (let i = 0; i < N; i++) await inject(plain)();
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/request.cpuprofile', JSON.stringify(profile));
console.log('CPU profile of', N, 'requests: /tmp/request.cpuprofile');
await app.close();
await handle.close();
