/**
 * Locations at scale, on a fresh database of its own (DATABASE_URL, or an in-memory PGlite):
 *   1. generate: POST /api/warehouses/{id}/locations/generate of 20 000 locations through the real app, timed
 *      (GENERATE_RUNS times into fresh zones; goal ≤ 5 s each);
 *   2. the locations list at LOCATIONS locations (generated the same way, 20 000 per request; a share of them
 *      holding stock) measured two ways at the same concurrency (CONNECTIONS × DURATION s): the HTTP API (every
 *      hook, bearer auth, scope, validation, serialisation; autocannon in its own process) and the very SQL statements one request
 *      issued (recorded with a drizzle logger, auth lookups included) replayed by CONNECTIONS workers through the
 *      same pool. Goal: p95 api/sql ≤ 1.5.
 * `url=$(bash scripts/pg-cluster.sh start /tmp/pg-loc 55461) && DATABASE_URL=$url node --import tsx bench/locations.ts`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { buildApp } from '../apps/server/src/app';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { issueToken } from '../apps/server/src/auth/tokens';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { ensureReferenceData } from '../apps/server/src/db/seed/reference-data';
import { insertUser } from '../apps/server/src/modules/platform/users/users-repository';
import { StatementRecorder } from '../apps/server/test/support/statement-recorder';
import { startLoadGenerator } from './load-generator';

const LOCATIONS = Number(process.env.LOCATIONS ?? 100_000);
const GENERATE_RUNS = Number(process.env.GENERATE_RUNS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 8);
/** One location in this many holds stock (a realistic mix of empty and occupied bins). */
const OCCUPIED_EVERY = 3;

const url = process.env.DATABASE_URL;
const handle = await openDatabase(url ? { kind: 'postgres', url, poolSize: 20 } : { kind: 'pglite' });
await runMigrations(handle);
await ensureReferenceData(handle.db);

const recorder = new StatementRecorder();
const { logger } = recorder;
const pglite = handle.kind === 'pglite' ? (handle.db as unknown as { $client: PGlite }).$client : undefined;
const pool = handle.kind === 'postgres' ? handle.pool : undefined;
const db = pglite ? drizzlePglite(pglite, { logger }) : drizzle(pool!, { logger });
const query = async (text: string, params: unknown[]) =>
  pglite ? (await pglite.query(text, params)).rows : (await pool!.query(text, params)).rows;
const one = async <T>(text: string) => (await query(text, []))[0] as T;

const admin = await insertUser(db, {
  name: 'Bench Admin',
  email: 'bench-locations@bench.example.com',
  passwordHash: await hashPassword('Bench-password-1'),
  role: 'admin',
  warehouseIds: [],
});
const token = await issueToken(db, admin, { idleMinutes: 600, absoluteHours: 24 });
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const app = await buildApp({
  db, // No webhook dispatcher: its background statements would be recorded as the request's, and compete for the CPU.
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEBHOOK_DISPATCHER: 'off' }),
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const apiBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;

const created = await fetch(`${apiBase}/warehouses`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ name: 'Bench Locations', code: `BL-${Date.now().toString(36)}` }),
});
const warehouseId = ((await created.json()) as { warehouse: { id: number } }).warehouse.id;

/** 20 000 codes: zone × 20 aisles × 25 racks × 4 levels × 10 bins. */
const generate = async (zone: string) => {
  const t = performance.now();
  const answer = await fetch(`${apiBase}/warehouses/${warehouseId}/locations/generate`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      zone,
      type: 'storage',
      aisles: { from: '01', to: '20' },
      racks: { from: '01', to: '25' },
      levels: { from: 'A', to: 'D' },
      bins: { from: '01', to: '10' },
    }),
  });
  const body = (await answer.json()) as { count?: number; message?: string };
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`generate ${zone}: ${answer.status} ${body.message}`);
  return { ms: performance.now() - t, count: body.count };
};

const zones = Array.from({ length: Math.ceil(LOCATIONS / 20_000) }, (_, i) => `Z${String.fromCharCode(65 + i)}`);
const generateTimes: number[] = [];
for (const zone of zones) {
  const { ms, count } = await generate(zone);
  generateTimes.push(ms);
  console.error(`generate ${zone}: ${count} locations in ${(ms / 1000).toFixed(2)} s`);
}
// More runs than zones needed for LOCATIONS: into extra zones, removed afterwards so the list holds LOCATIONS.
for (let i = zones.length; i < GENERATE_RUNS; i++) {
  const zone = `X${i}`;
  const { ms } = await generate(zone);
  generateTimes.push(ms);
  await query(`delete from locations where warehouse_id = $1 and zone = $2`, [warehouseId, zone]);
  console.error(`generate ${zone}: ${(ms / 1000).toFixed(2)} s (then removed)`);
}

