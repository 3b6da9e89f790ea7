import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { idArray } from '../../../db/id-array';

/** The SQL of kit work orders: the kit and its bill of materials, the orders, their lines and allocations. */

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Kit work orders are warehouse work: staff reach their warehouses; account-scoped callers nothing. */
function warehouseWork(scope: Scope, column: SQL): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'accounts') return sql`false`;
  return sql`${column} = any(${idArray(scope.warehouseIds)})`;
}

export async function warehouseInScope(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select id from warehouses w where id = ${id} and ${warehouseWork(scope, sql`w.id`)}`,
  );
  return rows.length === 1;
}

export interface ProductFacts {
  id: number;
  sku: string;
  name: string;
  kind: string;
  accountId: number;
  /** Lots or expiry dates are recorded for it. */
  tracking: 'expiry' | 'lot' | 'none';
}

const productFacts = (r: Row): ProductFacts => ({
  id: num(r.id),
  sku: String(r.sku),
  name: String(r.name),
  kind: String(r.kind),
  accountId: num(r.account_id),
  tracking: r.track_expiry ? 'expiry' : r.track_lots ? 'lot' : 'none',
});

export async function productById(db: Executor, id: number): Promise<ProductFacts | undefined> {
  const rows = await rowsOf(
    db,
    sql`select id, sku, name, kind, account_id, track_lots, track_expiry from products where id = ${id}`,
  );
  return rows[0] ? productFacts(rows[0]) : undefined;
}

/** The kit's components with their units per kit, read FOR SHARE (a concurrent edit of the list waits). */
export async function componentsOf(db: Executor, kitId: number): Promise<(ProductFacts & { perKit: number })[]> {
  const rows = await rowsOf(
    db,
    sql`select p.id, p.sku, p.name, p.kind, p.account_id, p.track_lots, p.track_expiry, c.quantity as per_kit
      from kit_components c join products p on p.id = c.component_product_id
      where c.kit_product_id = ${kitId} order by p.sku, p.id for share of c`,
  );
  return rows.map((r) => ({ ...productFacts(r), perKit: num(r.per_kit) }));
}

/** What each row may still give: on hand − reserved − quarantined (read under the rows' locks). */
export async function availableOf(tx: Executor, inventoryIds: readonly number[]): Promise<Map<number, number>> {
  if (inventoryIds.length === 0) return new Map();
  const rows = await rowsOf(
    tx,
    sql`select id, quantity_on_hand - quantity_reserved - quantity_quarantined as available from inventories
      where id = any(${idArray(inventoryIds)})`,
  );
  return new Map(rows.map((r) => [num(r.id), Math.max(0, num(r.available))]));
}

/** The next work order id, so its number (KWO-000123) is written with the row. */
export async function nextWorkOrderId(tx: Executor): Promise<number> {
  const [row] = await rowsOf(tx, sql`select nextval(pg_get_serial_sequence('kit_work_orders', 'id')) as id`);
  return num(row!.id);
}

export interface NewWorkOrder {
  id: number;
  number: string;
  kind: string;
  kitProductId: number;
  warehouseId: number;
  accountId: number;
  quantity: number;
  targetLocationId: number;
  createdBy: number | null;
  lines: readonly { productId: number; perKit: number }[];
  allocations: readonly {
    productId: number;
    inventoryId: number;
    locationId: number;
    lotId: number | null;
    quantity: number;
    reason: string;
  }[];
}

/** The order, its bill of materials and its allocations: three statements. */
export async function insertWorkOrder(tx: Executor, order: NewWorkOrder): Promise<void> {
  await tx.execute(sql`insert into kit_work_orders
    (id, number, kind, kit_product_id, warehouse_id, account_id, quantity, target_location_id, created_by)
    values (${order.id}, ${order.number}, ${order.kind}, ${order.kitProductId}, ${order.warehouseId},
      ${order.accountId}, ${order.quantity}, ${order.targetLocationId}, ${order.createdBy})`);
  const lines = JSON.stringify(order.lines.map((l) => ({ product_id: l.productId, per_kit: l.perKit })));
  await tx.execute(sql`insert into kit_work_order_lines (work_order_id, product_id, per_kit)
    select ${order.id}, d.product_id, d.per_kit
    from jsonb_to_recordset(${lines}::jsonb) as d(product_id int, per_kit int)`);
  const parts = JSON.stringify(
    order.allocations.map((a) => ({
      product_id: a.productId,
      inventory_id: a.inventoryId,
      location_id: a.locationId,
      lot_id: a.lotId,
      quantity: a.quantity,
      reason: a.reason,
    })),
  );
  await tx.execute(sql`insert into kit_work_order_allocations
      (work_order_id, product_id, inventory_id, location_id, lot_id, quantity, reason)
    select ${order.id}, d.product_id, d.inventory_id, d.location_id, d.lot_id, d.quantity, d.reason
    from jsonb_to_recordset(${parts}::jsonb)
      as d(product_id int, inventory_id int, location_id int, lot_id int, quantity int, reason text)
    order by d.inventory_id, d.location_id`);
}

export interface WorkOrderRow {
  id: number;
  number: string;
  kind: 'build' | 'disassemble';
  status: 'open' | 'completed' | 'cancelled';
  kitProductId: number;
  kitSku: string;
  kitName: string;
  kitTracking: 'expiry' | 'lot' | 'none';
  warehouseId: number;
  warehouseName: string;
  accountId: number;
  accountName: string;
  quantity: number;
  targetLocationId: number;
  targetCode: string;
  kitLotId: number | null;
  kitLotCode: string | null;
  kitLotExpiry: string | null;
  createdBy: string | null;
  completedBy: string | null;
  createdAt: string;
  completedAt: string | null;
  cancelledAt: string | null;
}

const orderSelect = sql`select o.id, o.number, o.kind, o.status, o.kit_product_id, p.sku, p.name as kit_name,
    p.track_lots, p.track_expiry, o.warehouse_id, w.name as warehouse_name, o.account_id, a.name as account_name,
    o.quantity, o.target_location_id, l.code as target_code, o.kit_lot_id, lot.lot_code,
    to_char(lot.expiry_date, 'YYYY-MM-DD') as lot_expiry, cu.name as created_by_name, du.name as completed_by_name,
    o.created_at, o.completed_at, o.cancelled_at
  from kit_work_orders o
  join products p on p.id = o.kit_product_id
  join warehouses w on w.id = o.warehouse_id
  join accounts a on a.id = o.account_id
  join locations l on l.id = o.target_location_id
  left join inventory_lots lot on lot.id = o.kit_lot_id
  left join users cu on cu.id = o.created_by
  left join users du on du.id = o.completed_by`;

const toOrder = (r: Row): WorkOrderRow => ({
  id: num(r.id),
  number: String(r.number),
  kind: r.kind as WorkOrderRow['kind'],
  status: r.status as WorkOrderRow['status'],
  kitProductId: num(r.kit_product_id),
  kitSku: String(r.sku),
  kitName: String(r.kit_name),
  kitTracking: r.track_expiry ? 'expiry' : r.track_lots ? 'lot' : 'none',
  warehouseId: num(r.warehouse_id),
  warehouseName: String(r.warehouse_name),
  accountId: num(r.account_id),
  accountName: String(r.account_name),
  quantity: num(r.quantity),
  targetLocationId: num(r.target_location_id),
  targetCode: String(r.target_code),
  kitLotId: numOrNull(r.kit_lot_id),
  kitLotCode: strOrNull(r.lot_code),
  kitLotExpiry: strOrNull(r.lot_expiry),
  createdBy: strOrNull(r.created_by_name),
  completedBy: strOrNull(r.completed_by_name),
  createdAt: new Date(r.created_at as string).toISOString(),
  completedAt: isoOrNull(r.completed_at),
  cancelledAt: isoOrNull(r.cancelled_at),
});

/** One order within the caller's warehouses; with `lock`, FOR UPDATE (complete and cancel run one at a time). */
export async function findWorkOrder(
  db: Executor,
  scope: Scope,
  id: number,
  lock: boolean,
): Promise<WorkOrderRow | undefined> {
  if (lock) {
    const locked = await rowsOf(
      db,
      sql`select id from kit_work_orders o where o.id = ${id} and ${warehouseWork(scope, sql`o.warehouse_id`)}
        for update`,
    );
    if (locked.length === 0) return undefined;
  }
  const rows = await rowsOf(
    db,
    sql`${orderSelect} where o.id = ${id} and ${warehouseWork(scope, sql`o.warehouse_id`)}`,
  );
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/** Newest first; each filter has an index ending in the id. */
export async function listWorkOrders(
  db: Executor,
  scope: Scope,
  filter: {
    status?: string;
    warehouseId?: number;
    accountId?: number;
    kitProductId?: number;
    page: number;
    perPage: number;
  },
) {
  const where = sql`${warehouseWork(scope, sql`o.warehouse_id`)}
    ${filter.status ? sql`and o.status = ${filter.status}` : sql``}
    ${filter.warehouseId ? sql`and o.warehouse_id = ${filter.warehouseId}` : sql``}
    ${filter.accountId ? sql`and o.account_id = ${filter.accountId}` : sql``}
    ${filter.kitProductId ? sql`and o.kit_product_id = ${filter.kitProductId}` : sql``}`;
  const [count] = await rowsOf(db, sql`select count(*)::int as n from kit_work_orders o where ${where}`);
  const rows = await rowsOf(
    db,
    sql`${orderSelect} where ${where} order by o.id desc
      limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
  return { total: num(count!.n), rows: rows.map(toOrder) };
}

