/**
 * Where one API request spends its CPU, in-process (≤ 2 ms of the API's own CPU on a 25-row orders page).
 * `DATABASE_URL=… node --import tsx bench/profile-request.ts ['/api/orders/with-merge-items?per_page=25']`
 *
 * - `api`: N requests through the real app (`inject`: every hook, auth, scope, serialisation), one after another,
 *   CPU of this process (user + system) per request — without and with `Accept-Encoding: br, gzip`;
 * - `api over HTTP`: the same N requests over a loopback socket from another process (one keep-alive connection):
 *   what a server spends, HTTP parsing and socket I/O included, without inject's simulated request and response;
 * - `statements`: the SQL statements one request issued (recorded with a drizzle logger) replayed N times through
 *   the same pg pool: what the database driver alone costs this process (pg protocol, socket writes) — the part the
 *   sql and bare ways of run-three-ways.ts share with the API;
 * - the API's own CPU = api − statements (inject and over HTTP; the main thread's and V8's helper threads' shares);
 * - then a CPU profile of N requests (/tmp/request.cpuprofile, for Chrome's DevTools): by `inject`, or over HTTP
 *   with `PROFILE=http` (what a server spends, without inject's simulated request and response).
 * The webhook dispatcher and the e-mail sender are off (their polls are per second, not per request).
 * N=300 by default (`N=`); the bench's admin by default, `AS=manager` or `AS=client` for a scoped caller. The heap
 * grows as a server's does (HEAP_GROWING_PERCENT, set by bench-database.ts; `HEAP_GROWING_PERCENT=0`: V8's own rule).
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/users';
import { StatementRecorder } from '../apps/server/test/support/statement-recorder';
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
const recorder = new StatementRecorder();
const { logger } = recorder;
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

/** CPU seconds (user + system) of this process's main thread (its thread id is the pid) and of all its threads. */
function threadCpu(): { main: number; all: number } {
  let main = 0;
  let all = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      all += seconds;
      if (Number(tid) === process.pid) main = seconds;
    } catch {
      // the thread ended meanwhile
    }
  }
  return { main, all };
}

/** N times `run`, one after another (what `measure` takes for in-process work). */
const nTimes = (run: () => Promise<unknown>) => async () => {
  for (let i = 0; i < N; i++) await run();
};

/** CPU (user + system), wall time and GC pauses per request of `requests`, which makes N of them. */
async function measure(requests: () => Promise<unknown>) {
  const threads0 = threadCpu();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const gc0 = gcPauses;
  await requests();
  const cpu = process.cpuUsage(cpu0);
  const threads = threadCpu();
  const wall = (performance.now() - t0) / N;
  // GC entries arrive on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    cpu: (cpu.user + cpu.system) / 1000 / N,
    user: cpu.user / 1000 / N,
    system: cpu.system / 1000 / N,
    wall,
    gc: (gcPauses - gc0) / N,
    // The main thread's share (the rest: V8's helper threads — concurrent marking, parallel scavenges, compilers).
    main: ((threads.main - threads0.main) * 1000) / N,
    helpers: ((threads.all - threads.main - (threads0.all - threads0.main)) * 1000) / N,
  };
}
const inject = (headers: Record<string, string>) => () => app.inject({ method: 'GET', url, headers });

const first = await app.inject({ method: 'GET', url, headers: plain });
// The first request resolved the token (and warmed whatever the app keeps); record a steady-state request.
const { result: sample, statements } = await recorder.record(() => app.inject({ method: 'GET', url, headers: plain }));
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

const fmt = (m: Awaited<ReturnType<typeof measure>>) =>
  `${m.cpu.toFixed(2)} ms CPU (user ${m.user.toFixed(2)}, system ${m.system.toFixed(2)}; main thread ${m.main.toFixed(2)}, helper threads ${m.helpers.toFixed(2)}; GC pauses ${m.gc.toFixed(2)}), wall ${m.wall.toFixed(2)} ms`;
/**
 * Over real HTTP: the app listening on a loopback port, another process sending the N requests one after another on
 * one keep-alive connection. What this process spends is then what a server spends (HTTP parsing by llhttp, socket
 * reads and writes) without inject's simulated request and response objects, which are the client's side.
 */
async function measureOverHttp<T = Awaited<ReturnType<typeof measure>>>(
  headers: Record<string, string>,
  around: (requests: () => Promise<unknown>) => Promise<T> = measure as never,
): Promise<T> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const client = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () => new Promise((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: ${port}, path: ${JSON.stringify(url)}, agent, headers: ${JSON.stringify(headers)} },
        (res) => { res.resume(); res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode))))); })
        .on('error', reject);
    });
    (async () => {
      for (let i = 0; i < 50; i++) await get();
      process.send('warm');
      await new Promise((resolve) => process.once('message', resolve));
      for (let i = 0; i < ${N}; i++) await get();
      process.send('done');
    })();`;
  const child = fork('-e', [client], { execArgv: [] });
  const message = () => new Promise((resolve) => child.once('message', resolve));
  await message();
  const done = message();
  const result = await around(async () => {
    child.send('go');
    await done;
  });
  child.kill();
  return result;
}

const api = await measure(nTimes(inject(plain)));
const apiCompressed = await measure(nTimes(inject(compressed)));
const sql = await measure(nTimes(replay));
const overHttp = await measureOverHttp(plain);
const encoded = await app.inject({ method: 'GET', url, headers: compressed });
console.log(
  `${url}: ${sample.body.length} bytes (${encoded.headers['content-encoding'] ?? 'identity'} ${encoded.rawPayload.length} bytes), ${statements.length} statements per request (steady state), N=${N}`,
);
console.log(`api, identity            ${fmt(api)}`);
console.log(`api, br/gzip accepted    ${fmt(apiCompressed)}`);
console.log(`statements replayed      ${fmt(sql)}`);
console.log(`api over HTTP, identity  ${fmt(overHttp)}`);
console.log(
  `API's own CPU per request: ${(api.cpu - sql.cpu).toFixed(2)} ms (identity), ${(apiCompressed.cpu - sql.cpu).toFixed(2)} ms (compressed), ${(overHttp.cpu - sql.cpu).toFixed(2)} ms (identity over HTTP)`,
);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
if (process.env.PROFILE === 'http') await measureOverHttp(plain, async (requests) => requests());
else for (let i = 0; i < N; i++) await inject(plain)();
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/request.cpuprofile', JSON.stringify(profile));
console.log('CPU profile of', N, 'requests: /tmp/request.cpuprofile');
await app.close();
await handle.close();