// Stock in a third of the locations (bench data written directly: one product per 50 locations).
await db.execute(
  sql`insert into accounts (name, status, user_id) values ('Bench Locations Account', 'active', ${admin})`,
);
const { account } = await one<{ account: number }>(`select max(id)::int as account from accounts`);
await query(`insert into account_warehouses (account_id, warehouse_id) values ($1, $2)`, [account, warehouseId]);
await query(
  `insert into products (account_id, sku, name) select $1, 'BL-' || g, 'Bench product ' || g
   from generate_series(1, ${Math.ceil(LOCATIONS / OCCUPIED_EVERY / 50)}) g`,
  [account],
);
await query(
  `insert into inventories (product_id, warehouse_id, account_id, quantity_on_hand, quantity_reserved)
   select id, $1, $2, 0, 0 from products where account_id = $2`,
  [warehouseId, account],
);
await query(
  `insert into location_stock (inventory_id, location_id, quantity)
   select i.id, l.id, 1 + l.n % 40
   from (select id, row_number() over (order by id) - 1 as n from locations where warehouse_id = $1) l
   join (select id, row_number() over (order by id) - 1 as k from inventories where warehouse_id = $1) i
     on i.k = (l.n / ${OCCUPIED_EVERY}) % (select count(*) from inventories where warehouse_id = $1)
   where l.n % ${OCCUPIED_EVERY} = 0`,
  [warehouseId],
);
await query(
  `update inventories i set quantity_on_hand = s.total
   from (select inventory_id, sum(quantity)::int as total from location_stock group by 1) s where s.inventory_id = i.id`,
  [],
);
await query('analyze', []);
const counts = await one<{ locations: number; occupied: number }>(
  `select (select count(*)::int from locations where warehouse_id = ${warehouseId}) as locations,
          (select count(distinct location_id)::int from location_stock) as occupied`,
);
console.error(`${counts.locations} locations, ${counts.occupied} holding stock`);

const list = `/warehouses/${warehouseId}/locations`;
const scenarios = [
  { name: 'locations, page 1 (walk order)', path: `${list}?per_page=25` },
  { name: 'locations, page 2000 (deep)', path: `${list}?per_page=25&page=2000` },
  { name: 'locations, search code', path: `${list}?per_page=25&search=ZB-07-1` },
  { name: 'locations, zone + occupied', path: `${list}?per_page=25&zone=ZC&occupancy=occupied` },
  { name: 'locations, empty', path: `${list}?per_page=25&occupancy=empty` },
  { name: 'location by scanned code', path: `${list}?code=zd-11-13-c-07` },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const summarise = (times: number[]) => {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), rps: times.length / DURATION };
};
/** autocannon in its own process (load-generator.ts): inside this one it would share the server's event loop. */
const generator = await startLoadGenerator();
async function load(target: string) {
  const run = { url: target, headers, connections: CONNECTIONS, duration: DURATION, bodies: { kind: 'none' as const } };
  const { times, non2xx } = await generator.load(run);
  return { ...summarise(times), non2xx };
}
async function direct(statements: { sql: string; params: unknown[] }[]) {
  const times: number[] = [];
  const end = performance.now() + DURATION * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      for (const s of statements) await query(s.sql, s.params);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return summarise(times);
}

const round = (n: number) => Number(n.toFixed(1));
const rows: Record<string, unknown>[] = [];
const statementsOf: Record<string, string[]> = {};
for (const scenario of scenarios) {
  const { result: check, statements } = await recorder.record(() => fetch(`${apiBase}${scenario.path}`, { headers }));
  statementsOf[scenario.name] = statements.map((s) => s.sql);
  if (process.env.SHOW_SQL)
    for (const s of statements) console.error(`  ${s.sql.replace(/\s+/g, ' ')} ${JSON.stringify(s.params)}`);
  if (check.status !== 200) throw new Error(`${scenario.path} answered ${check.status}: ${await check.text()}`);
  const total = ((await check.json()) as { meta: { total: number } }).meta.total;
  const api = await load(`${apiBase}${scenario.path}`);
  const sqlOnly = await direct(statements);
  const row = {
    scenario: scenario.name,
    rows: total,
    statements: statements.length,
    api_p50: round(api.p50),
    api_p95: round(api.p95),
    api_rps: Math.round(api.rps),
    sql_p50: round(sqlOnly.p50),
    sql_p95: round(sqlOnly.p95),
    sql_rps: Math.round(sqlOnly.rps),
    'p95 api/sql': round(api.p95 / sqlOnly.p95),
    non_2xx: api.non2xx,
  };
  rows.push(row);
  console.error(JSON.stringify(row));
}

const sortedGenerate = [...generateTimes].sort((a, b) => a - b);
console.log(
  `\n${pglite ? 'PGlite' : 'PostgreSQL'}: generate 20 000 locations, ${generateTimes.length} runs: ` +
    `${generateTimes.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s (median ${(sortedGenerate[Math.floor(sortedGenerate.length / 2)]! / 1000).toFixed(2)} s)`,
);
console.log(
  `Locations list at ${counts.locations} locations (${counts.occupied} holding stock), ${CONNECTIONS} connections × ${DURATION} s\n`,
);
const columns = Object.keys(rows[0]!);
console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${columns.map((c) => row[c]).join(' | ')} |`);
mkdirSync(resolve(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  resolve(import.meta.dirname, `results/locations-${Date.now()}.json`),
  JSON.stringify({ generateMs: generateTimes, rows, statements: statementsOf }, null, 2),
);
generator.close();
await app.close();
await handle.close();
