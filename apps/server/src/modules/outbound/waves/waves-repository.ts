import type { WaveListQuery } from '@wms/contract/waves';
import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { idArray } from '../../../db/id-array';
import { insertJsonRows } from '../../../db/insert-json-rows';
import { pageOffset } from '../../../db/paging';
import { type Page, toPage } from '../../../http/pagination';

/** The SQL of waves: choosing the orders to release, writing a wave and its tasks, and reading them back. */

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Waves are warehouse work (`w` is the waves row): a manager reaches their warehouses' waves; clients none. */
export function waveScopeCondition(scope: Scope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'warehouses') {
    return scope.warehouseIds.length ? sql`w.warehouse_id = any(${idArray(scope.warehouseIds)})` : sql`false`;
  }
  return sql`false`;
}

export interface WarehouseFacts {
  id: number;
  name: string;
  code: string;
  timezone: string;
  aisleSpacingCm: number;
  rackSpacingCm: number;
}

export async function warehouseFacts(db: Executor, warehouseId: number): Promise<WarehouseFacts | undefined> {
  const [row] = await rowsOf(
    db,
    sql`select id, name, code, timezone, aisle_spacing_cm, rack_spacing_cm from warehouses where id = ${warehouseId}`,
  );
  if (!row) return undefined;
  return {
    id: num(row.id),
    name: String(row.name),
    code: String(row.code),
    timezone: String(row.timezone),
    aisleSpacingCm: num(row.aisle_spacing_cm),
    rackSpacingCm: num(row.rack_spacing_cm),
  };
}

export interface ReleaseFilter {
  warehouseId: number;
  accountIds?: readonly number[];
  shipperIds?: readonly number[];
  statusIds?: readonly number[];
  shipDateTo?: string;
  itemCount?: 'single' | 'multi';
  priority?: 'normal' | 'urgent';
  orderIds?: readonly number[];
}

/** The filters' condition on `o` (orders), shared by the releasable and the blocked lists. */
function filterCondition(f: ReleaseFilter): SQL {
  const parts: SQL[] = [sql`o.warehouse_id = ${f.warehouseId}`, sql`o.lifecycle = 'open'`];
  if (f.orderIds) parts.push(sql`o.id = any(${idArray(f.orderIds)})`);
  if (f.accountIds?.length) parts.push(sql`o.account_id = any(${idArray(f.accountIds)})`);
  if (f.shipperIds?.length) parts.push(sql`o.shipper_id = any(${idArray(f.shipperIds)})`);
  if (f.statusIds?.length) parts.push(sql`o.status_id = any(${idArray(f.statusIds)})`);
  if (f.shipDateTo) parts.push(sql`(o.ship_date is null or o.ship_date <= ${f.shipDateTo}::date)`);
  if (f.priority) parts.push(sql`o.priority = ${f.priority}`);
  if (f.itemCount) {
    parts.push(
      sql`(select count(*) from order_items oi where oi.order_id = o.id) ${f.itemCount === 'single' ? sql`= 1` : sql`> 1`}`,
    );
  }
  return sql.join(parts, sql` and `);
}

const inLiveWave = sql`exists (select 1 from wave_orders wo where wo.order_id = o.id and wo.state in ('in_wave', 'picked'))`;
/** Release order: urgent first, then the earliest ship date (none last), then the oldest order. */
const releaseOrder = sql`case when o.priority = 'urgent' then 0 else 1 end, o.ship_date asc nulls last, o.created_at, o.id`;

export interface CandidateOrder {
  id: number;
  orderNumber: string;
  accountId: number;
  accountName: string;
  shipperId: number | null;
  shipperName: string | null;
  customerName: string;
  shipDate: string | null;
  priority: 'normal' | 'urgent';
  minShelfLifeDays: number;
  allowPartial: boolean;
}

const candidateColumns = sql`o.id, o.order_number, o.account_id, a.name as account_name, o.shipper_id,
  s.name as shipper_name, o.customer_name, to_char(o.ship_date, 'YYYY-MM-DD') as ship_date, o.priority,
  a.min_remaining_shelf_life_days, a.allow_partial_shipment`;

