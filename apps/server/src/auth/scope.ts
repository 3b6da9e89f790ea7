import type { User } from '@wms/contract/entities';
import { allows } from '@wms/contract/policy';
import { type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { qualified } from '../db/qualified';
import { accounts, accountWarehouses } from '../db/schema/accounts';

/**
 * What rows a user may see (DESIGN §4). Every repository read and write applies it:
 * - all: super-admin and admin;
 * - warehouses: a manager, limited to the warehouses assigned to them;
 * - accounts: a client, limited to the accounts they own, in the warehouses linked to those accounts
 *   (plus the warehouses they chose at registration, so they can pick one before owning an account).
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'warehouses'; warehouseIds: number[] }
  | { kind: 'accounts'; accountIds: number[]; warehouseIds: number[] };

export async function resolveScope(db: Executor, user: User): Promise<Scope> {
  if (allows(user.role, 'seeEverything')) return { kind: 'all' };
  if (allows(user.role, 'seeAcrossAccounts')) return { kind: 'warehouses', warehouseIds: user.warehouse_ids };
  const owned = await db
    .select({ accountId: accounts.id, warehouseId: accountWarehouses.warehouseId })
    .from(accounts)
    .leftJoin(accountWarehouses, eq(accountWarehouses.accountId, accounts.id))
    .where(eq(accounts.userId, user.id));
  const accountIds = unique(owned.map((row) => row.accountId));
  const warehouseIds = unique([
    ...user.warehouse_ids,
    ...owned.flatMap((row) => (row.warehouseId === null ? [] : [row.warehouseId])),
  ]);
  return { kind: 'accounts', accountIds, warehouseIds };
}

const unique = (ids: number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

const FALSE = sql`false`;
const within = (column: Column, ids: number[]): SQL => (ids.length ? inArray(column, ids) : FALSE);

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
    and aw.warehouse_id in (${sql.join(
      scope.warehouseIds.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
}

export const canSeeWarehouse = (scope: Scope, warehouseId: number): boolean =>
  scope.kind === 'all' || scope.warehouseIds.includes(warehouseId);
