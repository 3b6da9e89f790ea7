import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { idArray } from '../../../db/id-array';

/** The SQL of replenishment: pick faces, the report's candidates (one statement), and replenishment tasks. */

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Replenishment is warehouse work: staff reach their warehouses; account-scoped callers nothing. */
export function warehouseWork(scope: Scope, column: SQL): SQL {
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

export interface InventoryFacts {
  id: number;
  warehouseId: number;
  accountId: number;
  productId: number;
  sku: string;
}

/** The inventory row in scope, locked for a change of its pick faces (one PUT at a time per row). */
export async function findInventory(db: Executor, scope: Scope, id: number, lock: boolean) {
  const rows = await rowsOf(
    db,
    sql`select i.id, i.warehouse_id, i.account_id, i.product_id, p.sku from inventories i
      join products p on p.id = i.product_id
      where i.id = ${id} and ${warehouseWork(scope, sql`i.warehouse_id`)}
      ${lock ? sql`for update of i` : sql``}`,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: num(r.id),
    warehouseId: num(r.warehouse_id),
    accountId: num(r.account_id),
    productId: num(r.product_id),
    sku: String(r.sku),
  } satisfies InventoryFacts;
}

/** Which of these ids are pick locations of the warehouse. */
export async function pickLocationIds(db: Executor, warehouseId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf(
    db,
    sql`select id from locations where id = any(${idArray(ids)}) and warehouse_id = ${warehouseId} and type = 'pick'`,
  );
  return new Set(rows.map((r) => num(r.id)));
}

/** The pick faces of the row being removed (not in `keep`) that have a live task: they may not go. */
export async function removedFacesWithLiveTask(tx: Executor, inventoryId: number, keep: readonly number[]) {
  const rows = await rowsOf(
    tx,
    sql`select l.code from pick_faces pf join locations l on l.id = pf.location_id
      where pf.inventory_id = ${inventoryId} and not (pf.location_id = any(${idArray(keep)}))
        and exists (select 1 from replenishment_tasks t where t.pick_face_id = pf.id
          and t.status in ('open', 'in_progress'))`,
  );
  return rows.map((r) => String(r.code));
}

export interface FaceSetting {
  locationId: number;
  min: number;
  max: number;
  increment: number;
}

/** Replaces the row's pick faces: those not named go, the named ones are inserted or updated (ids kept). */
export async function replaceFaces(tx: Executor, inventory: InventoryFacts, faces: readonly FaceSetting[]) {
  await tx.execute(sql`delete from pick_faces where inventory_id = ${inventory.id}
    and not (location_id = any(${idArray(faces.map((f) => f.locationId))}))`);
  if (faces.length === 0) return;
  const json = JSON.stringify(
    faces.map((f) => ({ location_id: f.locationId, min: f.min, max: f.max, increment: f.increment })),
  );
  await tx.execute(sql`insert into pick_faces (warehouse_id, inventory_id, location_id, min_quantity, max_quantity,
      increment)
    select ${inventory.warehouseId}, ${inventory.id}, d.location_id, d.min, d.max, d.increment
    from jsonb_to_recordset(${json}::jsonb) as d(location_id int, min int, max int, increment int)
    on conflict (inventory_id, location_id) do update set min_quantity = excluded.min_quantity,
      max_quantity = excluded.max_quantity, increment = excluded.increment, updated_at = now()`);
}

export interface FaceRow {
  id: number;
  inventoryId: number;
  warehouseId: number;
  locationId: number;
  locationCode: string;
  productId: number;
  sku: string;
  productName: string;
  barcode: string | null;
  accountId: number;
  min: number;
  max: number;
  increment: number;
  quantity: number;
  allocated: number;
}

// A face with what its location holds of the row (every lot) and how much of that open pick tasks hold.
const faceSelect = sql`select pf.id, pf.inventory_id, pf.warehouse_id, pf.location_id, l.code as location_code,
    p.id as product_id, p.sku, p.name as product_name, p.barcode, i.account_id, pf.min_quantity, pf.max_quantity, pf.increment,
    p.track_expiry, p.track_lots,
    coalesce(fs.quantity, 0) as quantity, coalesce(fs.allocated, 0) as allocated
  from pick_faces pf
  join locations l on l.id = pf.location_id
  join inventories i on i.id = pf.inventory_id
  join products p on p.id = i.product_id
  left join lateral (select sum(ls.quantity)::int as quantity, sum(ls.quantity_allocated)::int as allocated
    from location_stock ls where ls.inventory_id = pf.inventory_id and ls.location_id = pf.location_id) fs on true`;

const toFace = (r: Row): FaceRow => ({
  id: num(r.id),
  inventoryId: num(r.inventory_id),
  warehouseId: num(r.warehouse_id),
  locationId: num(r.location_id),
  locationCode: String(r.location_code),
  productId: num(r.product_id),
  sku: String(r.sku),
  productName: String(r.product_name),
  barcode: strOrNull(r.barcode),
  accountId: num(r.account_id),
  min: num(r.min_quantity),
  max: num(r.max_quantity),
  increment: num(r.increment),
  quantity: num(r.quantity),
  allocated: num(r.allocated),
});

export async function facesOfInventory(db: Executor, inventoryId: number): Promise<FaceRow[]> {
  return (await rowsOf(db, sql`${faceSelect} where pf.inventory_id = ${inventoryId} order by l.sort_key, pf.id`)).map(
    toFace,
  );
}

export async function facesOfWarehouse(db: Executor, warehouseId: number, page: number, perPage: number) {
  const [count] = await rowsOf(db, sql`select count(*)::int as n from pick_faces where warehouse_id = ${warehouseId}`);
  const rows = await rowsOf(
    db,
    sql`${faceSelect} where pf.warehouse_id = ${warehouseId} order by pf.id
      limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { total: num(count!.n), rows: rows.map(toFace) };
}

export interface CandidateRow extends FaceRow {
  tracking: 'expiry' | 'lot' | 'none';
  waveDemand: number;
  storageFree: number;
  openTaskId: number | null;
}

/**
 * The report's candidates in one statement: the warehouse's pick faces whose free units are below min, or whose
 * row has open pick tasks of a released wave reaching into storage or receiving (the face was short at release),
 * with what storage holds free and the face's live task.
 */
export async function replenishmentCandidates(
  db: Executor,
  warehouseId: number,
  faceIds?: readonly number[],
): Promise<CandidateRow[]> {
  const rows = await rowsOf(
    db,
    sql`select * from (
      select f.*,
        (select coalesce(sum(pt.quantity - pt.quantity_picked), 0)::int from pick_tasks pt
          join waves w on w.id = pt.wave_id
          where pt.inventory_id = f.inventory_id and pt.status = 'open' and pt.kind = 'pick'
            and pt.allocation_rule in ('storage', 'receiving') and w.status in ('open', 'picking')) as wave_demand,
        (select coalesce(sum(ls.quantity - ls.quantity_allocated), 0)::int from location_stock ls
          join locations sl on sl.id = ls.location_id
          where ls.inventory_id = f.inventory_id and sl.type = 'storage' and sl.is_active
            and sl.hospital_since is null) as storage_free,
        (select t.id from replenishment_tasks t where t.pick_face_id = f.id
          and t.status in ('open', 'in_progress')) as open_task_id
      from (${faceSelect} where pf.warehouse_id = ${warehouseId}
        ${faceIds ? sql`and pf.id = any(${idArray(faceIds)})` : sql``}) f
    ) c where c.quantity - c.allocated < c.min_quantity or c.wave_demand > 0
    order by c.location_code, c.id`,
  );
  return rows.map((r) => ({
    ...toFace(r),
    tracking: r.track_expiry ? 'expiry' : r.track_lots ? 'lot' : 'none',
    waveDemand: num(r.wave_demand),
    storageFree: num(r.storage_free),
    openTaskId: numOrNull(r.open_task_id),
  }));
}

/** Active warehouses with pick faces (the background worker's rounds). */
export async function warehousesWithFaces(db: Executor): Promise<number[]> {
  const rows = await rowsOf(
    db,
    sql`select w.id from warehouses w where w.is_active
      and exists (select 1 from pick_faces pf where pf.warehouse_id = w.id) order by w.id`,
  );
  return rows.map((r) => num(r.id));
}

export interface NewTask {
  warehouseId: number;
  pickFaceId: number;
  inventoryId: number;
  lotId: number | null;
  sourceLocationId: number;
  targetLocationId: number;
  quantity: number;
  urgent: boolean;
  reason: string;
  createdBy: number | null;
}

/** Inserts the task unless the face already has a live one (the partial unique index decides): its id or null. */
export async function insertTask(tx: Executor, task: NewTask): Promise<number | null> {
  const rows = await rowsOf(
    tx,
    sql`insert into replenishment_tasks (warehouse_id, pick_face_id, inventory_id, lot_id, source_location_id,
        target_location_id, quantity, urgent, reason, created_by)
      values (${task.warehouseId}, ${task.pickFaceId}, ${task.inventoryId}, ${task.lotId}, ${task.sourceLocationId},
        ${task.targetLocationId}, ${task.quantity}, ${task.urgent}, ${task.reason}, ${task.createdBy})
      on conflict (pick_face_id) where status in ('open', 'in_progress') do nothing returning id`,
  );
  return rows[0] ? num(rows[0].id) : null;
}

export interface TaskRow {
  id: number;
  warehouseId: number;
  pickFaceId: number | null;
  inventoryId: number;
  accountId: number;
  productId: number;
  sku: string;
  productName: string;
  barcode: string | null;
  lotId: number | null;
  lotCode: string | null;
  expiryDate: string | null;
  sourceLocationId: number;
  sourceCode: string;
  targetLocationId: number;
  targetCode: string;
  quantity: number;
  quantityMoved: number;
  status: string;
  urgent: boolean;
  short: boolean;
  reason: string;
  assigneeId: number | null;
  assigneeName: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

const taskSelect = sql`select t.*, i.account_id, p.id as product_id, p.sku, p.name as product_name, p.barcode,
    lot.lot_code, to_char(lot.expiry_date, 'YYYY-MM-DD') as expiry_date,
    sl.code as source_code, tl.code as target_code, u.name as assignee_name
  from replenishment_tasks t
  join inventories i on i.id = t.inventory_id
  join products p on p.id = i.product_id
  join locations sl on sl.id = t.source_location_id
  join locations tl on tl.id = t.target_location_id
  left join inventory_lots lot on lot.id = t.lot_id
  left join users u on u.id = t.assignee_id`;

const toTask = (r: Row): TaskRow => ({
  id: num(r.id),
  warehouseId: num(r.warehouse_id),
  pickFaceId: numOrNull(r.pick_face_id),
  inventoryId: num(r.inventory_id),
  accountId: num(r.account_id),
  productId: num(r.product_id),
  sku: String(r.sku),
  productName: String(r.product_name),
  barcode: strOrNull(r.barcode),
  lotId: numOrNull(r.lot_id),
  lotCode: strOrNull(r.lot_code),
  expiryDate: strOrNull(r.expiry_date),
  sourceLocationId: num(r.source_location_id),
  sourceCode: String(r.source_code),
  targetLocationId: num(r.target_location_id),
  targetCode: String(r.target_code),
  quantity: num(r.quantity),
  quantityMoved: num(r.quantity_moved),
  status: String(r.status),
  urgent: Boolean(r.urgent),
  short: Boolean(r.short),
  reason: String(r.reason),
  assigneeId: numOrNull(r.assignee_id),
  assigneeName: strOrNull(r.assignee_name),
  createdAt: new Date(r.created_at as string).toISOString(),
  startedAt: isoOrNull(r.started_at),
  finishedAt: isoOrNull(r.finished_at),
});

export async function tasksByIds(db: Executor, ids: readonly number[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return (await rowsOf(db, sql`${taskSelect} where t.id = any(${idArray(ids)}) order by t.id`)).map(toTask);
}

/** The task in scope; `lock` holds it for a state change (one change of a task at a time). */
export async function findTask(db: Executor, scope: Scope, id: number, lock: boolean): Promise<TaskRow | undefined> {
  const rows = await rowsOf(
    db,
    sql`${taskSelect} where t.id = ${id} and ${warehouseWork(scope, sql`t.warehouse_id`)}
      ${lock ? sql`for update of t` : sql``}`,
  );
  return rows[0] ? toTask(rows[0]) : undefined;
}

/** Urgent first, then walk order of the source (the handheld's list), then age. */
export async function listTasks(
  db: Executor,
  scope: Scope,
  filter: { warehouseId?: number; status?: string; page: number; perPage: number },
) {
  const where = sql`${warehouseWork(scope, sql`t.warehouse_id`)}
    ${filter.warehouseId ? sql`and t.warehouse_id = ${filter.warehouseId}` : sql``}
    ${filter.status ? sql`and t.status = ${filter.status}` : sql``}`;
  const [count] = await rowsOf(db, sql`select count(*)::int as n from replenishment_tasks t where ${where}`);
  const rows = await rowsOf(
    db,
    sql`${taskSelect} where ${where}
      order by t.urgent desc, sl.walk_sequence nulls last, sl.sort_key, t.id
      limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
  return { total: num(count!.n), rows: rows.map(toTask) };
}

/** The atomic claim: only an open task becomes in progress, for exactly one caller. */
export async function claimTask(db: Executor, scope: Scope, id: number, userId: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update replenishment_tasks t set status = 'in_progress', assignee_id = ${userId}, started_at = now(),
        updated_at = now()
      where t.id = ${id} and t.status = 'open' and ${warehouseWork(scope, sql`t.warehouse_id`)} returning t.id`,
  );
  return rows.length === 1;
}

export async function finishTask(
  tx: Executor,
  id: number,
  change: { status: 'done' | 'cancelled'; quantityMoved: number; short: boolean; userId: number },
): Promise<void> {
  await tx.execute(sql`update replenishment_tasks set status = ${change.status}, quantity_moved = ${change.quantityMoved},
      short = ${change.short}, finished_at = now(), updated_at = now(),
      assignee_id = coalesce(assignee_id, ${change.userId})
    where id = ${id}`);
}

/** A lot of the product by code (a scanned lot). */
export async function lotIdOfProduct(db: Executor, productId: number, code: string): Promise<number | null> {
  const rows = await rowsOf(
    db,
    sql`select id from inventory_lots where product_id = ${productId} and lower(lot_code) = lower(${code})`,
  );
  return rows[0] ? num(rows[0].id) : null;
}

/** A transaction-level advisory lock, if free now (released at commit or rollback). */
export async function tryTransactionLock(tx: Executor, key: number): Promise<boolean> {
  const rows = await rowsOf(tx, sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return Boolean(rows[0]?.ok);
}

/** The dashboard card's counts in one statement: live tasks, and pick faces whose free units are below min. */
export async function summaryCounts(db: Executor, scope: Scope, warehouseId: number | undefined) {
  const one = (column: SQL) => (warehouseId ? sql`and ${column} = ${warehouseId}` : sql``);
  const [row] = await rowsOf(
    db,
    sql`select
      (select count(*) from replenishment_tasks t where t.status = 'open'
        and ${warehouseWork(scope, sql`t.warehouse_id`)} ${one(sql`t.warehouse_id`)})::int as open_tasks,
      (select count(*) from replenishment_tasks t where t.status = 'in_progress'
        and ${warehouseWork(scope, sql`t.warehouse_id`)} ${one(sql`t.warehouse_id`)})::int as in_progress_tasks,
      (select count(*) from replenishment_tasks t where t.status in ('open', 'in_progress') and t.urgent
        and ${warehouseWork(scope, sql`t.warehouse_id`)} ${one(sql`t.warehouse_id`)})::int as urgent_tasks,
      (select count(*) from pick_faces pf
        left join lateral (select sum(ls.quantity - ls.quantity_allocated)::int as free from location_stock ls
          where ls.inventory_id = pf.inventory_id and ls.location_id = pf.location_id) fs on true
        where coalesce(fs.free, 0) < pf.min_quantity
          and ${warehouseWork(scope, sql`pf.warehouse_id`)} ${one(sql`pf.warehouse_id`)})::int as faces_below_min`,
  );
  return {
    open_tasks: num(row!.open_tasks),
    in_progress_tasks: num(row!.in_progress_tasks),
    urgent_tasks: num(row!.urgent_tasks),
    faces_below_min: num(row!.faces_below_min),
  };
}

/** A text list bound as one jsonb parameter, unpacked in SQL (codes may hold commas or braces). */
const textList = (values: readonly string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The warehouse's inventory rows of these SKUs (any case), with their account: what an import row names. */
export async function inventoriesOfSkus(db: Executor, warehouseId: number, skus: readonly string[]) {
  if (skus.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select i.id, p.sku, a.name as account_name from inventories i
      join products p on p.id = i.product_id
      join accounts a on a.id = i.account_id
      where i.warehouse_id = ${warehouseId} and lower(p.sku) in ${textList(skus.map((s) => s.toLowerCase()))}`,
  );
  return rows.map((r) => ({ inventoryId: num(r.id), sku: String(r.sku), accountName: String(r.account_name) }));
}

/** The warehouse's pick locations with these codes (any case), by lower-cased code. */
export async function pickLocationsByCode(db: Executor, warehouseId: number, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, number>();
  const rows = await rowsOf(
    db,
    sql`select id, code from locations where warehouse_id = ${warehouseId} and type = 'pick'
      and lower(code) in ${textList(codes.map((c) => c.toLowerCase()))}`,
  );
  return new Map(rows.map((r) => [String(r.code).toLowerCase(), num(r.id)] as const));
}

export interface ImportedFace extends FaceSetting {
  inventoryId: number;
}

/**
 * The import's faces inserted or updated (ids kept), faces not named untouched. The rows are locked first, as a
 * PUT locks its row, so an import and a PUT of the same row do not interleave.
 */
export async function upsertFaces(tx: Executor, warehouseId: number, faces: readonly ImportedFace[]) {
  const inventoryIds = [...new Set(faces.map((f) => f.inventoryId))].sort((a, b) => a - b);
  await tx.execute(sql`select id from inventories where id = any(${idArray(inventoryIds)}) order by id for update`);
  const json = JSON.stringify(
    faces.map((f) => ({
      inventory_id: f.inventoryId,
      location_id: f.locationId,
      min: f.min,
      max: f.max,
      increment: f.increment,
    })),
  );
  await tx.execute(sql`insert into pick_faces (warehouse_id, inventory_id, location_id, min_quantity, max_quantity,
      increment)
    select ${warehouseId}, d.inventory_id, d.location_id, d.min, d.max, d.increment
    from jsonb_to_recordset(${json}::jsonb) as d(inventory_id int, location_id int, min int, max int, increment int)
    on conflict (inventory_id, location_id) do update set min_quantity = excluded.min_quantity,
      max_quantity = excluded.max_quantity, increment = excluded.increment, updated_at = now()`);
}

/** Every pick face of the warehouse for the spreadsheet, in location order. */
export async function facesForExport(db: Executor, warehouseId: number) {
  const rows = await rowsOf(
    db,
    sql`select p.sku, a.name as account_name, l.code, pf.min_quantity, pf.max_quantity, pf.increment
      from pick_faces pf
      join locations l on l.id = pf.location_id
      join inventories i on i.id = pf.inventory_id
      join products p on p.id = i.product_id
      join accounts a on a.id = i.account_id
      where pf.warehouse_id = ${warehouseId}
      order by l.sort_key, p.sku, pf.id`,
  );
  return rows.map((r) => [
    String(r.sku),
    String(r.account_name),
    String(r.code),
    num(r.min_quantity),
    num(r.max_quantity),
    num(r.increment),
  ]);
}
