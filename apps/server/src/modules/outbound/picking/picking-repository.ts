import { STAGING_LOCATION_CODE } from '@wms/contract/waves';
import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { idArray } from '../../../db/id-array';

/** The SQL of picking: taking a wave, its tasks under lock, totes, hospital locations and the staging location. */

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** Picking is warehouse work: staff reach the waves of their warehouses; account-scoped callers none. */
export function pickingScope(scope: Scope, column: SQL): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'accounts') return sql`false`;
  return sql`${column} = any(${idArray(scope.warehouseIds)})`;
}

export interface LockedWave {
  id: number;
  number: string;
  status: string;
  mode: string;
  warehouseId: number;
  warehouseName: string;
  assigneeId: number | null;
  assigneeName: string | null;
  /** The warehouse's staging location (CARTS), null until it is created. */
  stagingLocationId: number | null;
}

const toLockedWave = (r: Row): LockedWave => ({
  id: num(r.id),
  number: String(r.number),
  status: String(r.status),
  mode: String(r.mode),
  warehouseId: num(r.warehouse_id),
  warehouseName: String(r.warehouse_name),
  assigneeId: numOrNull(r.assignee_id),
  assigneeName: strOrNull(r.assignee_name),
  stagingLocationId: numOrNull(r.staging_location_id),
});

// The staging location comes with the wave (one index lookup), so a confirmation does not ask for it again.
const waveSelect = sql`select w.id, w.number, w.status, w.mode, w.warehouse_id, wh.name as warehouse_name,
    w.assignee_id, u.name as assignee_name,
    (select s.id from locations s where s.warehouse_id = w.warehouse_id
      and lower(s.code) = lower(${STAGING_LOCATION_CODE})) as staging_location_id
  from waves w join warehouses wh on wh.id = w.warehouse_id left join users u on u.id = w.assignee_id`;

/** The wave in the caller's scope, optionally locked (picking writes of one wave run one at a time). */
export async function findPickingWave(db: Executor, scope: Scope, id: number, lock: boolean) {
  const [row] = await rowsOf(
    db,
    sql`${waveSelect} where w.id = ${id} and ${pickingScope(scope, sql`w.warehouse_id`)}
      ${lock ? sql`for update of w` : sql``}`,
  );
  return row ? toLockedWave(row) : undefined;
}

/**
 * "Get work": the oldest released wave nobody took in the warehouse, urgent first, claimed in one statement.
 * SKIP LOCKED lets two pickers asking at once each get a different wave instead of queueing on the same one.
 */
export async function claimNextWave(tx: Executor, warehouseId: number, userId: number): Promise<number | undefined> {
  const [row] = await rowsOf(
    tx,
    sql`update waves set assignee_id = ${userId}, status = 'picking', started_at = coalesce(started_at, now()),
        updated_at = now()
      where id = (select id from waves where warehouse_id = ${warehouseId} and status = 'open' and assignee_id is null
        order by (priority = 'urgent') desc, created_at, id limit 1 for update skip locked)
      returning id`,
  );
  return row ? num(row.id) : undefined;
}

/** Assigns an unassigned live wave to the user (only while nobody has it). Answers whether it changed. */
export async function assignWave(tx: Executor, waveId: number, userId: number): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update waves set assignee_id = ${userId}, status = 'picking', started_at = coalesce(started_at, now()),
        updated_at = now()
      where id = ${waveId} and assignee_id is null and status in ('open', 'picking') returning id`,
  );
  return rows.length === 1;
}

export async function userName(db: Executor, userId: number): Promise<string> {
  const [row] = await rowsOf(db, sql`select name from users where id = ${userId}`);
  return String(row?.name ?? '');
}

/** The wave's live orders with their totes, in cart order. */
export async function waveOrderTotes(db: Executor, waveId: number) {
  const rows = await rowsOf(
    db,
    sql`select wo.order_id, o.order_number, wo.tote from wave_orders wo join orders o on o.id = wo.order_id
      where wo.wave_id = ${waveId} and wo.state in ('in_wave', 'picked') order by wo.position, wo.order_id`,
  );
  return rows.map((r) => ({ orderId: num(r.order_id), orderNumber: String(r.order_number), tote: strOrNull(r.tote) }));
}

/** Units of the wave already picked: totes cannot change once units lie in them. */
export async function unitsPickedInWave(db: Executor, waveId: number): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select coalesce(sum(quantity_picked), 0) as picked from pick_tasks where wave_id = ${waveId} and kind = 'pick'`,
  );
  return num(row?.picked ?? 0);
}

