/**
 * The staff billing dashboard at scale (≤ 300 ms p95): `GET /api/billing/dashboard` as the bench admin
 * (every account: revenue of 12 months and the unbilled charges of the current month to date), through the real
 * app (`buildApp`, `app.inject`: every hook, auth, validation, serialisation).
 *   DATABASE_URL=… node --import tsx bench/billing-dashboard.ts     # after bench/generate.ts and bench/billing.ts
 * COLD: the unbilled cache off (BILLING_DASHBOARD_CACHE_SECONDS=0), ROUNDS (30) requests, each deriving everything;
 * then each unbilled statement alone, ROUNDS times. WARM: the cache on (its default TTL), one miss then ROUNDS hits.
 * p50 / p95 / max of wall time, and the CPU time of the database backends (the pool's POOL_SIZE connections, 10 as
 * the API's, kept open; /proc of every client backend of the cluster, so nothing else should use it meanwhile) and
 * of Node per request: on a shared machine wall time is mostly waiting for a core.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/users';
import { currentMonthToDate } from '../apps/server/src/modules/billing/charges/billing-service';
import { allWarehouseZones } from '../apps/server/src/modules/billing/charges/billing-zones-repository';
import { unbilledFactStatements } from '../apps/server/src/modules/billing/charges/fact-statements';
import { BENCH_ADMIN_EMAIL, openBenchDatabase } from './bench-database';
import { findBillingAccount } from './billing-data';
import { summaries } from './stats';

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const loadAtStart = loadavg();
const startedAt = new Date().toISOString();

const POOL_SIZE = Number(process.env.POOL_SIZE ?? 10);
const handle = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: POOL_SIZE })
  : await openBenchDatabase();
const { db } = handle;
if (handle.kind === 'postgres') handle.pool.options.idleTimeoutMillis = 0;
/** The client backends whose CPU is counted: read after the warm-up has opened the pool's connections. */
let backendPids: number[] = [];
async function readBackendPids() {
  if (handle.kind !== 'postgres') return;
  const { rows } = await handle.pool.query(
    `select pid from pg_stat_activity where backend_type = 'client backend' and datname = current_database()`,
  );
  backendPids = rows.map((row: { pid: number }) => row.pid);
}
const backendCpu = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // ended since
  }
};
function cpuSeconds(): { db: number; node: number } {
  const node = process.cpuUsage();
  return { db: backendPids.reduce((sum, pid) => sum + backendCpu(pid), 0), node: (node.user + node.system) / 1e6 };
}

const bench = await findBillingAccount(db);
if (!bench) console.log('No billing bench account (bench/billing.ts makes it): the figures cover the rest only.');
// The latest current month of any warehouse's zone (the dashboard's statements cover each account's own month).
const period = currentMonthToDate(await allWarehouseZones(db));
const counted = (
  (await db.execute(sql`select
      (select count(*)::int from orders) as all_orders,
      (select count(*)::int from accounts) as accounts,
      (select count(*)::int from orders where lifecycle = 'shipped'
        and shipped_at >= ${period.from}::date - 1 and shipped_at < ${period.to}::date + 2) as shipped_this_month,
      (select count(*)::int from inventory_movements
        where created_at >= ${period.from}::date - 1) as movements_this_month,
      (select count(*)::int from location_stock) as location_stock`)) as unknown as {
    rows: Record<string, number>[];
  }
).rows[0]!;
console.log(`${period.from} – ${period.to}:`, counted);

const times: Record<string, number[]> = {};
const record = (name: string, value: number) => {
  times[name] ??= [];
  times[name]!.push(value);
};
async function measured<T>(name: string, work: () => Promise<T>): Promise<T> {
  const cpu = cpuSeconds();
  const started = performance.now();
  const result = await work();
  record(name, performance.now() - started);
  const after = cpuSeconds();
  record(`${name} cpu_db`, (after.db - cpu.db) * 1000);
  record(`${name} cpu_node`, (after.node - cpu.node) * 1000);
  return result;
}

async function dashboardApp(cacheSeconds: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    BILLING_DASHBOARD_CACHE_SECONDS: cacheSeconds,
  });
  return buildApp({ db, config, logger: false });
}
const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN_EMAIL));
const token = await issueToken(db, admin!.id, { idleMinutes: 600, absoluteHours: 24 });

const fingerprints = new Set<string>();
let unbilledSummary = {};
async function dashboard(app: Awaited<ReturnType<typeof buildApp>>, name: string) {
  const response = await measured(name, () =>
    app.inject({ method: 'GET', url: '/api/billing/dashboard', headers: { authorization: `Bearer ${token}` } }),
  );
  if (response.statusCode !== 200) throw new Error(`dashboard: ${response.statusCode} ${response.body}`);
  const { unbilled } = response.json().dashboard;
  fingerprints.add(JSON.stringify(unbilled));
  unbilledSummary = {
    unbilled_total_cents: unbilled.total_cents,
    unbilled_accounts: unbilled.by_account.length,
    bench_account_cents: unbilled.by_account.find((a: { account_id: number }) => a.account_id === bench?.accountId)
      ?.total_cents,
    bytes: response.rawPayload.length,
  };
}

const cold = await dashboardApp('0');
await dashboard(cold, 'warm-up (not counted)');
await readBackendPids();
for (let round = 0; round < ROUNDS; round++) await dashboard(cold, 'cold dashboard');
const query = { accountScope: undefined, ...period };
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, statement] of Object.entries(unbilledFactStatements)) {
    await measured(`statement ${name}`, () => statement(db, query));
  }
}
await cold.close();

// WARM_CACHE_SECONDS=0: no warm phase (the figures before the cache existed).
if (process.env.WARM_CACHE_SECONDS !== '0') {
  const warm = await dashboardApp(process.env.WARM_CACHE_SECONDS ?? '60');
  await dashboard(warm, 'warm: first (a miss)');
  for (let round = 0; round < ROUNDS; round++) await dashboard(warm, 'warm dashboard');
  await warm.close();
}

console.log(
  JSON.stringify(
    {
      database: handle.kind,
      started_at: startedAt,
      ended_at: new Date().toISOString(),
      period: `${period.from} – ${period.to}`,
      ...counted,
      rounds: ROUNDS,
      ...summaries(times),
      ...unbilledSummary,
      same_unbilled_every_request: fingerprints.size === 1,
      load_average_start: loadAtStart.map((n) => n.toFixed(1)).join(' '),
      load_average_end: loadavg()
        .map((n) => n.toFixed(1))
        .join(' '),
    },
    null,
    2,
  ),
);
await handle.close();