const toCandidate = (r: Row): CandidateOrder => ({
  id: num(r.id),
  orderNumber: String(r.order_number),
  accountId: num(r.account_id),
  accountName: String(r.account_name),
  shipperId: numOrNull(r.shipper_id),
  shipperName: strOrNull(r.shipper_name),
  customerName: String(r.customer_name),
  shipDate: strOrNull(r.ship_date),
  priority: r.priority === 'urgent' ? 'urgent' : 'normal',
  minShelfLifeDays: num(r.min_remaining_shelf_life_days),
  allowPartial: Boolean(r.allow_partial_shipment),
});

/** Orders the filters match that may be released (open, not on hold, in no live wave), in release order. */
export async function releasableOrders(db: Executor, filter: ReleaseFilter, cap: number): Promise<CandidateOrder[]> {
  const rows = await rowsOf(
    db,
    sql`select ${candidateColumns}
      from orders o join accounts a on a.id = o.account_id join statuses st on st.id = o.status_id
      left join shippers s on s.id = o.shipper_id
      where ${filterCondition(filter)} and not st.holds_release and not ${inLiveWave}
      order by ${releaseOrder} limit ${cap}`,
  );
  return rows.map(toCandidate);
}

export interface BlockedOrder {
  id: number;
  orderNumber: string;
  onHold: boolean;
  waveNumber: string | null;
}

/** Orders the filters match that cannot be released: on hold or already in a live wave (at most `cap`). */
export async function blockedOrders(db: Executor, filter: ReleaseFilter, cap: number): Promise<BlockedOrder[]> {
  const rows = await rowsOf(
    db,
    sql`select o.id, o.order_number, st.holds_release as on_hold,
        (select w.number from wave_orders wo join waves w on w.id = wo.wave_id
          where wo.order_id = o.id and wo.state in ('in_wave', 'picked') limit 1) as wave_number
      from orders o join statuses st on st.id = o.status_id
      where ${filterCondition(filter)} and (st.holds_release or ${inLiveWave})
      order by ${releaseOrder} limit ${cap}`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    orderNumber: String(r.order_number),
    onHold: Boolean(r.on_hold),
    waveNumber: strOrNull(r.wave_number),
  }));
}

/** Named orders as they are (any warehouse, any lifecycle): why each named order cannot be released. */
export async function namedOrders(db: Executor, ids: readonly number[]) {
  const rows = await rowsOf(
    db,
    sql`select o.id, o.order_number, o.warehouse_id, o.account_id, o.lifecycle
      from orders o where o.id = any(${idArray(ids)})`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    orderNumber: String(r.order_number),
    warehouseId: num(r.warehouse_id),
    accountId: num(r.account_id),
    lifecycle: String(r.lifecycle),
  }));
}

/**
 * Locks the orders (id order) for the release: with `skipLocked`, orders another release holds are passed over
 * (a filtered release takes the next ones instead of waiting); without, it waits for them.
 */
export async function lockOrders(tx: Executor, ids: readonly number[], skipLocked: boolean): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf(
    tx,
    sql`select id from orders where id = any(${idArray(ids)}) order by id for update ${skipLocked ? sql`skip locked` : sql``}`,
  );
  return rows.map((r) => num(r.id));
}

/** Of these orders, those in a live wave now (a fresh read: after the lock, a competing release has committed). */
export async function ordersInLiveWaves(tx: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf(
    tx,
    sql`select wo.order_id, w.number from wave_orders wo join waves w on w.id = wo.wave_id
      where wo.order_id = any(${idArray(ids)}) and wo.state in ('in_wave', 'picked')`,
  );
  return new Map(rows.map((r) => [num(r.order_id), String(r.number)]));
}

export interface CandidateLine {
  id: number;
  orderId: number;
  productId: number;
  sku: string;
  inventoryId: number | null;
  quantity: number;
  reserved: number;
  shipped: number;
  trackExpiry: boolean;
  trackLots: boolean;
}

