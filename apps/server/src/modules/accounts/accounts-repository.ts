import type { Account } from '@wms/contract/entities';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { accountCondition, type Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/qualified';
import { accounts, accountWarehouses } from '../../db/schema/accounts';
import { users } from '../../db/schema/users';
import { containsPattern, type Page, type PageRequest, pageOffset, toPage } from '../../http/pagination';
import { accountViewColumns, toAccountView } from './account-view';

export interface AccountListFilter extends PageRequest {
  search?: string;
  status?: 'active' | 'inactive';
  warehouse_id?: number;
}

export async function listAccounts(db: Executor, scope: Scope, filter: AccountListFilter): Promise<Page<Account>> {
  const conditions: (SQL | undefined)[] = [accountCondition(scope, accounts.id)];
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
  return toPage(rows.map(toAccountView), totals?.total ?? 0, filter);
}
