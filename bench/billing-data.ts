/**
 * The billing benchmark's account (bench/billing.ts): its own client user, account, warehouse (zone
 * America/Chicago, so billing days are not UTC days), products and locations, so the other benchmarks' figures on a
 * shared data set do not change. A month (MONTH) of warehouse work, all `INSERT … SELECT generate_series`:
 * - BILL_INVENTORY inventory rows (10 000), each with an `initial` movement 40 days before the month into a storage
 *   bin (5 rows a bin), and BILL_INVENTORY / 20 inbound shipments verified over the month, 20 rows × 50 units each
 *   (`receipt` movements);
 * - one row in five moved (30 units) from its bin to a pick location on a day of the month (`move`, two parts);
 * - BILL_ORDERS (100 000) orders shipped over the month, 2–4 lines each (distinct rows), every line a `ship`
 *   movement out of its bin; a label on every fourth order and a merge item for one order in twenty;
 * - CURRENT_ORDERS (10 000) more shipped from the first of the current month until now (the running charges);
 * - the account's rate card with every charge type on.
 * The `*_after` balances of the ledger rows are running sums per inventory row, inventories and location_stock are
 * the sums of the ledger: the data holds the ledger's invariants.
 */
import { type SQL, sql } from 'drizzle-orm';
import { hashPassword } from '../apps/server/src/auth/passwords';
import type { Executor } from '../apps/server/src/db/client';
import { insertUser } from '../apps/server/src/modules/platform/users/users-repository';
import { CHARGE_TYPES } from '../packages/contract/src/rate-cards';
import { recordShippedCounts } from './generate-orders';

export const BILLING_ACCOUNT_NAME = 'Billing Bench Account';
export const BILLING_CLIENT_EMAIL = 'billing-bench-client@bench.example.com';
export const BILLING_TIMEZONE = 'America/Chicago';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Step = (label: string, run: () => Promise<unknown>) => Promise<void>;

export interface BillingBenchAccount {
  accountId: number;
  warehouseId: number;
  /** The month the bench bills, YYYY-MM. */
  month: string;
}

/** The account of an earlier run, and the month its orders were shipped in. */
export async function findBillingAccount(db: Executor): Promise<BillingBenchAccount | undefined> {
  const [row] = rowsOf<{ account_id: number; warehouse_id: number; month: string | null }>(
    await db.execute(sql`select a.id as account_id, aw.warehouse_id,
        (select to_char(min(o.shipped_at at time zone ${BILLING_TIMEZONE}), 'YYYY-MM') from orders o
         where o.account_id = a.id and o.order_number like 'BILL-M-%') as month
      from accounts a join account_warehouses aw on aw.account_id = a.id
      where a.name = ${BILLING_ACCOUNT_NAME}`),
  );
  return row?.month ? { accountId: row.account_id, warehouseId: row.warehouse_id, month: row.month } : undefined;
}

const monthBounds = (month: string) => {
  const first = `${month}-01`;
  const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
  return { first, next: next.toISOString().slice(0, 10) };
};

