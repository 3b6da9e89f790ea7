/**
 * Orders, order items, merge items, inquiries and inbound shipments for the benchmark (bench/generate.ts), in
 * proportion to ORDERS (default 100 000; 1 000 000 for the busy-3PL size on PostgreSQL). Statuses spread like a
 * running business: orders of the last two weeks 60 % shipped, 8 % cancelled, the rest over the open statuses
 * (ship dates in the coming two weeks); older orders 91 % shipped, 8 % cancelled and 1 % still open with a ship date
 * long past (the delayed ones); 2–4 lines each (about 3); 5 % of orders merged (one merge item each); a shipping
 * label's metadata on every fourth order; orders spread
 * over two years. Read-side data: the lines do not move stock (no ledger movements), so inventory quantities stay
 * those of the catalogue. The dashboard counters' triggers are off during the bulk inserts and the counters are
 * rebuilt once at the end (the same figures, one pass instead of a transition table of a million rows).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../apps/server/src/db/client';
import { BENCH_ADMIN_EMAIL, BENCH_CLIENT_EMAIL } from './bench-database';

type Step = (label: string, run: () => Promise<unknown>) => Promise<void>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What shipping records on an order (orders.shipped_lines/shipped_units, migration 0031), for the shipped orders a
 * generator wrote directly, once their lines exist; `where` narrows which orders (SQL on `o`).
 */
export async function recordShippedCounts(db: Executor, where: SQL = sql`true`): Promise<void> {
  await db.execute(sql`update orders o set shipped_lines = l.lines, shipped_units = l.units
    from (select order_id, count(*)::int as lines, sum(quantity_shipped)::int as units from order_items group by 1) l
    where l.order_id = o.id and o.lifecycle = 'shipped' and o.shipped_lines is null and ${where}`);
}

