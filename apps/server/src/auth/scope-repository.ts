import { type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { anyId, idArray } from '../db/id-array';
import { qualified } from '../db/qualified';
import { accounts, accountWarehouses } from '../db/schema/accounts';
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
