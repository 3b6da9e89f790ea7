import { and, asc, type Column, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition, warehouseAccountScope } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { containsPattern } from '../../../http/pagination';

export type SubjectType = 'order' | 'product' | 'account';

export interface SubjectOption {
  id: number;
  label: string;
  /** The account the subject belongs to (an account is its own). */
  accountId: number;
  /** The order's warehouse; null for products and accounts. */
  warehouseId: number | null;
}

export interface SubjectFilter {
  search?: string;
  id?: number;
  warehouseId?: number;
  accountId?: number;
  limit: number;
}

const like = (column: SQL | Column, search: string) =>
  sql`lower(${column}) like ${containsPattern(search.toLowerCase())}`;

/**
 * What an inquiry may be about, limited to the caller's scope (and the header's narrowing): the subject picker's
 * options, and the check that a submitted subject is one of them.
 */
export async function findSubjects(
  db: Executor,
  scope: Scope,
  type: SubjectType,
  filter: SubjectFilter,
): Promise<SubjectOption[]> {
  if (type === 'order') {
    const rows = await db
      .select({
        id: orders.id,
        number: orders.orderNumber,
        customer: orders.customerName,
        accountId: orders.accountId,
        warehouseId: orders.warehouseId,
      })
      .from(orders)
      .where(
        and(
          warehouseAccountScope(scope, { warehouseId: orders.warehouseId, accountId: orders.accountId }),
          filter.id === undefined ? undefined : eq(orders.id, filter.id),
          filter.warehouseId === undefined ? undefined : eq(orders.warehouseId, filter.warehouseId),
          filter.accountId === undefined ? undefined : eq(orders.accountId, filter.accountId),
          filter.search
            ? or(
                like(orders.orderNumber, filter.search),
                like(orders.customerName, filter.search),
                like(orders.externalOrderId, filter.search),
              )
            : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filter.limit);
    return rows.map((r) => ({
      id: r.id,
      label: `${r.number} — ${r.customer}`,
      accountId: r.accountId,
      warehouseId: r.warehouseId,
    }));
  }
  if (type === 'product') {
    const rows = await db
      .select({ id: products.id, sku: products.sku, name: products.name, accountId: products.accountId })
      .from(products)
      .where(
        and(
          accountCondition(scope, products.accountId),
          filter.id === undefined ? undefined : eq(products.id, filter.id),
          filter.accountId === undefined ? undefined : eq(products.accountId, filter.accountId),
          filter.search ? or(like(products.sku, filter.search), like(products.name, filter.search)) : undefined,
        ),
      )
      .orderBy(asc(products.sku), asc(products.id))
      .limit(filter.limit);
    return rows.map((r) => ({ id: r.id, label: `${r.sku} — ${r.name}`, accountId: r.accountId, warehouseId: null }));
  }
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(
      and(
        accountCondition(scope, accounts.id),
        filter.id === undefined ? undefined : eq(accounts.id, filter.id),
        filter.accountId === undefined ? undefined : eq(accounts.id, filter.accountId),
        filter.search ? like(accounts.name, filter.search) : undefined,
      ),
    )
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(filter.limit);
  return rows.map((r) => ({ id: r.id, label: r.name, accountId: r.id, warehouseId: null }));
}