export async function linesOfOrders(db: Executor, orderIds: readonly number[]): Promise<CandidateLine[]> {
  if (orderIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select oi.id, oi.order_id, oi.product_id, p.sku, oi.inventory_id, oi.quantity, oi.quantity_reserved,
        oi.quantity_shipped, p.track_expiry, p.track_lots
      from order_items oi join products p on p.id = oi.product_id
      where oi.order_id = any(${idArray(orderIds)}) order by oi.order_id, oi.id`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    orderId: num(r.order_id),
    productId: num(r.product_id),
    sku: String(r.sku),
    inventoryId: numOrNull(r.inventory_id),
    quantity: num(r.quantity),
    reserved: num(r.quantity_reserved),
    shipped: num(r.quantity_shipped),
    trackExpiry: Boolean(r.track_expiry),
    trackLots: Boolean(r.track_lots),
  }));
}

export async function insertWave(
  tx: Executor,
  values: {
    warehouseId: number;
    mode: string;
    priority: string;
    filters: Record<string, unknown>;
    orderCount: number;
    lineCount: number;
    unitCount: number;
    locationCount: number;
    estimatedDistanceM: number;
    createdBy: number;
  },
): Promise<{ id: number; number: string }> {
  const [row] = await rowsOf(
    tx,
    sql`insert into waves (warehouse_id, mode, priority, filters, order_count, line_count, unit_count, location_count,
        estimated_distance_m, created_by)
      values (${values.warehouseId}, ${values.mode}, ${values.priority}, ${JSON.stringify(values.filters)}::jsonb,
        ${values.orderCount}, ${values.lineCount}, ${values.unitCount}, ${values.locationCount},
        ${values.estimatedDistanceM}, ${values.createdBy})
      returning id, number`,
  );
  return { id: num(row!.id), number: String(row!.number) };
}

/**
 * The wave's orders. The partial unique index (one live wave per order) is the last guard: a row that would break it
 * is not written, and the answer names only the orders written.
 */
export async function insertWaveOrders(
  tx: Executor,
  waveId: number,
  orderIds: readonly number[],
): Promise<Set<number>> {
  const rows = await insertJsonRows<{ order_id: number }>(
    tx,
    'wave_orders',
    [
      ['wave_id', 'int'],
      ['order_id', 'int'],
      ['position', 'int'],
    ],
    orderIds.map((orderId, index) => ({ wave_id: waveId, order_id: orderId, position: index + 1 })),
    sql`on conflict (order_id) where state in ('in_wave', 'picked') do nothing returning order_id`,
  );
  return new Set(rows.map((r) => num(r.order_id)));
}

export interface NewTask {
  waveId: number;
  warehouseId: number;
  kind: 'pick' | 'put_back';
  locationId: number;
  inventoryId: number;
  productId: number;
  lotId: number | null;
  quantity: number;
  sequence: number;
  allocationRule: string;
  lotRule: string | null;
  reason: string;
  orders: { orderId: number; orderItemId: number; quantity: number }[];
}

/** Writes the tasks and their per-order breakdown (two multi-row INSERTs). */
export async function insertTasks(tx: Executor, tasks: readonly NewTask[]): Promise<void> {
  if (tasks.length === 0) return;
  const ids = await insertJsonRows<{ id: number; sequence: number }>(
    tx,
    'pick_tasks',
    [
      ['wave_id', 'int'],
      ['warehouse_id', 'int'],
      ['kind', 'text'],
      ['location_id', 'int'],
      ['inventory_id', 'int'],
      ['product_id', 'int'],
      ['lot_id', 'int'],
      ['quantity', 'int'],
      ['sequence', 'int'],
      ['allocation_rule', 'text'],
      ['lot_rule', 'text'],
      ['reason', 'text'],
    ],
    tasks.map((t) => ({
      wave_id: t.waveId,
      warehouse_id: t.warehouseId,
      kind: t.kind,
      location_id: t.locationId,
      inventory_id: t.inventoryId,
      product_id: t.productId,
      lot_id: t.lotId,
      quantity: t.quantity,
      sequence: t.sequence,
      allocation_rule: t.allocationRule,
      lot_rule: t.lotRule,
      reason: t.reason,
    })),
    sql`returning id, sequence`,
  );
  // Sequences are unique within the wave, so they tie each returned id to its task.
  const idOfSequence = new Map(ids.map((r) => [num(r.sequence), num(r.id)]));
  await insertJsonRows(
    tx,
    'pick_task_orders',
    [
      ['task_id', 'int'],
      ['order_id', 'int'],
      ['order_item_id', 'int'],
      ['quantity', 'int'],
    ],
    tasks.flatMap((t) =>
      t.orders.map((o) => ({
        task_id: idOfSequence.get(t.sequence),
        order_id: o.orderId,
        order_item_id: o.orderItemId,
        quantity: o.quantity,
      })),
    ),
  );
}

/** Sequences of the wave's tasks continue after its highest (re-allocated and put-back tasks go last). */
export async function lastSequence(tx: Executor, waveId: number): Promise<number> {
  const [row] = await rowsOf(
    tx,
    sql`select coalesce(max(sequence), 0) as last from pick_tasks where wave_id = ${waveId}`,
  );
  return num(row?.last ?? 0);
}

const waveColumns = sql`w.id, w.number, w.warehouse_id, wh.name as warehouse_name, wh.code as warehouse_code, w.mode,
  w.status, w.priority, w.assignee_id, au.name as assignee_name, w.created_by, cu.name as created_by_name, w.filters,
  w.order_count, w.line_count, w.unit_count, w.location_count, w.estimated_distance_m, w.created_at, w.started_at,
  w.picked_at, w.cancelled_at,
  tc.tasks_total, tc.tasks_done, tc.units_picked, tc.put_backs_open`;
// The wave's progress in one pass over its tasks (every picking answer carries it).
const taskCounts = sql`left join lateral (select
    count(*) filter (where t.kind = 'pick' and t.status <> 'cancelled') as tasks_total,
    count(*) filter (where t.kind = 'pick' and t.status in ('picked', 'short')) as tasks_done,
    coalesce(sum(t.quantity_picked) filter (where t.kind = 'pick'), 0) as units_picked,
    count(*) filter (where t.kind = 'put_back' and t.status = 'open') as put_backs_open
  from pick_tasks t where t.wave_id = w.id) tc on true`;
const waveFrom = sql`waves w join warehouses wh on wh.id = w.warehouse_id left join users au on au.id = w.assignee_id
  left join users cu on cu.id = w.created_by ${taskCounts}`;

export interface WaveRow {
  id: number;
  number: string;
  warehouseId: number;
  warehouseName: string;
  warehouseCode: string;
  mode: string;
  status: string;
  priority: string;
  assigneeId: number | null;
  assigneeName: string | null;
  createdBy: number | null;
  createdByName: string | null;
  filters: Record<string, unknown>;
  orderCount: number;
  lineCount: number;
  unitCount: number;
  locationCount: number;
  estimatedDistanceM: number;
  createdAt: string;
  startedAt: string | null;
  pickedAt: string | null;
  cancelledAt: string | null;
  tasksTotal: number;
  tasksDone: number;
  unitsPicked: number;
  putBacksOpen: number;
}

const toWave = (r: Row): WaveRow => ({
  id: num(r.id),
  number: String(r.number),
  warehouseId: num(r.warehouse_id),
  warehouseName: String(r.warehouse_name),
  warehouseCode: String(r.warehouse_code),
  mode: String(r.mode),
  status: String(r.status),
  priority: String(r.priority),
  assigneeId: numOrNull(r.assignee_id),
  assigneeName: strOrNull(r.assignee_name),
  createdBy: numOrNull(r.created_by),
  createdByName: strOrNull(r.created_by_name),
  filters: (typeof r.filters === 'string' ? JSON.parse(r.filters) : r.filters) as Record<string, unknown>,
  orderCount: num(r.order_count),
  lineCount: num(r.line_count),
  unitCount: num(r.unit_count),
  locationCount: num(r.location_count),
  estimatedDistanceM: num(r.estimated_distance_m),
  createdAt: iso(r.created_at)!,
  startedAt: iso(r.started_at),
  pickedAt: iso(r.picked_at),
  cancelledAt: iso(r.cancelled_at),
  tasksTotal: num(r.tasks_total),
  tasksDone: num(r.tasks_done),
  unitsPicked: num(r.units_picked),
  putBacksOpen: num(r.put_backs_open),
});

export async function listWaves(db: Executor, scope: Scope, query: WaveListQuery): Promise<Page<WaveRow>> {
  const parts: SQL[] = [waveScopeCondition(scope)];
  if (query.warehouse_id) parts.push(sql`w.warehouse_id = ${query.warehouse_id}`);
  if (query.status) parts.push(sql`w.status = ${query.status}`);
  if (query.mode) parts.push(sql`w.mode = ${query.mode}`);
  if (query.assignee_id) parts.push(sql`w.assignee_id = ${query.assignee_id}`);
  if (query.unassigned) parts.push(sql`w.assignee_id is null`);
  if (query.put_backs_open) {
    parts.push(sql`exists (select 1 from pick_tasks t where t.wave_id = w.id and t.kind = 'put_back'
      and t.status = 'open')`);
  }
  if (query.search)
    parts.push(sql`lower(w.number) like ${`%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`);
  const where = sql.join(parts, sql` and `);
  const [rows, [total]] = await Promise.all([
    rowsOf(
      db,
      sql`select ${waveColumns} from ${waveFrom} where ${where}
        order by w.created_at desc, w.id desc limit ${query.per_page} offset ${pageOffset(query)}`,
    ),
    rowsOf(db, sql`select count(*) as total from waves w where ${where}`),
  ]);
  return toPage(rows.map(toWave), num(total?.total ?? 0), query);
}

export async function findWave(db: Executor, scope: Scope, id: number): Promise<WaveRow | undefined> {
  const [row] = await rowsOf(
    db,
    sql`select ${waveColumns} from ${waveFrom} where w.id = ${id} and ${waveScopeCondition(scope)}`,
  );
  return row ? toWave(row) : undefined;
}

/** The wave's row, locked (state changes run one at a time per wave); undefined out of scope. */
export async function lockWave(tx: Executor, scope: Scope, id: number) {
  const [row] = await rowsOf(
    tx,
    sql`select w.id, w.number, w.status, w.warehouse_id from waves w where w.id = ${id} and ${waveScopeCondition(scope)}
      for update`,
  );
  return row
    ? { id: num(row.id), number: String(row.number), status: String(row.status), warehouseId: num(row.warehouse_id) }
    : undefined;
}

export async function waveOrderRows(db: Executor, waveId: number) {
  const rows = await rowsOf(
    db,
    sql`select wo.order_id, o.order_number, o.account_id, a.name as account_name, o.customer_name,
        to_char(o.ship_date, 'YYYY-MM-DD') as ship_date, o.priority, wo.state, wo.tote, wo.position,
        (select coalesce(sum(oi.quantity - oi.quantity_shipped), 0) from order_items oi where oi.order_id = o.id) as units,
        (select coalesce(sum(pto.quantity), 0) from pick_task_orders pto join pick_tasks t on t.id = pto.task_id
          where pto.order_id = o.id and t.wave_id = wo.wave_id and t.kind = 'pick' and t.status <> 'cancelled')
          as units_allocated,
        (select coalesce(sum(pto.quantity_picked), 0) from pick_task_orders pto join pick_tasks t on t.id = pto.task_id
          where pto.order_id = o.id and t.wave_id = wo.wave_id and t.kind = 'pick') as units_picked
      from wave_orders wo join orders o on o.id = wo.order_id join accounts a on a.id = o.account_id
      where wo.wave_id = ${waveId} order by wo.position, wo.order_id`,
  );
  return rows.map((r) => ({
    orderId: num(r.order_id),
    orderNumber: String(r.order_number),
    accountId: num(r.account_id),
    accountName: String(r.account_name),
    customerName: String(r.customer_name),
    shipDate: strOrNull(r.ship_date),
    priority: String(r.priority),
    state: String(r.state),
    tote: strOrNull(r.tote),
    position: num(r.position),
    units: num(r.units),
    unitsAllocated: num(r.units_allocated),
    unitsPicked: num(r.units_picked),
  }));
}

/** Which of a wave's tasks a picking answer carries: some by id, and every one from a place in the route on. */
export interface TaskFilter {
  ids: readonly number[];
  fromSequence?: number;
}

const taskFilter = (filter: TaskFilter | undefined): SQL =>
  filter
    ? sql`and (t.id = any(${idArray(filter.ids)})${filter.fromSequence === undefined ? sql`` : sql` or t.sequence >= ${filter.fromSequence}`})`
    : sql``;

const taskColumns = sql`t.id, t.kind, t.sequence, t.status, t.location_id, l.code as location_code,
  l.type as location_type, l.zone as location_zone, t.product_id, p.sku, p.name as product_name, p.barcode,
  t.inventory_id, t.lot_id, lot.lot_code, to_char(lot.expiry_date, 'YYYY-MM-DD') as expiry_date, t.quantity,
  t.quantity_picked, t.allocation_rule, t.lot_rule, t.reason, t.assignee_id, u.name as assignee_name, t.picked_at,
  t.short_reason`;
const taskFrom = sql`pick_tasks t join locations l on l.id = t.location_id join products p on p.id = t.product_id
  left join inventory_lots lot on lot.id = t.lot_id left join users u on u.id = t.assignee_id`;

const toTaskRow = (r: Row) => ({
  id: num(r.id),
  kind: String(r.kind),
  sequence: num(r.sequence),
  status: String(r.status),
  locationId: num(r.location_id),
  locationCode: String(r.location_code),
  locationType: String(r.location_type),
  locationZone: String(r.location_zone),
  productId: num(r.product_id),
  sku: String(r.sku),
  productName: String(r.product_name),
  barcode: strOrNull(r.barcode),
  inventoryId: num(r.inventory_id),
  lotId: numOrNull(r.lot_id),
  lotCode: strOrNull(r.lot_code),
  expiryDate: strOrNull(r.expiry_date),
  quantity: num(r.quantity),
  quantityPicked: num(r.quantity_picked),
  allocationRule: String(r.allocation_rule),
  lotRule: strOrNull(r.lot_rule),
  reason: String(r.reason),
  assigneeId: numOrNull(r.assignee_id),
  assigneeName: strOrNull(r.assignee_name),
  pickedAt: iso(r.picked_at),
  shortReason: strOrNull(r.short_reason),
});

const toTaskOrderRow = (r: Row) => ({
  taskId: num(r.task_id),
  orderId: num(r.order_id),
  orderNumber: String(r.order_number),
  orderItemId: num(r.order_item_id),
  quantity: num(r.quantity),
  quantityPicked: num(r.quantity_picked),
  tote: strOrNull(r.tote),
});

/** The wave's tasks in route order: all of them, or those `filter` names (a picking write's answer). */
export async function waveTaskRows(db: Executor, waveId: number, filter?: TaskFilter) {
  const rows = await rowsOf(
    db,
    sql`select ${taskColumns} from ${taskFrom} where t.wave_id = ${waveId} ${taskFilter(filter)}
      order by t.sequence, t.id`,
  );
  return rows.map(toTaskRow);
}

/**
 * The wave in the caller's scope with the tasks `filter` names and their per-order breakdown, in one statement (a
 * picking write's answer: a few tasks, each with its own breakdown rows read by the task's index).
 */
export async function findWaveWithTasks(db: Executor, scope: Scope, id: number, filter: TaskFilter) {
  const [row] = await rowsOf(
    db,
    sql`select ${waveColumns},
        (select coalesce(json_agg(x order by x.sequence, x.id), '[]') from (
          select ${taskColumns},
            (select coalesce(json_agg(json_build_object('task_id', pto.task_id, 'order_id', pto.order_id,
                'order_number', o.order_number, 'order_item_id', pto.order_item_id, 'quantity', pto.quantity,
                'quantity_picked', pto.quantity_picked, 'tote', pto.tote) order by pto.id), '[]')
              from pick_task_orders pto join orders o on o.id = pto.order_id where pto.task_id = t.id) as task_orders
          from ${taskFrom} where t.wave_id = w.id ${taskFilter(filter)}) x) as changed_tasks
      from ${waveFrom} where w.id = ${id} and ${waveScopeCondition(scope)}`,
  );
  if (!row) return undefined;
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Row[];
  const tasks = parse(row.changed_tasks);
  return {
    wave: toWave(row),
    tasks: tasks.map(toTaskRow),
    taskOrders: tasks.flatMap((t) => parse(t.task_orders).map(toTaskOrderRow)),
  };
}

export async function waveTaskOrderRows(db: Executor, waveId: number, filter?: TaskFilter) {
  const rows = await rowsOf(
    db,
    sql`select pto.task_id, pto.order_id, o.order_number, pto.order_item_id, pto.quantity, pto.quantity_picked, pto.tote
      from pick_task_orders pto join pick_tasks t on t.id = pto.task_id join orders o on o.id = pto.order_id
      where t.wave_id = ${waveId} ${taskFilter(filter)} order by pto.task_id, pto.id`,
  );
  return rows.map(toTaskOrderRow);
}

/** The wave's open pick tasks: the units they hold allocated. */
export async function openPickTasks(tx: Executor, waveId: number) {
  const rows = await rowsOf(
    tx,
    sql`select id, inventory_id, location_id, lot_id, quantity - quantity_picked as quantity from pick_tasks
      where wave_id = ${waveId} and kind = 'pick' and status in ('open', 'skipped') order by id for update`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    inventoryId: num(r.inventory_id),
    locationId: num(r.location_id),
    lotId: numOrNull(r.lot_id),
    quantity: num(r.quantity),
  }));
}