export async function generateOrders(db: Database, step: Step, orders: number): Promise<void> {
  const statuses = rowsOf<{ id: number; lifecycle: string; system_key: string | null }>(
    await db.execute(sql`select id, lifecycle, system_key from statuses where is_active order by sort_order, id`),
  );
  const shipped = statuses.find((s) => s.system_key === 'shipped')!.id;
  const cancelled = statuses.find((s) => s.system_key === 'cancelled')!.id;
  const open = statuses.filter((s) => s.lifecycle === 'open').map((s) => s.id);
  const [admin] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where email = ${BENCH_ADMIN_EMAIL}`),
  );
  const [client] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where email = ${BENCH_CLIENT_EMAIL}`),
  );
  const openArray = sql.raw(`array[${open.join(',')}]::int[]`);

  await step('dashboard counter triggers off', async () => {
    await db.execute(sql`alter table orders disable trigger user`);
    await db.execute(sql`alter table order_items disable trigger user`);
  });
  // b: the status draw (0–99); recent: created in the last 14 days. Old orders are mostly done.
  await step(`orders (${orders})`, () =>
    db.execute(sql`insert into orders (order_number, order_id, account_id, warehouse_id, user_id, status_id, lifecycle,
        customer_name, ship_date, shipped_at, created_at, updated_at)
      select 'ORD-' || lpad(g::text, 7, '0'), 'EXT-' || g, aw.account_id, aw.warehouse_id, ${client!.id},
        case when x.kind = 'shipped' then ${shipped} when x.kind = 'cancelled' then ${cancelled}
          else (${openArray})[1 + g % ${open.length}] end,
        x.kind,
        (array['Alice','Bruno','Chen','Dana','Emeka','Fatima','Goran','Hana','Ivan','Julia'])[1 + g % 10] || ' ' ||
          (array['Smith','Garcia','Kowalski','Nguyen','Okafor','Rossi','Schmidt','Tanaka'])[1 + (g / 10) % 8] || ' ' || g % 997,
        case when x.kind = 'open' and x.recent then current_date + (g % 14)
          when x.kind = 'open' then x.c::date + 3 end,
        case when x.kind = 'shipped' then least(x.c + interval '1 day', now()) end, x.c, x.c
      from generate_series(1, ${orders}) g
      cross join lateral (select (g * 37) % 100 as b,
        now() - ((g::bigint * 7919) % (730 * 1440)) * interval '1 minute' as c) t
      cross join lateral (select t.c, t.c > now() - interval '14 days' as recent,
        case when t.c > now() - interval '14 days'
          then (case when t.b < 60 then 'shipped' when t.b < 68 then 'cancelled' else 'open' end)
          else (case when t.b < 91 then 'shipped' when t.b < 99 then 'cancelled' else 'open' end) end as kind) x
      join (select account_id, warehouse_id, row_number() over (order by account_id, warehouse_id) - 1 as n,
              count(*) over () as total from account_warehouses) aw on aw.n = g % aw.total`),
  );
  // Inventory rows numbered within each (account, warehouse): an order's lines pick distinct products it stocks.
  await step('order items (about 3 per order)', async () => {
    await db.execute(sql`drop table if exists bench_pick`);
    await db.execute(sql`create unlogged table bench_pick as
      select id, product_id, account_id, warehouse_id,
        row_number() over (partition by account_id, warehouse_id order by id) - 1 as n,
        count(*) over (partition by account_id, warehouse_id) as c
      from inventories`);
    await db.execute(sql`create index on bench_pick (account_id, warehouse_id, n)`);
    await db.execute(sql`insert into order_items (order_id, product_id, inventory_id, quantity, quantity_shipped,
        verified_quantity, created_at)
      select o.id, p.product_id, p.id, q.quantity,
        case when o.lifecycle = 'shipped' then q.quantity else 0 end,
        case when o.lifecycle = 'shipped' then q.quantity else 0 end, o.created_at
      from orders o
      cross join lateral generate_series(1, 2 + o.id % 3) k
      cross join lateral (select 1 + (o.id + k) % 5 as quantity) q
      join lateral (select c from bench_pick where account_id = o.account_id and warehouse_id = o.warehouse_id
                    and n = 0) counted on true
      join bench_pick p on p.account_id = o.account_id and p.warehouse_id = o.warehouse_id
        and p.n = (o.id * 31 + k * 17) % counted.c`);
    await db.execute(sql`drop table bench_pick`);
    await recordShippedCounts(db);
  });
  await step('merge items (5 % of orders)', async () => {
    await db.execute(sql`insert into merge_items (title, warehouse_id, created_by, created_at)
      select 'Bench merge ' || id, warehouse_id, ${admin!.id}, created_at from orders where id % 20 = 0`);
    await db.execute(sql`update orders o set merge_item_id = m.id from merge_items m
      where o.id % 20 = 0 and m.title = 'Bench merge ' || o.id`);
  });
  // Label metadata (file rows and shipment_labels; no bytes stored): a shipping label on every fourth order.
  await step(`shipping labels (${Math.round(orders / 4)}, metadata only)`, async () => {
    await db.execute(sql`insert into files (id, kind, owner_user_id, original_name, mime_type, size_bytes, sha256,
        storage_key, created_at)
      select md5('bench-label-' || id)::uuid, 'label', ${client!.id}, 'label-' || order_number || '.pdf',
        'application/pdf', 48000 + id % 20000, md5('bench-label-' || id) || md5('sha-' || id),
        'bench/labels/' || id || '.pdf', created_at
      from orders where id % 4 = 1`);
    await db.execute(sql`insert into shipment_labels (order_id, file_id, label_name, label_type, tracking_number,
        carrier, created_by, created_at)
      select id, md5('bench-label-' || id)::uuid, 'label-' || order_number || '.pdf', 'shipping',
        '1Z' || lpad(id::text, 16, '0'), (array['UPS','FedEx','USPS','DHL'])[1 + id % 4], ${client!.id}, created_at
      from orders where id % 4 = 1`);
  });
  await step(`inquiries (${Math.round(orders / 20)})`, () =>
    db.execute(sql`insert into inquiries (type, query, status, warehouse_id, account_id, user_id, subject_type,
        subject_id, subject_name, created_at, updated_at)
      select (array['general','orders','account','products','inventory'])[1 + o.id % 5],
        'Where is order ' || o.order_number || '? The customer is asking.',
        (array['open','in_progress','resolved','closed'])[1 + (o.id / 20) % 4],
        o.warehouse_id, o.account_id, ${client!.id}, 'order', o.id, o.order_number, o.created_at, o.created_at
      from orders o where o.id % 20 = 7`),
  );
  await step(`inbound shipments (${Math.round(orders / 10)})`, () =>
    db.execute(sql`insert into shipments (account_id, warehouse_id, product_id, inventory_id, quantity,
        tracking_number, carrier, delivery_date, status, user_id, created_at, updated_at)
      select i.account_id, i.warehouse_id, i.product_id, i.id, 1 + g % 200, '1Z' || lpad(g::text, 16, '0'),
        (array['UPS','FedEx','USPS','DHL'])[1 + g % 4], current_date - (g % 365),
        case when g % 10 < 3 then 'pending' when g % 10 < 9 then 'verified' else 'rejected' end,
        ${client!.id}, now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day'
      from generate_series(1, ${Math.round(orders / 10)}) g
      join inventories i on i.id = (select min(id) from inventories) + (g * 7) % (select count(*) from inventories)`),
  );
  await step('dashboard counters rebuilt, triggers on', async () => {
    await db.execute(sql`alter table orders enable trigger user`);
    await db.execute(sql`alter table order_items enable trigger user`);
    await db.execute(sql`select rebuild_order_counters()`);
  });
}
