import type { Warehouse, WarehouseSummary } from '@wms/contract/entities';
import { CUSTOM_CARTON_TYPE_NAME } from '@wms/contract/packing';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { warehouseCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { pageOffset } from '../../../db/paging';
import { qualified } from '../../../db/qualified';
import { accountWarehouses } from '../../../db/schema/accounts';
import { users } from '../../../db/schema/users';
import { warehouses, warehouseUsers } from '../../../db/schema/warehouses';
import { containsPattern, type Page, type PageRequest, toPage } from '../../../http/pagination';

export type WarehouseListItem = Warehouse & { users_count: number; users?: { id: number; name: string }[] };

export interface WarehouseListFilter extends PageRequest {
  search?: string;
  is_active?: boolean;
}

const usersCount = sql<number>`(select count(*)::int from warehouse_users wu where wu.warehouse_id = ${qualified(warehouses.id)})`;
/** Names of the assigned users, for the list's Assigned Users column (only for callers who may view users). */
const assignedUsers = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name, u.id)
  from warehouse_users wu join users u on u.id = wu.user_id
  where wu.warehouse_id = ${qualified(warehouses.id)}), '[]'::json)`;

export function toWarehouseView(w: typeof warehouses.$inferSelect): Warehouse {
  return {
    id: w.id,
    name: w.name,
    code: w.code,
    address: w.address,
    city: w.city,
    state: w.state,
    zip_code: w.zipCode,
    country: w.country,
    phone: w.phone,
    email: w.email,
    manager_name: w.managerName,
    is_active: w.isActive,
    notes: w.notes,
    timezone: w.timezone,
    aisle_spacing_cm: w.aisleSpacingCm,
    rack_spacing_cm: w.rackSpacingCm,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export async function listWarehouses(
  db: Executor,
  scope: Scope,
  filter: WarehouseListFilter,
  options: { withUserNames: boolean },
): Promise<Page<WarehouseListItem>> {
  const conditions: (SQL | undefined)[] = [warehouseCondition(scope, warehouses.id)];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(warehouses.name, pattern), ilike(warehouses.code, pattern), ilike(warehouses.city, pattern)),
    );
  }
  if (filter.is_active !== undefined) conditions.push(eq(warehouses.isActive, filter.is_active));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ warehouse: warehouses, usersCount, users: options.withUserNames ? assignedUsers : sql<null>`null` })
      .from(warehouses)
      .where(where)
      .orderBy(asc(warehouses.name), asc(warehouses.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db.select({ total: count() }).from(warehouses).where(where),
  ]);
  const data = rows.map((row) => ({
    ...toWarehouseView(row.warehouse),
    users_count: Number(row.usersCount),
    ...(row.users ? { users: row.users } : {}),
  }));
  return toPage(data, totals?.total ?? 0, filter);
}

export async function listActiveWarehouses(db: Executor, scope: Scope): Promise<Warehouse[]> {
  const rows = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.isActive, true), warehouseCondition(scope, warehouses.id)))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
  return rows.map(toWarehouseView);
}

/** The public list the registration form offers: active warehouses, identifying fields only. */
export async function listPublicWarehouses(db: Executor): Promise<WarehouseSummary[]> {
  return db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      code: warehouses.code,
      city: warehouses.city,
      state: warehouses.state,
    })
    .from(warehouses)
    .where(eq(warehouses.isActive, true))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}

/** The ids among `ids` that name active warehouses. */
export async function activeWarehouseIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(inArray(warehouses.id, [...ids]), eq(warehouses.isActive, true)));
  return rows.map((row) => row.id);
}

/** Warehouse summaries in the caller's scope, optionally only those assigned to a user. */
export async function warehouseSummaries(
  db: Executor,
  scope: Scope,
  assignedTo?: { userId: number; assigned: boolean },
): Promise<WarehouseSummary[]> {
  const assignment =
    assignedTo &&
    sql`${assignedTo.assigned ? sql`` : sql`not`} exists (select 1 from warehouse_users wu
      where wu.warehouse_id = ${qualified(warehouses.id)} and wu.user_id = ${assignedTo.userId})`;
  return db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      code: warehouses.code,
      city: warehouses.city,
      state: warehouses.state,
    })
    .from(warehouses)
    .where(and(warehouseCondition(scope, warehouses.id), assignment))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}

export async function findWarehouseInScope(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), warehouseCondition(scope, warehouses.id)))
    .limit(1);
  return row;
}

/** The warehouse row locked for a change of its users, within the caller's scope (undefined outside it). */
export async function lockWarehouse(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, id), warehouseCondition(scope, warehouses.id)))
    .for('update');
  return row;
}

export async function isWarehouseCodeTaken(db: Executor, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(sql`lower(${warehouses.code}) = lower(${code})`, exceptId ? ne(warehouses.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export type WarehouseColumns = Omit<typeof warehouses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertWarehouse(db: Executor, columns: WarehouseColumns): Promise<number> {
  const [row] = await db.insert(warehouses).values(columns).returning({ id: warehouses.id });
  return row!.id;
}

/**
 * A new warehouse's Custom carton type (packing: a carton of it types its own dimensions). Written here rather than
 * through the packing module, which reaches stock and so back to warehouses; the unique index keeps it to one.
 */
export async function insertCustomCartonType(db: Executor, warehouseId: number): Promise<void> {
  await db.execute(sql`insert into carton_types (warehouse_id, name, is_custom)
    values (${warehouseId}, ${CUSTOM_CARTON_TYPE_NAME}, true) on conflict do nothing`);
}

/** The warehouse's columns, within the caller's scope; answers the rows changed (0: out of scope or gone). */
export async function updateWarehouseRow(
  db: Executor,
  scope: Scope,
  id: number,
  columns: Partial<WarehouseColumns>,
): Promise<number> {
  const updated = await db
    .update(warehouses)
    .set({ ...columns, updatedAt: new Date() })
    .where(and(eq(warehouses.id, id), warehouseCondition(scope, warehouses.id)))
    .returning({ id: warehouses.id });
  return updated.length;
}

/** The warehouse, within the caller's scope; answers the rows deleted. */
export async function deleteWarehouseRow(db: Executor, scope: Scope, id: number): Promise<number> {
  const deleted = await db
    .delete(warehouses)
    .where(and(eq(warehouses.id, id), warehouseCondition(scope, warehouses.id)))
    .returning({ id: warehouses.id });
  return deleted.length;
}

/**
 * Adds users to a warehouse within the caller's scope (already assigned ones are left as they are); answers the
 * links added. One statement: the users are joined to the warehouse row only when the scope reaches it.
 */
export async function assignWarehouseUsers(
  db: Executor,
  scope: Scope,
  warehouseId: number,
  userIds: number[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const wanted = sql.join(
    userIds.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  const added = await db
    .insert(warehouseUsers)
    .select(
      sql`select ${warehouses.id}, wanted.user_id from ${warehouses} cross join (values ${wanted}) as wanted(user_id)
        where ${and(eq(warehouses.id, warehouseId), warehouseCondition(scope, warehouses.id))}`,
    )
    .onConflictDoNothing()
    .returning({ userId: warehouseUsers.userId });
  return added.length;
}

/** The warehouse's users become `userIds`, within the caller's scope (the update before it checked the reach). */
export async function replaceWarehouseUsers(
  db: Executor,
  scope: Scope,
  warehouseId: number,
  userIds: number[],
): Promise<void> {
  await db
    .delete(warehouseUsers)
    .where(and(eq(warehouseUsers.warehouseId, warehouseId), warehouseCondition(scope, warehouseUsers.warehouseId)));
  await assignWarehouseUsers(db, scope, warehouseId, userIds);
}

/** Whether a link was removed (only of a warehouse within the caller's scope). */
export async function removeWarehouseUser(
  db: Executor,
  scope: Scope,
  warehouseId: number,
  userId: number,
): Promise<boolean> {
  const removed = await db
    .delete(warehouseUsers)
    .where(
      and(
        eq(warehouseUsers.warehouseId, warehouseId),
        eq(warehouseUsers.userId, userId),
        warehouseCondition(scope, warehouseUsers.warehouseId),
      ),
    )
    .returning({ userId: warehouseUsers.userId });
  return removed.length > 0;
}

/** What still hangs on a warehouse: its linked accounts and assigned users. */
export async function warehouseDependents(db: Executor, id: number): Promise<{ accounts: number; users: number }> {
  const [[linkedAccounts], [assignedUsers]] = await Promise.all([
    db.select({ total: count() }).from(accountWarehouses).where(eq(accountWarehouses.warehouseId, id)),
    db.select({ total: count() }).from(warehouseUsers).where(eq(warehouseUsers.warehouseId, id)),
  ]);
  return { accounts: linkedAccounts?.total ?? 0, users: assignedUsers?.total ?? 0 };
}

/** A user's name for a warehouse event's text (a user removed), or undefined when there is none. */
export async function findUserName(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name;
}