/** Puts each order's tote on the cart (and on the order's share of every task, which the pick list prints). */
export async function setTotes(tx: Executor, waveId: number, totes: readonly { orderId: number; tote: string }[]) {
  const json = JSON.stringify(totes.map((t) => ({ order_id: t.orderId, tote: t.tote })));
  await tx.execute(sql`update wave_orders wo set tote = d.tote
    from jsonb_to_recordset(${json}::jsonb) as d(order_id int, tote text)
    where wo.wave_id = ${waveId} and wo.order_id = d.order_id`);
  await tx.execute(sql`update pick_task_orders pto set tote = d.tote
    from jsonb_to_recordset(${json}::jsonb) as d(order_id int, tote text), pick_tasks t
    where t.id = pto.task_id and t.wave_id = ${waveId} and pto.order_id = d.order_id`);
}

export interface LockedTask {
  id: number;
  kind: string;
  status: string;
  sequence: number;
  locationId: number;
  locationCode: string;
  locationType: string;
  inventoryId: number;
  productId: number;
  sku: string;
  barcode: string | null;
  lotId: number | null;
  lotCode: string | null;
  lotExpiry: string | null;
  quantity: number;
  quantityPicked: number;
  pickedBy: number | null;
  pickedByName: string | null;
  trackLots: boolean;
  trackExpiry: boolean;
  accountId: number;
  allowLotSubstitution: boolean;
  /** Each order's share of the task, in cart order. */
  shares: TaskShare[];
}

export interface TaskShare {
  id: number;
  orderId: number;
  orderNumber: string;
  orderItemId: number;
  quantity: number;
  tote: string | null;
  shipDate: string;
  minShelfLifeDays: number;
}

const toShare = (r: Row): TaskShare => ({
  id: num(r.id),
  orderId: num(r.order_id),
  orderNumber: String(r.order_number),
  orderItemId: num(r.order_item_id),
  quantity: num(r.quantity),
  tote: strOrNull(r.tote),
  shipDate: String(r.ship_date),
  minShelfLifeDays: num(r.min_remaining_shelf_life_days),
});

/**
 * The task of the wave, locked, with each order's share (its order line, ship date and tote, in cart order): two
 * pickers confirming it run one after the other, the second sees it done. One statement: the shares are the
 * task's own rows, read through its index.
 */
