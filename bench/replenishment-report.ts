/**
 * The replenishment report at scale (goal: p95 ≤ 1 s and within 1.5× its SQL), on a fresh database of its own
 * (DATABASE_URL: a throwaway empty database; else an in-memory PGlite):
 * - one warehouse of LOCATIONS (20 000) locations — a quarter pick faces (zone PICK), the rest storage (BULK) — and
 *   ROWS (300 000) inventory rows over ten accounts, every row's units in a storage bin; one pick face per pick
 *   location (min 10, max 40, increment 12) holding 0–35 units, so about a third sit below min, each with two
 *   storage sources; every row's on hand = Σ its location stock. Written with INSERT … SELECT generate_series.
 * - measured two ways, ROUNDS (20) times each, one request at a time: `api` — `GET /api/warehouses/{id}/replenishment`
 *   through the real app (app.inject: bearer auth, scope, serialisation); `sql` — the very statements one request
 *   issued (recorded with a drizzle logger, auth lookups included), replayed in order through the same driver.
 *   node --import tsx bench/replenishment-report.ts
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

const LOCATIONS = Number(process.env.LOCATIONS ?? 20_000);
const ROWS = Number(process.env.ROWS ?? 300_000);
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
  email: 'bench-replenishment@bench.example.com',
  passwordHash: await hashPassword('Bench-password-1'),
  role: 'admin',
  warehouseIds: [],
});
const token = await issueToken(db, admin, { idleMinutes: 600, absoluteHours: 24 });
const [{ id: warehouseId }] = (await query(
  `insert into warehouses (name, code) values ('Bench Replenishment', 'RPL-01') returning id`,
)) as [{ id: number }];
const pickLocations = Math.floor(LOCATIONS / 4);
const storageLocations = LOCATIONS - pickLocations;

await step(`${LOCATIONS} locations (${pickLocations} pick)`, () =>
  query(
    `insert into locations (warehouse_id, code, sort_key, zone, type, walk_sequence)
     select $1, code, code, zone, type, g from (
       select g, case when g <= $2 then 'PICK' else 'BULK' end as zone,
         case when g <= $2 then 'pick' else 'storage' end as type,
         case when g <= $2 then 'P-' else 'S-' end || lpad(g::text, 6, '0') as code
       from generate_series(1, $3::int) g) l`,
    [warehouseId, pickLocations, LOCATIONS],
  ),
);
await step(`${ACCOUNTS} accounts, ${ROWS} products and inventory rows`, async () => {
  await query(
    `insert into accounts (name, status, user_id) select 'Bench account ' || g, 'active', $1 from generate_series(1, ${ACCOUNTS}) g`,
    [admin],
  );
  await query(
    `insert into account_warehouses (account_id, warehouse_id) select id, $1 from accounts where name like 'Bench account %'`,
    [warehouseId],
  );
  await query(
    `insert into products (account_id, sku, name)
     select a.id, 'RPL-' || g, 'Bench product ' || g
     from generate_series(1, $1::int) g
     join (select id, row_number() over (order by id) - 1 as k from accounts where name like 'Bench account %') a
       on a.k = g % ${ACCOUNTS}`,
    [ROWS],
  );
  await query(
    `insert into inventories (product_id, warehouse_id, account_id, quantity_on_hand, quantity_reserved)
     select id, $1, account_id, 0, 0 from products where sku like 'RPL-%'`,
    [warehouseId],
  );
});
await step('location stock and pick faces', async () => {
  // Every row's units in one storage bin; the first pickLocations rows also on a pick face (0–35 units) and in a
  // second storage bin, so a face below min has two sources to choose from.
  await query(
    `with rows as (select id, row_number() over (order by id) as n from inventories where warehouse_id = $1),
     bins as (select id, row_number() over (order by id) - 1 as k from locations where warehouse_id = $1 and type = 'storage')
     insert into location_stock (inventory_id, location_id, quantity)
     select r.id, b.id, 20 + r.n % 41 from rows r join bins b on b.k = r.n % ${storageLocations}`,
    [warehouseId],
  );
  await query(
    `with faces as (select id, row_number() over (order by id) as n from inventories where warehouse_id = $1
       order by id limit ${pickLocations}),
     picks as (select id, row_number() over (order by id) as n from locations where warehouse_id = $1 and type = 'pick'),
     bins as (select id, row_number() over (order by id) - 1 as k from locations where warehouse_id = $1 and type = 'storage')
     insert into location_stock (inventory_id, location_id, quantity)
     select f.id, p.id, f.n % 36 from faces f join picks p on p.n = f.n where f.n % 36 > 0
     union all
     select f.id, b.id, 30 from faces f join bins b on b.k = (f.n + ${storageLocations} / 2) % ${storageLocations}`,
    [warehouseId],
  );
  await query(
    `insert into pick_faces (warehouse_id, inventory_id, location_id, min_quantity, max_quantity, increment)
     select $1, f.id, p.id, 10, 40, 12
     from (select id, row_number() over (order by id) as n from inventories where warehouse_id = $1
       order by id limit ${pickLocations}) f
     join (select id, row_number() over (order by id) as n from locations where warehouse_id = $1 and type = 'pick') p
       on p.n = f.n`,
    [warehouseId],
  );
  await query(
    `update inventories i set quantity_on_hand = s.total
     from (select inventory_id, sum(quantity)::int as total from location_stock group by 1) s
     where s.inventory_id = i.id`,
  );
  await query('analyze');
});
const [counts] = (await query(
  `select (select count(*)::int from locations where warehouse_id = $1) as locations,
     (select count(*)::int from inventories where warehouse_id = $1) as inventory_rows,
     (select count(*)::int from location_stock) as location_stock,
     (select count(*)::int from pick_faces) as pick_faces`,
  [warehouseId],
)) as Record<string, number>[];
console.error(counts);

const app = await buildApp({
  db, // No webhook dispatcher nor workers: their statements would be recorded as the request's.
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEBHOOK_DISPATCHER: 'off' }),
  logger: false,
});
const report = () =>
  app.inject({
    method: 'GET',
    url: `/api/warehouses/${warehouseId}/replenishment`,
    headers: { authorization: `Bearer ${token}` },
  });

const warm = await report();
if (warm.statusCode !== 200) throw new Error(`report: ${warm.statusCode} ${warm.body}`);
const lines = (warm.json() as { data: { quantity: number }[] }).data;
const { statements } = await recorder.record(report);
if (process.env.SHOW_SQL) for (const s of statements) console.error(s.sql.replace(/\s+/g, ' '));

const times: Record<string, number[]> = { api: [], sql: [] };
for (let round = 0; round < ROUNDS; round++) {
  let started = performance.now();
  const answer = await report();
  times.api!.push(performance.now() - started);
  if (answer.statusCode !== 200) throw new Error(`report: ${answer.statusCode}`);
  started = performance.now();
  for (const s of statements) await query(s.sql, s.params);
  times.sql!.push(performance.now() - started);
}
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
console.log(
  JSON.stringify(
    {
      database: url ? 'postgres' : 'pglite',
      ...counts,
      report_lines: lines.length,
      units_to_bring: lines.reduce((sum, l) => sum + l.quantity, 0),
      statements: statements.length,
      times: summaries(times),
      p95_api_over_sql: Number((p95(times.api!) / p95(times.sql!)).toFixed(2)),
      load_average_1m: { start: loadAtStart, end: loadavg()[0] },
    },
    null,
    1,
  ),
);
await app.close();
await handle.close();