export interface PickedUnits {
  inventoryId: number;
  productId: number;
  locationId: number;
  lotId: number | null;
  quantity: number;
}

/**
 * Units of the wave already picked (on a cart) for its live orders, per place they came from: what a cancel must put
 * back. An order removed from the wave earlier had its picked units given put-back tasks then, so it is left out.
 */
export async function pickedUnits(tx: Executor, waveId: number): Promise<PickedUnits[]> {
  const rows = await rowsOf(
    tx,
    sql`select t.inventory_id, t.product_id, t.location_id, t.lot_id, sum(pto.quantity_picked)::int as quantity
      from pick_tasks t join pick_task_orders pto on pto.task_id = t.id
      join wave_orders wo on wo.wave_id = t.wave_id and wo.order_id = pto.order_id
      where t.wave_id = ${waveId} and t.kind = 'pick' and pto.quantity_picked > 0 and wo.state in ('in_wave', 'picked')
      group by t.inventory_id, t.product_id, t.location_id, t.lot_id order by t.inventory_id, t.location_id`,
  );
  return rows.map((r) => ({
    inventoryId: num(r.inventory_id),
    productId: num(r.product_id),
    locationId: num(r.location_id),
    lotId: numOrNull(r.lot_id),
    quantity: num(r.quantity),
  }));
}