export async function generateBillingAccount(
  db: Executor,
  step: Step,
  sizes: { month: string; inventory: number; orders: number; currentOrders: number },
): Promise<BillingBenchAccount> {
  const { first, next } = monthBounds(sizes.month);
  const tz = BILLING_TIMEZONE;
  /** The month's local start and end instants in the warehouse's zone. */
  const start = sql`(${first}::timestamp at time zone ${tz})`;
  const end = sql`(${next}::timestamp at time zone ${tz})`;
  const days = Math.round((Date.parse(next) - Date.parse(first)) / 86_400_000);
  const inventory = sizes.inventory;
  const bins = Math.max(1, Math.floor(inventory / 5));
  const picks = Math.max(1, Math.floor(inventory / 20));

  const statuses = rowsOf<{ id: number; system_key: string | null }>(
    await db.execute(sql`select id, system_key from statuses where system_key = 'shipped'`),
  );
  const shipped = statuses[0]!.id;
  let clientId = 0;
  let accountId = 0;
  let warehouseId = 0;
  await step('billing account, client, warehouse, locations', async () => {
    clientId = await insertUser(db, {
      name: 'Billing Bench Client',
      email: BILLING_CLIENT_EMAIL,
      passwordHash: await hashPassword('Bench-password-1'),
      role: 'client',
      warehouseIds: [],
    });
    [{ id: warehouseId }] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into warehouses (name, code, city, state, timezone)
        values ('Billing Bench Warehouse', 'BILL-1', 'Chicago', 'IL', ${tz}) returning id`),
    ) as [{ id: number }];
    [{ id: accountId }] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into accounts (name, status, user_id)
        values (${BILLING_ACCOUNT_NAME}, 'active', ${clientId}) returning id`),
    ) as [{ id: number }];
    await db.execute(
      sql`insert into account_warehouses (account_id, warehouse_id) values (${accountId}, ${warehouseId})`,
    );
    await db.execute(sql`insert into locations (warehouse_id, code, sort_key, zone, type)
      select ${warehouseId}::int, 'S-' || lpad(g::text, 5, '0'), 'S-' || lpad(g::text, 5, '0'), 'S', 'storage'
      from generate_series(1, ${bins}::int) g
      union all
      select ${warehouseId}::int, 'P-' || lpad(g::text, 5, '0'), 'P-' || lpad(g::text, 5, '0'), 'P', 'pick'
      from generate_series(1, ${picks}::int) g`);
  });
  await step(`billing products and inventory rows (${inventory})`, async () => {
    await db.execute(sql`insert into products (account_id, sku, name)
      select ${accountId}, 'BILL-' || lpad(g::text, 6, '0'), 'Billing bench item ' || g
      from generate_series(1, ${inventory}) g`);
    await db.execute(sql`insert into inventories (product_id, warehouse_id, account_id, verified)
      select id, ${warehouseId}, ${accountId}, true from products where account_id = ${accountId}`);
  });
  // n: the row's number 0…inventory-1; bin: its storage bin; pick: the pick location one row in five moves to.
  await db.execute(sql`drop table if exists bill_bench_rows`);
  await db.execute(sql`create unlogged table bill_bench_rows as
    select i.id, i.product_id, row_number() over (order by i.id) - 1 as n from inventories i
    where i.account_id = ${accountId}`);
  await db.execute(sql`create unique index on bill_bench_rows (n)`);
  await db.execute(sql`alter table bill_bench_rows add column bin int, add column pick int`);
  await db.execute(sql`update bill_bench_rows r set bin = (select id from locations where warehouse_id = ${warehouseId}
      and code = 'S-' || lpad((1 + r.n % ${bins})::text, 5, '0')),
    pick = (select id from locations where warehouse_id = ${warehouseId}
      and code = 'P-' || lpad((1 + r.n % ${picks})::text, 5, '0'))`);

  const shipments = Math.max(1, Math.floor(inventory / 20));
  await step(`inbound shipments verified in the month (${shipments})`, () =>
    db.execute(sql`insert into shipments (account_id, warehouse_id, product_id, inventory_id, quantity, tracking_number,
        carrier, status, user_id, verified_by, verified_at, created_at, updated_at)
      select ${accountId}, ${warehouseId}, r.product_id, r.id, 20 * 50, 'BILL' || lpad(g::text, 12, '0'), 'UPS',
        'verified', ${clientId}, ${clientId}, v.at, v.at - interval '2 days', v.at
      from generate_series(0, ${shipments - 1}) g
      join bill_bench_rows r on r.n = g * 20
      cross join lateral (select ${start} + (g + 0.5) * (${end} - ${start}) / ${shipments} as at) v`),
  );

  const insertOrders = (prefix: string, count: number, from: SQL, to: SQL) =>
    step(`${prefix} orders shipped (${count}) with their lines`, async () => {
      await db.execute(sql`insert into orders (order_number, order_id, account_id, warehouse_id, user_id, status_id,
          lifecycle, customer_name, ship_date, shipped_at, created_at, updated_at)
        select ${prefix} || lpad(g::text, 7, '0'), ${prefix} || g, ${accountId}, ${warehouseId}, ${clientId},
          ${shipped}, 'shipped', 'Bench customer ' || g % 997, (t.at at time zone ${tz})::date, t.at,
          t.at - interval '1 day', t.at
        from generate_series(1, ${count}) g
        cross join lateral (select ${from} + (g - 0.5) * (${to} - ${from}) / ${count} as at) t`);
      // 2–4 lines of distinct rows: k steps of 1 + (id % 97) rows apart never meet within 4 lines.
      await db.execute(sql`insert into order_items (order_id, product_id, inventory_id, quantity, quantity_shipped,
          verified_quantity, created_at)
        select o.id, r.product_id, r.id, q.quantity, q.quantity, q.quantity, o.created_at
        from orders o
        cross join lateral generate_series(0, 1 + o.id % 3) k
        cross join lateral (select 1 + (o.id + k) % 3 as quantity) q
        join bill_bench_rows r on r.n = (o.id * 31 + k * (1 + o.id % 97)) % ${inventory}
        where o.account_id = ${accountId} and o.order_number like ${`${prefix}%`}`);
      await recordShippedCounts(db, sql`o.account_id = ${accountId}`);
    });
  await insertOrders('BILL-M-', sizes.orders, start, end);
  const currentMonth = sql`date_trunc('month', now() at time zone ${tz}) at time zone ${tz}`;
  await insertOrders('BILL-C-', sizes.currentOrders, currentMonth, sql`now()`);

  await step('merge items (1 order in 20) and labels (1 in 4)', async () => {
    await db.execute(sql`insert into merge_items (title, warehouse_id, created_by, created_at)
      select 'Billing bench merge ' || id, warehouse_id, ${clientId}, shipped_at - interval '2 hours'
      from orders where account_id = ${accountId} and id % 20 = 0`);
    await db.execute(sql`update orders o set merge_item_id = m.id from merge_items m
      where o.account_id = ${accountId} and o.id % 20 = 0 and m.title = 'Billing bench merge ' || o.id`);
    await db.execute(sql`insert into files (id, kind, owner_user_id, original_name, mime_type, size_bytes, sha256,
        storage_key, created_at)
      select md5('bill-bench-label-' || id)::uuid, 'label', ${clientId}, 'label-' || order_number || '.pdf',
        'application/pdf', 48000, md5('bill-bench-label-' || id) || md5('bill-sha-' || id),
        'bench/billing-labels/' || id || '.pdf', shipped_at - interval '3 hours'
      from orders where account_id = ${accountId} and id % 4 = 1`);
    await db.execute(sql`insert into shipment_labels (order_id, file_id, label_name, label_type, tracking_number,
        carrier, created_by, created_at)
      select id, md5('bill-bench-label-' || id)::uuid, 'label-' || order_number || '.pdf', 'shipping',
        '1ZBILL' || lpad(id::text, 12, '0'), 'UPS', ${clientId}, shipped_at - interval '3 hours'
      from orders where account_id = ${accountId} and id % 4 = 1`);
  });

  // Every movement in one statement, so the *_after balances are the running sums per inventory row.
  await step('ledger: initial, receipts, moves, one ship movement per line', () =>
    db.execute(sql`with m as (
        select r.id as inventory_id, r.product_id, 'initial' as type, 400 as on_hand, r.bin as location_id,
          400 as location_delta, 1 as part, null::text as ref_type, null::int as ref_id,
          ${start} - interval '40 days' as at
        from bill_bench_rows r
        union all
        select r.id, r.product_id, 'receipt', 50, r.bin, 50, 1, 'shipment', s.id, s.verified_at
        from shipments s join bill_bench_rows r0 on r0.id = s.inventory_id
        join bill_bench_rows r on r.n between r0.n and r0.n + 19
        where s.account_id = ${accountId}
        union all
        select r.id, r.product_id, 'move', 0, p.location_id, p.delta, p.part, 'move', null,
          ${start} + ((r.n / 5) % ${days}) * interval '1 day' + interval '15 hours'
        from bill_bench_rows r
        cross join lateral (values (r.bin, -30, 1), (r.pick, 30, 2)) p(location_id, delta, part)
        where r.n % 5 = 0
        union all
        select oi.inventory_id, oi.product_id, 'ship', -oi.quantity_shipped, r.bin, -oi.quantity_shipped, 1, 'order',
          o.id, o.shipped_at
        from orders o join order_items oi on oi.order_id = o.id join bill_bench_rows r on r.id = oi.inventory_id
        where o.account_id = ${accountId}
      )
      insert into inventory_movements (inventory_id, product_id, warehouse_id, account_id, type, on_hand_delta,
        reserved_delta, on_hand_after, reserved_after, location_id, location_delta, location_part, reason,
        reference_type, reference_id, user_id, created_at)
      select inventory_id, product_id, ${warehouseId}, ${accountId}, type, on_hand, 0,
        sum(on_hand) over (partition by inventory_id order by at, part rows unbounded preceding), 0,
        location_id, location_delta, part, 'Billing bench data', ref_type, ref_id, ${clientId}, at
      from m`),
  );
  await step('inventories and location stock from the ledger', async () => {
    await db.execute(sql`update inventories i set quantity_on_hand = s.units from
        (select inventory_id, sum(on_hand_delta)::int as units from inventory_movements
         where account_id = ${accountId} group by 1) s
      where i.id = s.inventory_id`);
    await db.execute(sql`insert into location_stock (inventory_id, location_id, quantity)
      select inventory_id, location_id, sum(location_delta)::int from inventory_movements
      where account_id = ${accountId} and location_id is not null
      group by 1, 2 having sum(location_delta) > 0`);
  });
  await step('rate card with every charge type on', async () => {
    const rates = Object.fromEntries(
      CHARGE_TYPES.map((type, i) => [type, { rate_micros: (i + 1) * 50_000, enabled: true }]),
    );
    const [card] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into rate_cards (account_id) values (${accountId}) returning id`),
    );
    await db.execute(sql`insert into rate_card_versions (rate_card_id, effective_from, rates)
      values (${card!.id}, '2020-01-01', ${JSON.stringify(rates)}::jsonb)`);
  });
  await db.execute(sql`drop table bill_bench_rows`);
  // What autovacuum does after a load, on the tables this script filled (the planner needs their statistics).
  await step('analyze', async () => {
    for (const table of [
      'orders',
      'order_items',
      'inventory_movements',
      'shipment_labels',
      'merge_items',
      'shipments',
    ]) {
      await db.execute(sql.raw(`analyze ${table}`));
    }
  });
  return { accountId, warehouseId, month: sizes.month };
}