export async function lockTask(tx: Executor, waveId: number, taskId: number): Promise<LockedTask | undefined> {
  const [r] = await rowsOf(
    tx,
    sql`select t.id, t.kind, t.status, t.sequence, t.location_id, l.code as location_code, t.inventory_id,
        t.product_id, p.sku, p.barcode, t.lot_id, lot.lot_code, to_char(lot.expiry_date, 'YYYY-MM-DD') as lot_expiry,
        t.quantity, t.quantity_picked, t.picked_by, u.name as picked_by_name, p.track_lots, p.track_expiry,
        p.account_id, a.allow_lot_substitution, l.type as location_type,
        (select coalesce(json_agg(json_build_object('id', pto.id, 'order_id', pto.order_id,
            'order_number', o.order_number, 'order_item_id', pto.order_item_id, 'quantity', pto.quantity,
            'tote', wo.tote,
            'ship_date', to_char(greatest(coalesce(o.ship_date, current_date), current_date), 'YYYY-MM-DD'),
            'min_remaining_shelf_life_days', oa.min_remaining_shelf_life_days) order by wo.position, pto.id), '[]')
          from pick_task_orders pto join orders o on o.id = pto.order_id join accounts oa on oa.id = o.account_id
          -- offset 0 keeps this a lookup of each share's own wave order (by the key), never a walk of the wave's.
          left join lateral (select w2.tote, w2.position from wave_orders w2
            where w2.wave_id = t.wave_id and w2.order_id = pto.order_id offset 0) wo on true
          where pto.task_id = t.id) as shares
      from pick_tasks t join locations l on l.id = t.location_id join products p on p.id = t.product_id
      join accounts a on a.id = p.account_id
      left join inventory_lots lot on lot.id = t.lot_id left join users u on u.id = t.picked_by
      where t.id = ${taskId} and t.wave_id = ${waveId} for update of t`,
  );
  if (!r) return undefined;
  return {
    id: num(r.id),
    kind: String(r.kind),
    status: String(r.status),
    sequence: num(r.sequence),
    locationId: num(r.location_id),
    locationCode: String(r.location_code),
    locationType: String(r.location_type),
    inventoryId: num(r.inventory_id),
    productId: num(r.product_id),
    sku: String(r.sku),
    barcode: strOrNull(r.barcode),
    lotId: numOrNull(r.lot_id),
    lotCode: strOrNull(r.lot_code),
    lotExpiry: strOrNull(r.lot_expiry),
    quantity: num(r.quantity),
    quantityPicked: num(r.quantity_picked),
    pickedBy: numOrNull(r.picked_by),
    pickedByName: strOrNull(r.picked_by_name),
    trackLots: Boolean(r.track_lots),
    trackExpiry: Boolean(r.track_expiry),
    accountId: num(r.account_id),
    allowLotSubstitution: Boolean(r.allow_lot_substitution),
    shares: ((typeof r.shares === 'string' ? JSON.parse(r.shares) : r.shares) as Row[]).map(toShare),
  };
}

/** A lot of the product by its code (case-insensitive), with its expiry. */
export async function lotOfProduct(db: Executor, productId: number, code: string) {
  const [r] = await rowsOf(
    db,
    sql`select id, lot_code, to_char(expiry_date, 'YYYY-MM-DD') as expiry from inventory_lots
      where product_id = ${productId} and lower(lot_code) = lower(${code})`,
  );
  return r ? { id: num(r.id), code: String(r.lot_code), expiry: strOrNull(r.expiry) } : undefined;
}

/** Units of (row, location, lot) not allocated to open tasks. */
export async function freeUnitsAt(tx: Executor, inventoryId: number, locationId: number, lotId: number | null) {
  const [r] = await rowsOf(
    tx,
    sql`select quantity - quantity_allocated as free from location_stock
      where inventory_id = ${inventoryId} and location_id = ${locationId} and lot_id is not distinct from ${lotId}`,
  );
  return num(r?.free ?? 0);
}

/** Every unit still lying in the location (any product, allocated or not). */
export async function unitsInLocation(tx: Executor, locationId: number): Promise<number> {
  const [r] = await rowsOf(
    tx,
    sql`select coalesce(sum(quantity), 0) as units from location_stock where location_id = ${locationId}`,
  );
  return num(r?.units ?? 0);
}

/**
 * Records the task done: picked in full, or short with what was found. Each order's share records its units, in
 * the same statement (the shares are the task's rows only).
 */
export async function finishTask(
  tx: Executor,
  task: { id: number; status: 'picked' | 'short'; quantityPicked: number; lotId: number | null; userId: number },
  shares: readonly { id: number; picked: number }[],
  shortReason: string | null,
): Promise<void> {
  const json = JSON.stringify(shares.map((s) => ({ id: s.id, picked: s.picked })));
  await tx.execute(sql`with task as (
      update pick_tasks set status = ${task.status}, quantity_picked = ${task.quantityPicked},
        lot_id = ${task.lotId}, picked_by = ${task.userId}, assignee_id = coalesce(assignee_id, ${task.userId}),
        picked_at = now(), short_reason = ${shortReason}, updated_at = now()
      where id = ${task.id} returning id
    )
    update pick_task_orders pto set quantity_picked = d.picked
    from task, jsonb_to_recordset(${json}::jsonb) as d(id int, picked int)
    where pto.task_id = task.id and pto.id = d.id`);
}

