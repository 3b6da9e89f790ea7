/**
 * What the wave benchmark (bench/wave-release.ts) adds to a database filled by bench/generate.ts, all
 * `INSERT … SELECT generate_series` so it stays fast at a million orders, and holding the stock invariants
 * (apps/server/test/support/stock-invariants.ts):
 * - `placeStock`: LOCATIONS locations spread over the bench warehouses (a quarter of the aisles pick faces, zone
 *   PICK; the rest storage, zone BULK; codes `A07-R12-L3` with aisle, rack and level so the serpentine walk works),
 *   each warehouse's UNASSIGNED location, and every inventory row's units placed: the row's `initial` movement now
 *   names a pick face (location stock = Σ location_delta), and what exceeds the pick face's share goes on to a
 *   storage bin by a `move` (two parts, on hand unchanged), as a putaway then a move would have written it;
 * - `addReleasableOrders`: open orders of one warehouse, distinct in-stock rows of their account per line, every
 *   line fully reserved with its `reserve` movement (the running balance in `reserved_after`), as order creation
 *   leaves them.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../apps/server/src/db/client';
import { idArray } from '../apps/server/src/db/id-array';
import { UNASSIGNED_LOCATION_CODE } from '../packages/contract/src/locations';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Step = (label: string, run: () => Promise<unknown>) => Promise<void>;

const benchWarehouses = sql`(select id from warehouses where code like 'BW-%')`;
/** Location grid per warehouse: 4 levels × 25 racks per aisle. */
const LEVELS = 4;
const RACKS = 25;
/** A row's units on its pick face: up to this many (5–24, by row); the rest lies in a storage bin. */
const pickShare = (row: SQL) => sql`least(${row}.quantity_on_hand, 5 + ${row}.id % 20)`;

/** Whether an earlier run placed the stock already (the bench warehouses hold location stock). */
export async function stockPlaced(db: Executor): Promise<boolean> {
  const [row] = rowsOf<{ placed: boolean }>(
    await db.execute(sql`select exists (select 1 from location_stock ls join inventories i on i.id = ls.inventory_id
      where i.warehouse_id in ${benchWarehouses}) as placed`),
  );
  return Boolean(row?.placed);
}

