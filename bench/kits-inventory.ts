/**
 * The inventory list with assembled kits (goal: within 1.5× its SQL), on a fresh database of its own (DATABASE_URL:
 * a throwaway empty database; else an in-memory PGlite):
 * - one warehouse, ten accounts, KITS (10 000) assembled kits of 3 components each (30 000 standard components of
 *   the kit's account, 1–3 units per kit), an inventory row for every kit and every component (40 000 rows) with
 *   stock, so each kit row's `kit_buildable` (the least over its components of available ÷ units per kit, one
 *   correlated sub-select: db/kit-availability.ts) has real figures. Written with INSERT … SELECT generate_series.
 * - two requests, each measured two ways ROUNDS (20) times, one request at a time: `api` — `GET /api/inventories`
 *   through the real app (app.inject: bearer auth, scope, serialisation); `sql` — the very statements one request
 *   issued (recorded with a drizzle logger, auth lookups included), replayed in order through the same driver.
 *   `list`: the warehouse's first page of 100 rows (25 kits, 75 components); `kits_only`: the same page searched by the kits' SKU prefix (every
 *   row a kit with its buildable count).
 *   node --import tsx bench/kits-inventory.ts
 */
import { loadavg } from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
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
import { summaries } from './stats';

const KITS = Number(process.env.KITS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const ACCOUNTS = 10;
const loadAtStart = loadavg()[0]!;

const url = process.env.DATABASE_URL;
const handle = await openDatabase(url ? { kind: 'postgres', url, poolSize: 4 } : { kind: 'pglite' });
await runMigrations(handle);
await ensureReferenceData(handle.db);
const recorder = new StatementRecorder();
const pglite = handle.kind === 'pglite' ? (handle.db as unknown as { $client: PGlite }).$client : undefined;
const pool = handle.kind === 'postgres' ? handle.pool : undefined;
const db = pglite ? drizzlePglite(pglite, { logger: recorder.logger }) : drizzle(pool!, { logger: recorder.logger });
const query = async (text: string, params: unknown[] = []) =>
  pglite ? (await pglite.query(text, params)).rows : (await pool!.query(text, params)).rows;

const step = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  console.error(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

const admin = await insertUser(db, {
  name: 'Bench Admin',
  email: 'bench-kits@bench.example.com',
  passwordHash: await hashPassword('Bench-password-1'),
  role: 'admin',
  warehouseIds: [],
});
const token = await issueToken(db, admin, { idleMinutes: 600, absoluteHours: 24 });
const [{ id: warehouseId }] = (await query(
  `insert into warehouses (name, code) values ('Bench Kits', 'KIT-01') returning id`,
)) as [{ id: number }];

await step(`${ACCOUNTS} accounts, ${KITS} kits and ${KITS * 3} components with inventory rows`, async () => {
  await query(
    `insert into accounts (name, status, user_id) select 'Bench kit account ' || g, 'active', $1 from generate_series(1, ${ACCOUNTS}) g`,
    [admin],
  );
  await query(
    `insert into account_warehouses (account_id, warehouse_id) select id, $1 from accounts where name like 'Bench kit account %'`,
    [warehouseId],
  );
  const accounts = `(select id, row_number() over (order by id) - 1 as k from accounts where name like 'Bench kit account %')`;
  // Kit g belongs to account g % ACCOUNTS; its components g·3−2 … g·3 to the same account.
  await query(
    `insert into products (account_id, sku, name, kind)
     select a.id, 'KIT-' || lpad(g::text, 6, '0'), 'Bench kit ' || g, 'assembled'
     from generate_series(1, $1::int) g join ${accounts} a on a.k = g % ${ACCOUNTS}`,
    [KITS],
  );
  await query(
    `insert into products (account_id, sku, name)
     select a.id, 'CMP-' || lpad(c::text, 6, '0'), 'Bench component ' || c
     from generate_series(1, $1::int * 3) c join ${accounts} a on a.k = ((c + 2) / 3) % ${ACCOUNTS}`,
    [KITS],
  );
  await query(
    `insert into kit_components (kit_product_id, component_product_id, quantity)
     select k.id, c.id, 1 + c.n % 3
     from (select id, substr(sku, 5)::int as n from products where sku like 'KIT-%') k
     join (select id, substr(sku, 5)::int as n from products where sku like 'CMP-%') c on (c.n + 2) / 3 = k.n`,
  );
  // Stock (in kit order, see below): kits 0–9 each; components 0–59 on hand, a sixth of them partly reserved.
  await query(
    `insert into inventories (product_id, warehouse_id, account_id, quantity_on_hand, quantity_reserved)
     select id, $1, account_id,
       case when kind = 'assembled' then id % 10 else id % 60 end,
       case when kind = 'standard' and id % 6 = 0 then (id % 60) / 2 else 0 end
     from products where sku like 'KIT-%' or sku like 'CMP-%'
     -- Each kit's row next to its components' rows: the list's newest-first page mixes kits and components.
     order by case when kind = 'assembled' then substr(sku, 5)::int else (substr(sku, 5)::int + 2) / 3 end, kind, sku`,
    [warehouseId],
  );
  await query('analyze');
});
const [counts] = (await query(
  `select (select count(*)::int from inventories where warehouse_id = $1) as inventory_rows,
     (select count(*)::int from products where kind = 'assembled') as assembled_kits,
     (select count(*)::int from kit_components) as kit_components`,
  [warehouseId],
)) as Record<string, number>[];
console.error(counts);

const app = await buildApp({
  db, // No webhook dispatcher nor workers: their statements would be recorded as the request's.
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEBHOOK_DISPATCHER: 'off' }),
  logger: false,
});

const scenarios = {
  list: `/api/inventories?warehouse_id=${warehouseId}&per_page=100`,
  kits_only: `/api/inventories?warehouse_id=${warehouseId}&per_page=100&search=KIT-`,
};
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.5) - 1]!;
const results: Record<string, unknown> = {};
for (const [name, path] of Object.entries(scenarios)) {
  const request = () => app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  const warm = await request();
  if (warm.statusCode !== 200) throw new Error(`${name}: ${warm.statusCode} ${warm.body}`);
  const rows = (warm.json() as { data: { kit_buildable: number | null }[] }).data;
  const { statements } = await recorder.record(request);
  if (process.env.SHOW_SQL) for (const s of statements) console.error(s.sql.replace(/\s+/g, ' '));
  const times: Record<string, number[]> = { api: [], sql: [] };
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const answer = await request();
    times.api!.push(performance.now() - started);
    if (answer.statusCode !== 200) throw new Error(`${name}: ${answer.statusCode}`);
    started = performance.now();
    for (const s of statements) await query(s.sql, s.params);
    times.sql!.push(performance.now() - started);
  }
  results[name] = {
    rows: rows.length,
    kit_rows: rows.filter((row) => row.kit_buildable !== null).length,
    statements: statements.length,
    times: summaries(times),
    p95_api_over_sql: Number((p95(times.api!) / p95(times.sql!)).toFixed(2)),
    p50_api_over_sql: Number((p50(times.api!) / p50(times.sql!)).toFixed(2)),
  };
}
console.log(
  JSON.stringify(
    {
      database: url ? 'postgres' : 'pglite',
      ...counts,
      ...results,
      load_average_1m: { start: loadAtStart, end: loadavg()[0] },
    },
    null,
    1,
  ),
);
await app.close();
await handle.close();