export interface LineRow {
  productId: number;
  sku: string;
  name: string;
  perKit: number;
}

export async function linesOf(db: Executor, orderId: number): Promise<LineRow[]> {
  const rows = await rowsOf(
    db,
    sql`select l.product_id, p.sku, p.name, l.per_kit from kit_work_order_lines l
      join products p on p.id = l.product_id where l.work_order_id = ${orderId} order by p.sku, p.id`,
  );
  return rows.map((r) => ({
    productId: num(r.product_id),
    sku: String(r.sku),
    name: String(r.name),
    perKit: num(r.per_kit),
  }));
}

export interface AllocationRow {
  productId: number;
  sku: string;
  name: string;
  inventoryId: number;
  locationId: number;
  locationCode: string;
  lotId: number | null;
  lotCode: string | null;
  expiryDate: string | null;
  quantity: number;
  reason: string;
}

/** The pick list: in walk order of the locations. */
export async function allocationsOf(db: Executor, orderId: number): Promise<AllocationRow[]> {
  const rows = await rowsOf(
    db,
    sql`select a.product_id, p.sku, p.name, a.inventory_id, a.location_id, l.code, a.lot_id, lot.lot_code,
        to_char(lot.expiry_date, 'YYYY-MM-DD') as expiry_date, a.quantity, a.reason
      from kit_work_order_allocations a
      join products p on p.id = a.product_id
      join locations l on l.id = a.location_id
      left join inventory_lots lot on lot.id = a.lot_id
      where a.work_order_id = ${orderId}
      order by l.walk_sequence nulls last, l.sort_key, l.id, p.sku, a.id`,
  );
  return rows.map((r) => ({
    productId: num(r.product_id),
    sku: String(r.sku),
    name: String(r.name),
    inventoryId: num(r.inventory_id),
    locationId: num(r.location_id),
    locationCode: String(r.code),
    lotId: numOrNull(r.lot_id),
    lotCode: strOrNull(r.lot_code),
    expiryDate: strOrNull(r.expiry_date),
    quantity: num(r.quantity),
    reason: String(r.reason),
  }));
}

export async function finishWorkOrder(
  tx: Executor,
  id: number,
  change: { status: 'completed' | 'cancelled'; userId: number | null; kitLotId?: number | null },
): Promise<void> {
  if (change.status === 'completed') {
    await tx.execute(sql`update kit_work_orders set status = 'completed', completed_by = ${change.userId},
      completed_at = now(), kit_lot_id = ${change.kitLotId ?? null} where id = ${id}`);
  } else {
    await tx.execute(sql`update kit_work_orders set status = 'cancelled', cancelled_by = ${change.userId},
      cancelled_at = now() where id = ${id}`);
  }
}