/** Sends the task to the end of the wave's route. */
export async function moveTaskToEnd(tx: Executor, waveId: number, taskId: number): Promise<void> {
  await tx.execute(sql`update pick_tasks set updated_at = now(),
      sequence = (select max(sequence) + 1 from pick_tasks where wave_id = ${waveId})
    where id = ${taskId}`);
}

/** Opens `count` places right after `sequence` in the wave's route (the re-allocated tasks go there). */
export async function makeRoomAfter(tx: Executor, waveId: number, sequence: number, count: number): Promise<void> {
  await tx.execute(sql`update pick_tasks set sequence = sequence + ${count}
    where wave_id = ${waveId} and sequence > ${sequence}`);
}

export interface ReplacementTask {
  waveId: number;
  warehouseId: number;
  locationId: number;
  inventoryId: number;
  productId: number;
  lotId: number | null;
  quantity: number;
  sequence: number;
  allocationRule: string;
  lotRule: string | null;
  reason: string;
  replacesTaskId: number;
  assigneeId: number | null;
  shares: { orderId: number; orderItemId: number; quantity: number; tote: string | null }[];
}

/** Writes a re-allocated task and its per-order shares. */
export async function insertReplacementTask(tx: Executor, task: ReplacementTask): Promise<number> {
  const [row] = await rowsOf(
    tx,
    sql`insert into pick_tasks (wave_id, warehouse_id, kind, location_id, inventory_id, product_id, lot_id, quantity,
        sequence, allocation_rule, lot_rule, reason, replaces_task_id, assignee_id)
      values (${task.waveId}, ${task.warehouseId}, 'pick', ${task.locationId}, ${task.inventoryId}, ${task.productId},
        ${task.lotId}, ${task.quantity}, ${task.sequence}, ${task.allocationRule}, ${task.lotRule}, ${task.reason},
        ${task.replacesTaskId}, ${task.assigneeId})
      returning id`,
  );
  const id = num(row!.id);
  const json = JSON.stringify(
    task.shares.map((s) => ({ order_id: s.orderId, order_item_id: s.orderItemId, quantity: s.quantity, tote: s.tote })),
  );
  await tx.execute(sql`insert into pick_task_orders (task_id, order_id, order_item_id, quantity, tote)
    select ${id}, d.order_id, d.order_item_id, d.quantity, d.tote
    from jsonb_to_recordset(${json}::jsonb) as d(order_id int, order_item_id int, quantity int, tote text)`);
  return id;
}

export async function markWavePicked(tx: Executor, waveId: number): Promise<void> {
  await tx.execute(sql`update waves set status = 'picked', picked_at = now(), updated_at = now() where id = ${waveId}`);
}

/**
 * Marks picked the wave's orders whose pick tasks are all done and that are not marked yet (`orderIds`: only
 * these; without, every order of the wave). Its rows answer them with the units picked and short (what webhooks
 * and activity report).
 */
const markedOrders = (waveId: number, orderIds?: readonly number[]) => sql`done as (
    select wo.order_id from wave_orders wo
    where wo.wave_id = ${waveId} and wo.state = 'in_wave'
      ${orderIds ? sql`and wo.order_id = any(${idArray(orderIds)})` : sql``}
      and not exists (select 1 from pick_task_orders pto join pick_tasks t on t.id = pto.task_id
        where pto.order_id = wo.order_id and t.wave_id = wo.wave_id and t.kind = 'pick' and t.status = 'open')
    for update of wo
  ), marked as (
    update wave_orders wo set state = 'picked', picked_at = now() from done
    where wo.wave_id = ${waveId} and wo.order_id = done.order_id returning wo.order_id
  ), picked as (
    select m.order_id, o.order_number, o.account_id, o.warehouse_id,
      (select coalesce(sum(pto.quantity_picked), 0) from pick_task_orders pto join pick_tasks t on t.id = pto.task_id
        where pto.order_id = m.order_id and t.wave_id = ${waveId} and t.kind = 'pick') as units_picked,
      (select coalesce(sum(oi.quantity - oi.quantity_shipped), 0) from order_items oi where oi.order_id = m.order_id)
        as units
    from marked m join orders o on o.id = m.order_id
  )`;

