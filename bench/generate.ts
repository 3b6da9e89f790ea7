/**
 * Fills a database with a large catalogue for the benchmark: `node --import tsx bench/generate.ts`
 * (PGlite under bench/results/pglite, or DATABASE_URL). Sizes: ACCOUNTS (200), PRODUCTS (100 000),
 * INVENTORY_PER_PRODUCT (3 → 300 000 inventory rows, each with its `initial` ledger movement), ORDERS (100 000;
 * bench/generate-orders.ts: items, merges, inquiries and shipments in proportion), 24 months of invoices per account
 * (bench/generate-invoices.ts).
 * Bulk INSERT … SELECT over generate_series: a few seconds on PostgreSQL, under a minute on PGlite.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { runMigrations } from '../apps/server/src/db/migrate';
import { ensureReferenceData } from '../apps/server/src/db/seed/reference-data';
import { insertUser } from '../apps/server/src/modules/platform/users/users-repository';
import { BENCH_ADMIN_EMAIL, BENCH_CLIENT_EMAIL, BENCH_MANAGER_EMAIL, openBenchDatabase } from './bench-database';
import { generateInvoices } from './generate-invoices';
import { generateOrders } from './generate-orders';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 200);
const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const WAREHOUSES = 5;
const PER_PRODUCT = Number(process.env.INVENTORY_PER_PRODUCT ?? 3);
/** Orders (with ~3 items each, inquiries and shipments in proportion): 1 000 000 for the busy-3PL size. */
const ORDERS = Number(process.env.ORDERS ?? 100_000);

const handle = await openBenchDatabase();
const { db } = handle;
const started = Date.now();
const step = async (label: string, run: () => Promise<unknown>) => {
  const t = Date.now();
  await run();
  console.log(`${label.padEnd(40)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
};

await runMigrations(handle);
await ensureReferenceData(db);
const existing = await db.execute(sql`select count(*)::int as n from products`);
if (((existing as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0) {
  console.log('The database already holds products: nothing generated. Remove bench/results/pglite to start over.');
  await handle.close();
  process.exit(0);
}

const passwordHash = await hashPassword('Bench-password-1');
await step('warehouses', () =>
  db.execute(sql`insert into warehouses (name, code, city, state)
    select 'Bench Warehouse ' || g, 'BW-' || g, 'City ' || g, 'TX' from generate_series(1, ${WAREHOUSES}) g`),
);
const warehouseIds = (
  (await db.execute(sql`select id from warehouses where code like 'BW-%' order by id`)) as unknown as {
    rows: { id: number }[];
  }
).rows.map((r) => r.id);
await step('users (admin, manager of 1 warehouse, clients)', async () => {
  await insertUser(db, {
    name: 'Bench Admin',
    email: BENCH_ADMIN_EMAIL,
    passwordHash,
    role: 'admin',
    warehouseIds: [],
  });
  await insertUser(db, {
    name: 'Bench Manager',
    email: BENCH_MANAGER_EMAIL,
    passwordHash,
    role: 'manager',
    warehouseIds: [warehouseIds[0]!],
  });
  const client = await insertUser(db, {
    name: 'Bench Client',
    email: BENCH_CLIENT_EMAIL,
    passwordHash,
    role: 'client',
    warehouseIds: [],
  });
  await db.execute(sql`insert into accounts (name, status, user_id)
    select 'Bench Account ' || lpad(g::text, 4, '0'), 'active', ${client} from generate_series(1, ${ACCOUNTS}) g`);
});
// Each account is linked to PER_PRODUCT consecutive warehouses (round robin), so every product can be stocked
// in PER_PRODUCT warehouses of its account.
await step('account_warehouses', () =>
  db.execute(sql`insert into account_warehouses (account_id, warehouse_id)
    select a.id, w.id from (select id, row_number() over (order by id) - 1 as n from accounts) a
    join (select id, row_number() over (order by id) - 1 as n from warehouses where code like 'BW-%') w
      on ((w.n - a.n) % ${WAREHOUSES} + ${WAREHOUSES}) % ${WAREHOUSES} < ${PER_PRODUCT}`),
);
await step(`products (${PRODUCTS})`, () =>
  db.execute(sql`insert into products (account_id, sku, name, dimension, weight_lb, photo_url)
    select a.id, 'SKU-' || lpad(g::text, 7, '0'),
      (array['Steel','Bamboo','Cotton','Glass','Ceramic','Leather','Wool','Copper'])[1 + g % 8] || ' ' ||
      (array['Bottle','Mug','Towel','Lamp','Bowl','Wallet','Blanket','Kettle','Chair','Clock'])[1 + (g / 8) % 10] ||
      ' ' || g,
      (10 + g % 30) || 'x' || (5 + g % 10) || 'x' || (2 + g % 5) || ' cm', round((g % 5000) / 100.0, 2),
      case when g % 4 = 0 then 'https://cdn.example.com/p/' || g || '.jpg' end
    from generate_series(1, ${PRODUCTS}) g
    join (select id, row_number() over (order by id) - 1 as n from accounts) a on a.n = g % ${ACCOUNTS}`),
);
await step(`inventories (${PRODUCTS * PER_PRODUCT})`, () =>
  db.execute(sql`insert into inventories (product_id, warehouse_id, account_id, quantity_on_hand, quantity_reserved, verified)
    select p.id, aw.warehouse_id, p.account_id, q.on_hand, least(q.on_hand, (p.id % 7)), p.id % 2 = 0
    from products p
    join account_warehouses aw on aw.account_id = p.account_id
    cross join lateral (select ((p.id * 7919 + aw.warehouse_id * 104729) % 200) - 20 as raw) r
    cross join lateral (select greatest(r.raw, 0) as on_hand) q`),
);
await step('ledger: one initial movement per row', () =>
  db.execute(sql`insert into inventory_movements
      (inventory_id, product_id, warehouse_id, account_id, type, on_hand_delta, reserved_delta, on_hand_after, reserved_after, reason)
    select id, product_id, warehouse_id, account_id, 'initial', quantity_on_hand, quantity_reserved,
      quantity_on_hand, quantity_reserved, 'Bench data'
    from inventories`),
);
await generateOrders(db, step, ORDERS);
await step('invoices (24 months per account)', () => generateInvoices(db));
// VACUUM as autovacuum would after a load: the visibility map lets counts use index-only scans.
await step('vacuum analyze', () => db.execute(sql`vacuum analyze`));
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await handle.close();
