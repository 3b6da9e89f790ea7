import type { User } from '@wms/contract/entities';
import { allows } from '@wms/contract/policy';
import type { Executor } from '../db/client';
import {
  ownedAccountWarehouses,
  ownedAccountWarehousesOfUsers,
  warehousesOfAccount,
  warehousesOfAccounts,
} from './scope-repository';

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
  if (!ownsForScope(user)) return scopeFrom(user, []);
  return scopeFrom(user, await ownedAccountWarehouses(db, user.id));
}

/**
 * The scopes of many users at once (the webhook dispatcher checks every subscription's creator each round): the
 * same rule as resolveScope, with one query for all their owned accounts instead of one per user.
 */
export async function resolveScopes(db: Executor, users: readonly User[]): Promise<Map<number, Scope>> {
  const owners = users.filter(ownsForScope).map((u) => u.id);
  const owned = owners.length ? await ownedAccountWarehousesOfUsers(db, owners) : [];
  return new Map(
    users.map((user) => [
      user.id,
      scopeFrom(
        user,
        owned.filter((row) => row.userId === user.id),
      ),
    ]),
  );
}

/** Whose scope depends on the accounts they own (clients): staff see by role and warehouse. */
const ownsForScope = (user: User) => !allows(user.role, 'seeAcrossAccounts');

function scopeFrom(user: User, owned: readonly { accountId: number; warehouseId: number | null }[]): Scope {
  if (allows(user.role, 'seeEverything')) return { kind: 'all' };
  if (allows(user.role, 'seeAcrossAccounts')) return { kind: 'warehouses', warehouseIds: user.warehouse_ids };
  const accountIds = unique(owned.map((row) => row.accountId));
  const warehouseIds = unique([
    ...user.warehouse_ids,
    ...owned.flatMap((row) => (row.warehouseId === null ? [] : [row.warehouseId])),
  ]);
  return { kind: 'accounts', accountIds, warehouseIds };
}

/**
 * An API key limited to one account: its creator's scope narrowed to that account and the warehouses
 * linked to it. It never widens: a client's key for an account they no longer own, or a manager's for an account
 * outside their warehouses, reaches nothing.
 */
export async function narrowScopeToAccount(db: Executor, scope: Scope, accountId: number): Promise<Scope> {
  return narrowedScope(scope, accountId, await warehousesOfAccount(db, accountId));
}

/** narrowScopeToAccount for many accounts at once: one query for every account's linked warehouses. */
export async function narrowScopesToAccounts(
  db: Executor,
  wanted: readonly { scope: Scope; accountId: number }[],
): Promise<Scope[]> {
  const linked = await warehousesOfAccounts(db, [...new Set(wanted.map((w) => w.accountId))]);
  return wanted.map((w) => narrowedScope(w.scope, w.accountId, linked.get(w.accountId) ?? []));
}

function narrowedScope(scope: Scope, accountId: number, linked: number[]): Scope {
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

export const canSeeWarehouse = (scope: Scope, warehouseId: number): boolean =>
  scope.kind === 'all' || scope.warehouseIds.includes(warehouseId);
