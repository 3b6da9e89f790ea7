import type { AccountHoldings } from '@wms/contract/accounts';
import type { Account } from '@wms/contract/entities';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { pageOffset } from '../../../db/paging';
import { qualified } from '../../../db/qualified';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { inventories } from '../../../db/schema/inventory';
import { orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { users } from '../../../db/schema/users';
import { containsPattern, type Page, type PageRequest, toPage } from '../../../http/pagination';
import { accountScopeCondition } from './account-scope';
import { accountViewColumns, accountWithinScope, toAccountView } from './account-view-repository';

export interface AccountListFilter extends PageRequest {
  search?: string;
  status?: 'active' | 'inactive';
  warehouse_id?: number;
}

export async function listAccounts(db: Executor, scope: Scope, filter: AccountListFilter): Promise<Page<Account>> {
  const conditions: (SQL | undefined)[] = [accountScopeCondition(scope)];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(accounts.name, pattern), ilike(users.name, pattern)));
  }
  if (filter.status) conditions.push(eq(accounts.status, filter.status));
  if (filter.warehouse_id !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${accountWarehouses} aw where aw.account_id = ${qualified(accounts.id)}
        and aw.warehouse_id = ${filter.warehouse_id})`,
    );
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select(accountViewColumns)
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(where)
      .orderBy(asc(accounts.name), asc(accounts.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db.select({ total: count() }).from(accounts).innerJoin(users, eq(users.id, accounts.userId)).where(where),
  ]);
  return toPage(
    rows.map((row) => accountWithinScope(toAccountView(row), scope)),
    totals?.total ?? 0,
    filter,
  );
}

/** One account, if it is in the caller's scope. */
export async function findAccountInScope(db: Executor, scope: Scope, id: number): Promise<Account | undefined> {
  const [row] = await db
    .select(accountViewColumns)
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.id, id), accountScopeCondition(scope)))
    .limit(1);
  return row && accountWithinScope(toAccountView(row), scope);
}

export interface AccountColumns {
  name: string;
  status: 'active' | 'inactive';
  accountType: 'regular' | 'fast';
  userId: number;
  billingAddress?: string | null;
  paymentTermsDays?: number;
  minRemainingShelfLifeDays?: number;
  allowPartialShipment?: boolean;
  allowLotSubstitution?: boolean;
  gs1CompanyPrefix?: string | null;
  requireLabel?: boolean;
}

export async function insertAccount(db: Executor, columns: AccountColumns): Promise<number> {
  const [row] = await db.insert(accounts).values(columns).returning({ id: accounts.id });
  return row!.id;
}

/** Updates the account if it is in scope; answers how many rows changed (0: missing or out of scope). */
export async function updateAccountRow(
  db: Executor,
  scope: Scope,
  id: number,
  columns: Partial<AccountColumns>,
): Promise<number> {
  const updated = await db
    .update(accounts)
    .set({ ...columns, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), accountScopeCondition(scope)))
    .returning({ id: accounts.id });
  return updated.length;
}

/**
 * Replaces the account's warehouse links with `warehouseIds`, touching only links to warehouses in `within`
 * (the caller's reach; undefined = all), so a manager cannot drop links they cannot see.
 */
export async function replaceAccountWarehouses(
  db: Executor,
  accountId: number,
  warehouseIds: number[],
  within: number[] | undefined,
): Promise<void> {
  const reach =
    within === undefined ? undefined : within.length ? inArray(accountWarehouses.warehouseId, within) : sql`false`;
  await db.delete(accountWarehouses).where(and(eq(accountWarehouses.accountId, accountId), reach));
  if (warehouseIds.length) {
    await db
      .insert(accountWarehouses)
      .values(warehouseIds.map((warehouseId) => ({ accountId, warehouseId })))
      .onConflictDoNothing();
  }
}

/** What the account still holds: products, units on hand, open and all orders. */
export async function accountHoldings(db: Executor, accountId: number): Promise<AccountHoldings> {
  const [row] = await db
    .select({
      products: sql<number>`(select count(*)::int from ${products} where ${products.accountId} = ${accountId})`,
      stock_units: sql<number>`(select coalesce(sum(${inventories.quantityOnHand}), 0)::int from ${inventories}
        where ${inventories.accountId} = ${accountId})`,
      open_orders: sql<number>`(select count(*)::int from ${orders}
        where ${orders.accountId} = ${accountId} and ${orders.lifecycle} = 'open')`,
      orders: sql<number>`(select count(*)::int from ${orders} where ${orders.accountId} = ${accountId})`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? { products: 0, stock_units: 0, open_orders: 0, orders: 0 };
}

/** Deletes the account if it is in scope; answers how many rows went. */
export async function deleteAccountRow(db: Executor, scope: Scope, id: number): Promise<number> {
  const deleted = await db
    .delete(accounts)
    .where(and(eq(accounts.id, id), accountScopeCondition(scope)))
    .returning({ id: accounts.id });
  return deleted.length;
}

/** Inventory rows an account keeps in any of these warehouses. */
export async function countInventoriesIn(db: Executor, accountId: number, warehouseIds: number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inventories)
    .where(and(eq(inventories.accountId, accountId), inArray(inventories.warehouseId, warehouseIds)));
  return row?.n ?? 0;
}

/** An account's billing address and payment terms, whatever the caller's scope (the invoice checks scope itself). */
export async function findBillingTerms(
  db: Executor,
  accountId: number,
): Promise<{ billingAddress: string | null; paymentTermsDays: number } | undefined> {
  const [row] = await db
    .select({ billingAddress: accounts.billingAddress, paymentTermsDays: accounts.paymentTermsDays })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}