export async function cancelWaveRows(tx: Executor, waveId: number, userId: number): Promise<void> {
  await tx.execute(sql`update pick_tasks set status = 'cancelled', updated_at = now()
    where wave_id = ${waveId} and kind = 'pick' and status in ('open', 'skipped')`);
  await tx.execute(
    sql`update wave_orders set state = 'cancelled' where wave_id = ${waveId} and state in ('in_wave', 'picked')`,
  );
  await tx.execute(sql`update waves set status = 'cancelled', cancelled_at = now(), cancelled_by = ${userId},
    updated_at = now() where id = ${waveId}`);
}

/** The release screen's counts: open orders of the warehouse per shipper, by where they stand in picking. */
export async function releaseCounts(db: Executor, warehouseId: number, today: string) {
  const rows = await rowsOf(
    db,
    sql`select o.shipper_id, s.name as shipper_name, to_char(c.cutoff_time, 'HH24:MI') as cutoff_time,
        count(*) filter (where wo.order_id is null and not st.holds_release) as to_release,
        count(*) filter (where wo.state = 'in_wave') as released,
        count(*) filter (where wo.state = 'picked') as picked,
        count(*) filter (where wo.order_id is null and not st.holds_release and o.ship_date = ${today}::date)
          as due_today_unreleased,
        count(*) filter (where (wo.order_id is null or wo.state = 'in_wave') and o.ship_date = ${today}::date)
          as due_today_unpicked,
        count(*) filter (where (wo.order_id is null or wo.state = 'in_wave') and o.ship_date < ${today}::date)
          as overdue
      from orders o join statuses st on st.id = o.status_id
      left join wave_orders wo on wo.order_id = o.id and wo.state in ('in_wave', 'picked')
      left join shippers s on s.id = o.shipper_id
      left join shipper_warehouse_cutoffs c on c.shipper_id = o.shipper_id and c.warehouse_id = o.warehouse_id
      where o.warehouse_id = ${warehouseId} and o.lifecycle = 'open'
      group by o.shipper_id, s.name, c.cutoff_time
      order by s.name nulls last, o.shipper_id`,
  );
  return rows.map((r) => ({
    shipperId: numOrNull(r.shipper_id),
    shipperName: strOrNull(r.shipper_name),
    cutoffTime: strOrNull(r.cutoff_time),
    toRelease: num(r.to_release),
    released: num(r.released),
    picked: num(r.picked),
    dueTodayUnpicked: num(r.due_today_unpicked),
    overdue: num(r.overdue),
  }));
}