const toPickedOrder = (r: Row) => ({
  orderId: num(r.order_id),
  orderNumber: String(r.order_number),
  accountId: num(r.account_id),
  warehouseId: num(r.warehouse_id),
  unitsPicked: num(r.units_picked),
  unitsShort: Math.max(0, num(r.units) - num(r.units_picked)),
});
export type PickedOrder = ReturnType<typeof toPickedOrder>;

/** Every order of the wave whose tasks are all done, marked picked (when the wave's last task is done). */
export async function markOrdersPicked(tx: Executor, waveId: number): Promise<PickedOrder[]> {
  const rows = await rowsOf(tx, sql`with ${markedOrders(waveId)} select * from picked order by order_id`);
  return rows.map(toPickedOrder);
}

/**
 * After a task is done, in one statement: its orders whose tasks are now all done, marked picked (only the task's
 * orders can have become done by it); whether the wave still has an open pick task (one probe of a partial index,
 * however many tasks are done); and the units still lying in the task's location (any product, allocated or not).
 */
export async function afterTaskDone(tx: Executor, waveId: number, orderIds: readonly number[], locationId: number) {
  const [r] = await rowsOf(
    tx,
    sql`with ${markedOrders(waveId, orderIds)}
      select (select coalesce(json_agg(p order by p.order_id), '[]') from picked p) as orders,
        exists (select 1 from pick_tasks where wave_id = ${waveId} and status = 'open' and kind = 'pick') as open_left,
        (select coalesce(sum(quantity), 0) from location_stock where location_id = ${locationId}) as units`,
  );
  const orders = (typeof r!.orders === 'string' ? JSON.parse(r!.orders) : r!.orders) as Row[];
  return {
    pickedOrders: orders.map(toPickedOrder),
    openLeft: Boolean(r!.open_left),
    unitsInLocation: num(r!.units),
  };
}

/**
 * The warehouse's staging location (CARTS): the one the wave row brought when it exists, else created on first use
 * (warehouses made after the migration), so only the first pick of a warehouse pays for it.
 */
export async function stagingLocationId(tx: Executor, wave: LockedWave): Promise<number> {
  if (wave.stagingLocationId !== null) return wave.stagingLocationId;
  await tx.execute(sql`insert into locations (warehouse_id, code, sort_key, zone, type, notes)
    values (${wave.warehouseId}, ${STAGING_LOCATION_CODE}, ${STAGING_LOCATION_CODE}, 'STAGE', 'staging',
      'Picked units on carts and in totes, until packed and shipped')
    on conflict do nothing`);
  const [r] = await rowsOf(
    tx,
    sql`select id from locations where warehouse_id = ${wave.warehouseId}
      and lower(code) = lower(${STAGING_LOCATION_CODE})`,
  );
  wave.stagingLocationId = num(r!.id);
  return wave.stagingLocationId;
}