export async function placeStock(db: Executor, step: Step, totalLocations: number): Promise<void> {
  const [{ n: warehouses } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from warehouses where code like 'BW-%'`),
  );
  if (warehouses === 0) throw new Error('No bench warehouses: run bench/generate.ts first');
  const perWarehouse = Math.ceil(totalLocations / warehouses);
  const aisles = Math.ceil(perWarehouse / (LEVELS * RACKS));
  const pickAisles = Math.max(1, Math.ceil(aisles / 4));
  await step(`locations (${perWarehouse * warehouses}, ${pickAisles} of ${aisles} aisles pick faces)`, async () => {
    await db.execute(sql`insert into locations (warehouse_id, code, sort_key, zone, type, walk_sequence, notes)
      select id, ${UNASSIGNED_LOCATION_CODE}, ${UNASSIGNED_LOCATION_CODE}, 'RECV', 'receiving', 0,
        'Stock received but not yet put away'
      from warehouses where code like 'BW-%' on conflict do nothing`);
    // sort_key: the code with every digit run padded to 10 (locations' naturalSortKey).
    await db.execute(sql`insert into locations (warehouse_id, code, sort_key, zone, aisle, rack, level, type)
      select w.id, 'A' || lpad(a::text, 2, '0') || '-R' || lpad(r::text, 2, '0') || '-L' || l,
        'A' || lpad(a::text, 10, '0') || '-R' || lpad(r::text, 10, '0') || '-L' || lpad(l::text, 10, '0'),
        case when a <= ${pickAisles} then 'PICK' else 'BULK' end,
        lpad(a::text, 2, '0'), lpad(r::text, 2, '0'), l::text,
        case when a <= ${pickAisles} then 'pick' else 'storage' end
      from warehouses w
      cross join generate_series(0, ${perWarehouse - 1}) g
      cross join lateral (select 1 + g / ${LEVELS * RACKS} as a, 1 + (g / ${LEVELS}) % ${RACKS} as r,
        1 + g % ${LEVELS} as l) p
      where w.code like 'BW-%'`);
  });
  await step('stock placed: pick faces, then storage bins', async () => {
    // Each row with units gets the pick face and the storage bin of its number within the warehouse (temporary
    // tables: placeStock runs in one transaction).
    await db.execute(sql`create temporary table bench_wave_locs on commit drop as
      select id, warehouse_id, type, row_number() over (partition by warehouse_id, type order by id) - 1 as n,
        count(*) over (partition by warehouse_id, type) as c
      from locations where warehouse_id in ${benchWarehouses} and type in ('pick', 'storage')`);
    await db.execute(sql`create index on bench_wave_locs (warehouse_id, type, n)`);
    await db.execute(sql`analyze bench_wave_locs`);
    await db.execute(sql`create temporary table bench_wave_places on commit drop as
      with rows as (
        select i.id, i.quantity_on_hand, i.quantity_reserved, ${pickShare(sql`i`)} as on_pick,
          row_number() over (partition by i.warehouse_id order by i.id) - 1 as n, i.warehouse_id
        from inventories i where i.warehouse_id in ${benchWarehouses} and i.quantity_on_hand > 0),
      counts as (select warehouse_id, type, max(c) as c from bench_wave_locs group by 1, 2)
      select r.id, r.quantity_on_hand, r.quantity_reserved, r.on_pick, p.id as pick_id, s.id as storage_id
      from rows r
      join counts pc on pc.warehouse_id = r.warehouse_id and pc.type = 'pick'
      join counts sc on sc.warehouse_id = r.warehouse_id and sc.type = 'storage'
      join bench_wave_locs p on p.warehouse_id = r.warehouse_id and p.type = 'pick' and p.n = r.n % pc.c
      join bench_wave_locs s on s.warehouse_id = r.warehouse_id and s.type = 'storage' and s.n = r.n % sc.c`);
    await db.execute(sql`create index on bench_wave_places (id)`);
    await db.execute(sql`analyze bench_wave_places`);
    await db.execute(sql`update inventory_movements m
      set location_id = p.pick_id, location_delta = m.on_hand_delta, location_part = 1
      from bench_wave_places p where m.inventory_id = p.id and m.type = 'initial'`);
    await db.execute(sql`insert into inventory_movements (inventory_id, product_id, warehouse_id, account_id, type,
        on_hand_delta, reserved_delta, on_hand_after, reserved_after, location_id, location_delta, location_part,
        reason, reference_type)
      select i.id, i.product_id, i.warehouse_id, i.account_id, 'move', 0, 0, i.quantity_on_hand,
        i.quantity_reserved, part.location_id, part.delta, part.part, 'Bench: to storage', 'move'
      from bench_wave_places p join inventories i on i.id = p.id
      cross join lateral (values (p.pick_id, p.on_pick - p.quantity_on_hand, 1),
        (p.storage_id, p.quantity_on_hand - p.on_pick, 2)) part(location_id, delta, part)
      where p.quantity_on_hand > p.on_pick`);
    await db.execute(sql`insert into location_stock (inventory_id, location_id, quantity)
      select id, pick_id, on_pick from bench_wave_places
      union all
      select id, storage_id, quantity_on_hand - on_pick from bench_wave_places where quantity_on_hand > on_pick`);
    await db.execute(sql`analyze locations`);
    await db.execute(sql`analyze location_stock`);
    await db.execute(sql`analyze inventory_movements`);
  });
}

/**
 * `count` open orders of `linesPerOrder` lines (1–2 units each) in the warehouse, numbered `prefix`-…, every line
 * reserved in full; answers their ids in order. Rows are drawn from those with at least 30 units available, so
 * every order can be allocated in full.
 */
export async function addReleasableOrders(
  db: Executor,
  input: { warehouseId: number; userId: number; prefix: string; count: number; linesPerOrder: number },
): Promise<number[]> {
  const { warehouseId, userId, prefix, count, linesPerOrder } = input;
  await db.execute(sql`drop table if exists bench_wave_rows`);
  await db.execute(sql`create unlogged table bench_wave_rows as
    select id, product_id, account_id, quantity_on_hand, quantity_reserved,
      row_number() over (partition by account_id order by id) - 1 as n,
      count(*) over (partition by account_id) as c
    from inventories where warehouse_id = ${warehouseId} and quantity_available >= 30`);
  await db.execute(sql`create index on bench_wave_rows (account_id, n)`);
  await db.execute(sql`analyze bench_wave_rows`);
  const [status] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from statuses where is_active and lifecycle = 'open' and not holds_release
      order by sort_order, id limit 1`),
  );
  if (!status) throw new Error('No open status that may be released');
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`insert into orders (order_number, order_id, account_id, warehouse_id, user_id, status_id,
        lifecycle, customer_name, ship_date)
      select ${prefix} || '-' || lpad(g::text, 5, '0'), ${prefix} || '-' || g, a.account_id, ${warehouseId},
        ${userId}, ${status.id}, 'open', 'Wave Customer ' || g, current_date
      from generate_series(1, ${count}) g
      join (select account_id, row_number() over (order by account_id) - 1 as k, count(*) over () as total
            from bench_wave_rows where n = 0 and c >= ${linesPerOrder}) a on a.k = g % a.total
      order by g
      returning id`),
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);
  if (ids.length !== count) throw new Error(`Only ${ids.length} of ${count} orders: too few rows in stock`);
  const mine = sql`o.id = any(${idArray(ids)})`;
  await db.execute(sql`insert into order_items (order_id, product_id, inventory_id, quantity, quantity_reserved)
    select o.id, r.product_id, r.id, 1 + (o.id + k) % 2, 1 + (o.id + k) % 2
    from orders o cross join generate_series(0, ${linesPerOrder - 1}) k
    join lateral (select c from bench_wave_rows where account_id = o.account_id and n = 0) counted on true
    join bench_wave_rows r on r.account_id = o.account_id and r.n = (o.id * ${linesPerOrder} + k) % counted.c
    where ${mine}`);
  await db.execute(sql`insert into inventory_movements (inventory_id, product_id, warehouse_id, account_id, type,
      on_hand_delta, reserved_delta, on_hand_after, reserved_after, reference_type, reference_id, user_id)
    select i.id, i.product_id, i.warehouse_id, i.account_id, 'reserve', 0, oi.quantity, i.quantity_on_hand,
      i.quantity_reserved + sum(oi.quantity) over (partition by i.id order by oi.id rows unbounded preceding),
      'order', o.id, ${userId}
    from orders o join order_items oi on oi.order_id = o.id join inventories i on i.id = oi.inventory_id
    where ${mine} order by i.id, oi.id`);
  await db.execute(sql`update inventories i set quantity_reserved = i.quantity_reserved + s.units, updated_at = now()
    from (select oi.inventory_id, sum(oi.quantity)::int as units from orders o
          join order_items oi on oi.order_id = o.id where ${mine} group by 1) s
    where i.id = s.inventory_id`);
  await db.execute(sql`drop table bench_wave_rows`);
  return ids;
}
