import type { User } from '@wms/contract/entities';
import { allows } from '@wms/contract/policy';
import type { Executor } from '../db/client';
import { ownedAccountWarehouses, warehousesOfAccount } from './scope-repository';

/**
 * What rows a user may see (DESIGN §4). Every repository read and write applies it:
 * - all: super-admin and admin;
 * - warehouses: a manager, limited to the warehouses assigned to them;
 * - accounts: a client, limited to the accounts they own, in the warehouses linked to those accounts
 *   (plus the warehouses they chose at registration, so they can pick one before owning an account).
 * Which role gets which kind is the policy table's `seeEverything` / `seeAcrossAccounts` (contract/policy.ts).
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'warehouses'; warehouseIds: number[] }
  | { kind: 'accounts'; accountIds: number[]; warehouseIds: number[] };

export async function resolveScope(db: Executor, user: User): Promise<Scope> {
  if (allows(user.role, 'seeEverything')) return { kind: 'all' };
  if (allows(user.role, 'seeAcrossAccounts')) return { kind: 'warehouses', warehouseIds: user.warehouse_ids };
  const owned = await ownedAccountWarehouses(db, user.id);
  const accountIds = unique(owned.map((row) => row.accountId));
  const warehouseIds = unique([
    ...user.warehouse_ids,
    ...owned.flatMap((row) => (row.warehouseId === null ? [] : [row.warehouseId])),
  ]);
  return { kind: 'accounts', accountIds, warehouseIds };
}

/**
 * An API key limited to one account (issue 21): its creator's scope narrowed to that account and the warehouses
 * linked to it. It never widens: a client's key for an account they no longer own, or a manager's for an account
 * outside their warehouses, reaches nothing.
 */
export async function narrowScopeToAccount(db: Executor, scope: Scope, accountId: number): Promise<Scope> {
  const linked = await warehousesOfAccount(db, accountId);
  const warehouseIds =
    scope.kind === 'all' ? linked : linked.filter((id) => scope.warehouseIds.includes(id)).sort((a, b) => a - b);
  const reachable =
    scope.kind === 'all' ||
    (scope.kind === 'warehouses' ? warehouseIds.length > 0 : scope.accountIds.includes(accountId));
  return reachable
    ? { kind: 'accounts', accountIds: [accountId], warehouseIds }
    : { kind: 'accounts', accountIds: [], warehouseIds: [] };
}

const unique = (ids: number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** The SQL conditions that apply a scope live with the other scope queries; most callers import them from here. */
export { accountCondition, warehouseCondition } from './scope-repository';

export const canSeeWarehouse = (scope: Scope, warehouseId: number): boolean =>
  scope.kind === 'all' || scope.warehouseIds.includes(warehouseId);