/** Sends a location to hospital (kept out of allocation); a location already there keeps its first reason. */
export async function hospitalize(tx: Executor, locationId: number, reason: string, userId: number): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update locations set hospital_since = now(), hospital_reason = ${reason}, hospital_by = ${userId},
        updated_at = now()
      where id = ${locationId} and hospital_since is null returning id`,
  );
  return rows.length === 1;
}

const hospitalSelect = sql`select l.id, l.code, l.warehouse_id, l.hospital_reason, l.hospital_since, l.hospital_by,
    u.name as by_name,
    (select c.id from cycle_counts c join cycle_count_locations cl on cl.cycle_count_id = c.id
      where cl.location_id = l.id and c.state in ('open', 'counting', 'review') order by c.id desc limit 1)
      as cycle_count_id
  from locations l left join users u on u.id = l.hospital_by`;

const toHospitalEntry = (r: Row) => ({
  locationId: num(r.id),
  code: String(r.code),
  warehouseId: num(r.warehouse_id),
  reason: String(r.hospital_reason),
  since: new Date(r.hospital_since as string).toISOString(),
  byId: numOrNull(r.hospital_by),
  byName: strOrNull(r.by_name),
  cycleCountId: numOrNull(r.cycle_count_id),
});
export type HospitalRow = ReturnType<typeof toHospitalEntry>;

export async function hospitalLocations(db: Executor, scope: Scope, warehouseId: number): Promise<HospitalRow[]> {
  const rows = await rowsOf(
    db,
    sql`${hospitalSelect} where l.warehouse_id = ${warehouseId} and l.hospital_since is not null
      and ${pickingScope(scope, sql`l.warehouse_id`)}
      order by l.hospital_since, l.id`,
  );
  return rows.map(toHospitalEntry);
}

/** A location in the caller's scope with its hospital state (null entry when it is not in hospital). */
export async function locationHospital(db: Executor, scope: Scope, locationId: number, lock: boolean) {
  const [r] = await rowsOf(
    db,
    sql`${hospitalSelect} where l.id = ${locationId} and ${pickingScope(scope, sql`l.warehouse_id`)}
      ${lock ? sql`for update of l` : sql``}`,
  );
  if (!r) return undefined;
  return {
    id: num(r.id),
    code: String(r.code),
    warehouseId: num(r.warehouse_id),
    entry: r.hospital_since === null ? null : toHospitalEntry(r),
  };
}

export async function clearHospital(tx: Executor, locationId: number): Promise<void> {
  await tx.execute(sql`update locations set hospital_since = null, hospital_reason = null, hospital_by = null,
    updated_at = now() where id = ${locationId}`);
}

/** The facts the pick list prints per task: its orders (and totes), in walk order. */
export async function pickListTasks(db: Executor, waveId: number) {
  const rows = await rowsOf(
    db,
    sql`select t.id, t.sequence, l.code as location, p.sku, p.name, p.barcode, lot.lot_code,
        to_char(lot.expiry_date, 'YYYY-MM-DD') as expiry, t.quantity,
        coalesce((select json_agg(json_build_object('number', o.order_number, 'tote', coalesce(pto.tote, wo.tote),
            'quantity', pto.quantity) order by wo.position, pto.id)
          from pick_task_orders pto join orders o on o.id = pto.order_id
          left join wave_orders wo on wo.wave_id = t.wave_id and wo.order_id = pto.order_id
          where pto.task_id = t.id), '[]') as orders
      from pick_tasks t join locations l on l.id = t.location_id join products p on p.id = t.product_id
      left join inventory_lots lot on lot.id = t.lot_id
      where t.wave_id = ${waveId} and t.status = 'open' order by t.sequence, t.id`,
  );
  return rows.map((r, index) => ({
    sequence: index + 1,
    location: String(r.location),
    sku: String(r.sku),
    productName: String(r.name),
    barcode: strOrNull(r.barcode),
    lot: strOrNull(r.lot_code),
    expiry: strOrNull(r.expiry),
    quantity: num(r.quantity),
    orders: (typeof r.orders === 'string' ? JSON.parse(r.orders) : r.orders) as {
      number: string;
      tote: string | null;
      quantity: number;
    }[],
  }));
}

export async function waveFactsForPickList(db: Executor, waveId: number) {
  const [r] = await rowsOf(
    db,
    sql`select w.estimated_distance_m,
        (select count(*) from wave_orders wo where wo.wave_id = w.id and wo.state in ('in_wave', 'picked')) as orders
      from waves w where w.id = ${waveId}`,
  );
  return { distance: numOrNull(r?.estimated_distance_m), orderCount: num(r?.orders ?? 0) };
}
