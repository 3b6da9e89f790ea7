import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { products } from '../../../db/schema/products';
import { shippers } from '../../../db/schema/shippers';
import { skuKey } from './import-plan';

/** Accounts the caller reaches that are linked to the warehouse, by exact name (several when names repeat). */
export async function accountsByName(tx: Executor, scope: Scope, warehouseId: number, names: readonly string[]) {
  const result = new Map<string, number[]>();
  if (names.length === 0) return result;
  const rows = await tx
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .innerJoin(
      accountWarehouses,
      and(eq(accountWarehouses.accountId, accounts.id), eq(accountWarehouses.warehouseId, warehouseId)),
    )
    .where(and(inArray(accounts.name, [...new Set(names)]), accountCondition(scope, accounts.id)));
  for (const row of rows) result.set(row.name, [...(result.get(row.name) ?? []), row.id]);
  return result;
}

/** Products of the given accounts whose SKU (case-insensitive, as the catalogue keys it) is among `skus`. */
export async function productsBySku(tx: Executor, accountIds: readonly number[], skus: readonly string[]) {
  const result = new Map<string, number>();
  if (accountIds.length === 0 || skus.length === 0) return result;
  const rows = await tx
    .select({ id: products.id, accountId: products.accountId, sku: products.sku })
    .from(products)
    .where(
      and(
        inArray(products.accountId, [...new Set(accountIds)]),
        inArray(sql`lower(${products.sku})`, [...new Set(skus.map((s) => s.toLowerCase()))]),
      ),
    );
  for (const row of rows) result.set(skuKey(row.accountId, row.sku), row.id);
  return result;
}

/** The name of the first active shipper (by name), for the template's sample row; null when none is active. */
export async function firstActiveShipperName(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ name: shippers.name })
    .from(shippers)
    .where(eq(shippers.isActive, true))
    .orderBy(asc(shippers.name), asc(shippers.id))
    .limit(1);
  return row?.name ?? null;
}

/** Active shippers by lower-cased name and code. */
export async function activeShippersByName(tx: Executor) {
  const rows = await tx
    .select({ id: shippers.id, name: shippers.name, code: shippers.code })
    .from(shippers)
    .where(eq(shippers.isActive, true));
  const result = new Map<string, number>();
  for (const row of rows) {
    result.set(row.code.toLowerCase(), row.id);
    result.set(row.name.toLowerCase(), row.id);
  }
  return result;
}
