import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { anyId, idArray } from '../db/id-array';
import { qualified } from '../db/qualified';
import { accounts, accountWarehouses } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { warehouses } from '../db/schema/warehouses';
import type { ScopedResource } from './access-gate';
import type { Scope } from './scope';

/** The accounts a user owns with each warehouse linked to them (null when an account has none yet). */
export function ownedAccountWarehouses(db: Executor, userId: number) {
  return db
    .select({ accountId: accounts.id, warehouseId: accountWarehouses.warehouseId })
    .from(accounts)
    .leftJoin(accountWarehouses, eq(accountWarehouses.accountId, accounts.id))
    .where(eq(accounts.userId, userId));
}

/** ownedAccountWarehouses for several users at once, each row naming its owner. */
export function ownedAccountWarehousesOfUsers(db: Executor, userIds: readonly number[]) {
  return db
    .select({ userId: accounts.userId, accountId: accounts.id, warehouseId: accountWarehouses.warehouseId })
    .from(accounts)
    .leftJoin(accountWarehouses, eq(accountWarehouses.accountId, accounts.id))
    .where(inArray(accounts.userId, [...userIds]));
}

/** The warehouses linked to each of these accounts (an account without any is absent). */
export async function warehousesOfAccounts(
  db: Executor,
  accountIds: readonly number[],
): Promise<Map<number, number[]>> {
  const linked = new Map<number, number[]>();
  if (accountIds.length === 0) return linked;
  const rows = await db
    .select({ accountId: accountWarehouses.accountId, warehouseId: accountWarehouses.warehouseId })
    .from(accountWarehouses)
    .where(inArray(accountWarehouses.accountId, [...accountIds]));
  for (const row of rows) linked.set(row.accountId, [...(linked.get(row.accountId) ?? []), row.warehouseId]);
  return linked;
}

/** The warehouses linked to an account (the scope of an API key limited to it). */
export async function warehousesOfAccount(db: Executor, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ warehouseId: accountWarehouses.warehouseId })
    .from(accountWarehouses)
    .where(eq(accountWarehouses.accountId, accountId));
  return rows.map((row) => row.warehouseId);
}

const FALSE = sql`false`;
/**
 * The ids as one array parameter (db/id-array.ts), not one per id: a client of 200 accounts put 200 parameters in
 * every place a list statement repeats its scope, and drizzle walking them cost that request ≈ 3 ms of CPU.
 */
const within = (column: Column, ids: number[]): SQL => (ids.length ? anyId(column, ids) : FALSE);

/** Condition on a warehouse id column; undefined means "no restriction". */
export function warehouseCondition(scope: Scope, column: Column): SQL | undefined {
  return scope.kind === 'all' ? undefined : within(column, scope.warehouseIds);
}

/** Condition on an account id column: clients own the account; managers reach it through a shared warehouse. */
export function accountCondition(scope: Scope, column: Column): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'accounts') return within(column, scope.accountIds);
  if (scope.warehouseIds.length === 0) return FALSE;
  return sql`exists (select 1 from ${accountWarehouses} aw where aw.account_id = ${qualified(column)}
    and aw.warehouse_id = any(${idArray(scope.warehouseIds)}))`;
}

/**
 * Which users a caller may see: admins all; a manager those assigned to one of their warehouses; anyone else
 * (a client, should a role ever grant them users) only themselves.
 */
export function userCondition(scope: Scope, callerId: number): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'accounts' || scope.warehouseIds.length === 0) return eq(users.id, callerId);
  return sql`exists (select 1 from warehouse_users wu where wu.user_id = ${qualified(users.id)}
    and wu.warehouse_id in (${sql.join(
      scope.warehouseIds.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
}

/** The ids among `ids` that name users the caller may see (userCondition). */
export async function visibleUserIds(
  db: Executor,
  scope: Scope,
  callerId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), userCondition(scope, callerId)));
  return rows.map((row) => row.id);
}

/** The ids among `ids` that name existing warehouses (whether the caller may reach them is canSeeWarehouse). */
export async function existingWarehouseIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(inArray(warehouses.id, [...ids]));
  return rows.map((row) => row.id);
}

/**
 * Rows that belong to one warehouse and one account (orders, shipments, drafts…): a manager reaches them through
 * the warehouse, a client through an account they own, in a warehouse linked to it.
 */
export function warehouseAccountScope(
  scope: Scope,
  columns: { warehouseId: Column; accountId: Column },
): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'warehouses') return warehouseCondition(scope, columns.warehouseId);
  return and(accountCondition(scope, columns.accountId), warehouseCondition(scope, columns.warehouseId));
}

/** The access gate's query: which of `ids` name rows of the resource within the scope (requireAccess). */
export async function idsInScope(
  db: Executor,
  resource: ScopedResource,
  scope: Scope,
  ids: readonly number[],
): Promise<unknown[]> {
  return db
    .select({ id: resource.id })
    .from(resource.table)
    .where(and(inArray(resource.id, [...ids]), resource.scopeCondition(scope)));
}
