import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { warehouseUsers } from '../../../db/schema/warehouses';

/**
 * Who an event concerns, read at the moment it is recorded (inside the change's transaction, before a delete), so
 * the event keeps its readers after its subject is gone. Not the caller's scope: every link, seen or not.
 */
export interface EventScope {
  warehouseIds: number[];
  accountIds: number[];
}

const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** Accounts and every warehouse linked to them. */
export async function accountEventScope(db: Executor, accountIds: readonly number[]): Promise<EventScope> {
  if (accountIds.length === 0) return { warehouseIds: [], accountIds: [] };
  const links = await db
    .select({ warehouseId: accountWarehouses.warehouseId })
    .from(accountWarehouses)
    .where(inArray(accountWarehouses.accountId, [...accountIds]));
  return { warehouseIds: sorted(links.map((l) => l.warehouseId)), accountIds: sorted(accountIds) };
}

/** A user's warehouses, the accounts they own, and those accounts' warehouses (what their own scope reaches). */
export async function userEventScope(db: Executor, userId: number): Promise<EventScope> {
  const [assigned, owned] = await Promise.all([
    db
      .select({ warehouseId: warehouseUsers.warehouseId })
      .from(warehouseUsers)
      .where(eq(warehouseUsers.userId, userId)),
    db.select({ accountId: accounts.id }).from(accounts).where(eq(accounts.userId, userId)),
  ]);
  const ownedScope = await accountEventScope(
    db,
    owned.map((o) => o.accountId),
  );
  return {
    warehouseIds: sorted([...assigned.map((a) => a.warehouseId), ...ownedScope.warehouseIds]),
    accountIds: ownedScope.accountIds,
  };
}

/** Two scopes together (an account before and after its warehouses changed). */
export const mergeEventScopes = (...scopes: EventScope[]): EventScope => ({
  warehouseIds: sorted(scopes.flatMap((s) => s.warehouseIds)),
  accountIds: sorted(scopes.flatMap((s) => s.accountIds)),
});