export async function shipperCutoffs(db: Executor, shipperId: number, scope: Scope) {
  const rows = await rowsOf(
    db,
    sql`select c.warehouse_id, w.name as warehouse_name, to_char(c.cutoff_time, 'HH24:MI') as cutoff_time
      from shipper_warehouse_cutoffs c join warehouses w on w.id = c.warehouse_id
      where c.shipper_id = ${shipperId} and ${scope.kind === 'all' ? sql`true` : sql`c.warehouse_id = any(${idArray(scope.warehouseIds)})`}
      order by w.name, w.id`,
  );
  return rows.map((r) => ({
    warehouse_id: num(r.warehouse_id),
    warehouse_name: String(r.warehouse_name),
    cutoff_time: String(r.cutoff_time),
  }));
}

/** Replaces the shipper's cut-offs in the given warehouses (the caller's scope): others are left as they are. */
export async function replaceShipperCutoffs(
  tx: Executor,
  shipperId: number,
  warehouseIds: readonly number[] | null,
  cutoffs: readonly { warehouse_id: number; cutoff_time: string }[],
): Promise<void> {
  await tx.execute(sql`delete from shipper_warehouse_cutoffs where shipper_id = ${shipperId}
    ${warehouseIds === null ? sql`` : sql`and warehouse_id = any(${idArray(warehouseIds)})`}`);
  await insertJsonRows(
    tx,
    'shipper_warehouse_cutoffs',
    [
      ['shipper_id', 'int'],
      ['warehouse_id', 'int'],
      ['cutoff_time', 'time'],
    ],
    cutoffs.map((c) => ({ shipper_id: shipperId, warehouse_id: c.warehouse_id, cutoff_time: c.cutoff_time })),
  );
}

export async function shipperExists(db: Executor, shipperId: number): Promise<boolean> {
  const [row] = await rowsOf(db, sql`select 1 as one from shippers where id = ${shipperId}`);
  return row !== undefined;
}
