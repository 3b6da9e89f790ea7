import type { Inventory, Movement, StockStatus } from '@wms/contract/inventory';
import { LOW_STOCK_THRESHOLD } from '@wms/contract/inventory';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition, warehouseCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { idArray } from '../../../db/id-array';
import { rowsAfter } from '../../../db/keyset-rows';
import { countCapped, pageOffset } from '../../../db/paging';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { inventories, inventoryMovements } from '../../../db/schema/inventory';
import { locations } from '../../../db/schema/locations';
import { orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';
import { keysetPage, keysetPlan } from '../../../http/keyset';
import { containsPattern, type Page, type PageRequest, toPage } from '../../../http/pagination';
import { inventoryScopeCondition } from './inventory-scope';
import {
  inventoryViewColumns,
  movementViewColumns,
  toInventoryView,
  toMovementView,
} from './inventory-view-repository';
import { expiringWithinCondition } from './lot-expiry-repository';

export interface InventoryFilter {
  search?: string;
  account_id?: number;
  warehouse_id?: number;
  product_id?: number;
  stock_status?: StockStatus;
  /** Upper bound of "low stock" (available 1..threshold). */
  threshold?: number;
  /** Only rows holding a lot expiring within this many days. */
  expiring_within_days?: number;
}

/** available ≤ 0 / 1..threshold / above threshold, on the stored generated column (indexed). */
export function stockStatusCondition(status: StockStatus, threshold: number = LOW_STOCK_THRESHOLD): SQL {
  if (status === 'out_of_stock') return sql`${inventories.quantityAvailable} <= 0`;
  if (status === 'low_stock') return sql`${inventories.quantityAvailable} between 1 and ${threshold}`;
  return sql`${inventories.quantityAvailable} > ${threshold}`;
}

/** Product SKU or name contains the text, case-insensitively (`lower(x) like` matches the lower() indexes). */
export function productSearchCondition(search: string): SQL {
  const pattern = containsPattern(search.toLowerCase());
  return or(sql`lower(${products.sku}) like ${pattern}`, sql`lower(${products.name}) like ${pattern}`)!;
}

function whereOf(scope: Scope, filter: InventoryFilter, options: { withSearch: boolean; withStatus: boolean }) {
  const conditions: (SQL | undefined)[] = [inventoryScopeCondition(scope)];
  if (filter.account_id !== undefined) conditions.push(eq(inventories.accountId, filter.account_id));
  if (filter.warehouse_id !== undefined) conditions.push(eq(inventories.warehouseId, filter.warehouse_id));
  if (filter.product_id !== undefined) conditions.push(eq(inventories.productId, filter.product_id));
  if (options.withStatus && filter.stock_status) {
    conditions.push(stockStatusCondition(filter.stock_status, filter.threshold));
  }
  if (options.withSearch && filter.search) conditions.push(productSearchCondition(filter.search));
  // A list filter like the stock status: the filter buttons' counts ignore it.
  if (options.withStatus && filter.expiring_within_days !== undefined) {
    conditions.push(expiringWithinCondition(filter.expiring_within_days));
  }
  return and(...conditions);
}

const viewQuery = (db: Executor) =>
  db
    .select(inventoryViewColumns)
    .from(inventories)
    .innerJoin(products, eq(products.id, inventories.productId))
    .innerJoin(accounts, eq(accounts.id, inventories.accountId))
    .innerJoin(warehouses, eq(warehouses.id, inventories.warehouseId));

/** Newest first; `page` by offset, or `cursor` (keyset: `id < the cursor's`, through the primary key). */
export async function listInventories(
  db: Executor,
  scope: Scope,
  filter: InventoryFilter & PageRequest & { cursor?: string },
) {
  const plan = keysetPlan(filter, 'id', 'desc');
  const after = plan.position ? rowsAfter({ id: sql`${inventories.id}` }, plan.scan, plan.position) : undefined;
  const where = whereOf(scope, filter, { withSearch: true, withStatus: true });
  // The total needs the products join only to search product text; without a search it counts inventories alone
  // (over hundreds of thousands of rows the join is most of the cost).
  const matchingRows = (limit: number) => {
    const query = db.select({ id: inventories.id }).from(inventories).$dynamic();
    if (filter.search) query.innerJoin(products, eq(products.id, inventories.productId));
    return query.where(where).limit(limit);
  };
  const [rows, total] = await Promise.all([
    viewQuery(db)
      .where(and(where, after))
      .orderBy(plan.scan === 'desc' ? desc(inventories.id) : asc(inventories.id))
      .limit(filter.per_page + 1)
      .offset(plan.offset),
    countCapped(db, matchingRows, filter),
  ]);
  return keysetPage(
    rows.map(toInventoryView),
    (row) => ({ id: row.id }),
    plan,
    filter,
    { sort: 'id', direction: 'desc' },
    total,
  );
}

/** Every matching row (newest first) up to `limit`, for exports. */
export async function listInventoriesForExport(
  db: Executor,
  scope: Scope,
  filter: InventoryFilter,
  limit: number,
): Promise<Inventory[]> {
  const where = whereOf(scope, filter, { withSearch: true, withStatus: true });
  const rows = await viewQuery(db).where(where).orderBy(desc(inventories.id)).limit(limit);
  return rows.map(toInventoryView);
}

/** The filter buttons' counts: same scope and account/warehouse narrowing as the list, without search. */
export async function countStockStatuses(
  db: Executor,
  scope: Scope,
  filter: InventoryFilter,
): Promise<{ low_stock_count: number; out_of_stock_count: number }> {
  const where = whereOf(scope, filter, { withSearch: false, withStatus: false });
  const [row] = await db
    .select({
      low: sql<number>`count(*) filter (where ${stockStatusCondition('low_stock')})`.mapWith(Number),
      out: sql<number>`count(*) filter (where ${stockStatusCondition('out_of_stock')})`.mapWith(Number),
    })
    .from(inventories)
    .where(and(where, sql`${inventories.quantityAvailable} <= ${LOW_STOCK_THRESHOLD}`));
  return { low_stock_count: row?.low ?? 0, out_of_stock_count: row?.out ?? 0 };
}

export async function findInventory(db: Executor, scope: Scope, id: number): Promise<Inventory | undefined> {
  const [row] = await viewQuery(db).where(and(eq(inventories.id, id), inventoryScopeCondition(scope)));
  return row ? toInventoryView(row) : undefined;
}

/** The row itself, locked for the rest of the transaction (edits compute deltas from it). */
export async function lockInventory(tx: Executor, scope: Scope, id: number) {
  const [row] = await tx
    .select()
    .from(inventories)
    .where(and(eq(inventories.id, id), inventoryScopeCondition(scope)))
    .for('update');
  return row;
}

/**
 * The row for this product × warehouse × account, inserted empty when there is none (quantities arrive through the
 * ledger): `created` tells the two apart, so the inventory form can refuse a duplicate while receipts and orders
 * simply use the existing row.
 */
export async function insertEmptyInventory(
  tx: Executor,
  values: { productId: number; warehouseId: number; accountId: number },
): Promise<{ id: number; created: boolean }> {
  const [inserted] = await tx
    .insert(inventories)
    .values(values)
    .onConflictDoNothing({ target: [inventories.productId, inventories.warehouseId, inventories.accountId] })
    .returning({ id: inventories.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await tx
    .select({ id: inventories.id })
    .from(inventories)
    .where(
      and(
        eq(inventories.productId, values.productId),
        eq(inventories.warehouseId, values.warehouseId),
        eq(inventories.accountId, values.accountId),
      ),
    );
  return { id: existing!.id, created: false };
}

/** Empty inventory rows for products of one account in one warehouse, in one INSERT; answers the rows created. */
export async function insertEmptyInventories(
  tx: Executor,
  place: { warehouseId: number; accountId: number },
  productIds: readonly number[],
): Promise<{ id: number; productId: number }[]> {
  if (productIds.length === 0) return [];
  return tx
    .insert(inventories)
    .values([...new Set(productIds)].map((productId) => ({ productId, ...place })))
    .onConflictDoNothing({ target: [inventories.productId, inventories.warehouseId, inventories.accountId] })
    .returning({ id: inventories.id, productId: inventories.productId });
}

/** Inventory row ids of (product, account) keys in one warehouse, in one query; missing keys are absent. */
export async function findInventoryIdsByKeys(
  db: Executor,
  warehouseId: number,
  keys: readonly { productId: number; accountId: number }[],
): Promise<{ id: number; productId: number; accountId: number }[]> {
  if (keys.length === 0) return [];
  return db
    .select({ id: inventories.id, productId: inventories.productId, accountId: inventories.accountId })
    .from(inventories)
    .where(
      and(
        eq(inventories.warehouseId, warehouseId),
        // Two array parameters, not two per key (a bulk create asks for ~100 keys at once).
        sql`(${inventories.productId}, ${inventories.accountId}) in (select * from unnest(${idArray(
          keys.map((k) => k.productId),
        )}, ${idArray(keys.map((k) => k.accountId))}))`,
      ),
    );
}

/** Deletes the row if it is in scope; answers how many rows went (0: missing or out of scope). */
export async function deleteInventoryRow(tx: Executor, scope: Scope, id: number): Promise<number> {
  const deleted = await tx
    .delete(inventories)
    .where(and(eq(inventories.id, id), inventoryScopeCondition(scope)))
    .returning({ id: inventories.id });
  return deleted.length;
}

/** Sets the verified flag on the row if it is in scope; answers how many rows changed. */
export async function setInventoryVerified(tx: Executor, scope: Scope, id: number, verified: boolean): Promise<number> {
  const updated = await tx
    .update(inventories)
    .set({ verified, updatedAt: sql`now()` })
    .where(and(eq(inventories.id, id), inventoryScopeCondition(scope)))
    .returning({ id: inventories.id });
  return updated.length;
}

export async function listMovements(db: Executor, inventoryId: number, page: PageRequest): Promise<Page<Movement>> {
  const where = eq(inventoryMovements.inventoryId, inventoryId);
  const [rows, [totals]] = await Promise.all([
    db
      .select(movementViewColumns)
      .from(inventoryMovements)
      .leftJoin(users, eq(users.id, inventoryMovements.userId))
      .leftJoin(locations, eq(locations.id, inventoryMovements.locationId))
      // The order's number for the history's link; a deleted order leaves it null.
      .leftJoin(
        orders,
        and(eq(inventoryMovements.referenceType, 'order'), eq(orders.id, inventoryMovements.referenceId)),
      )
      .where(where)
      .orderBy(desc(inventoryMovements.createdAt), desc(inventoryMovements.id))
      .limit(page.per_page)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(inventoryMovements).where(where),
  ]);
  return toPage(rows.map(toMovementView), totals?.total ?? 0, page);
}

export async function isAccountInWarehouse(db: Executor, accountId: number, warehouseId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(accountWarehouses)
    .where(and(eq(accountWarehouses.accountId, accountId), eq(accountWarehouses.warehouseId, warehouseId)));
  return row !== undefined;
}

export interface StockTotalsRow {
  warehouseId: number;
  accountId: number;
  accountName: string;
  items: number;
  unitsOnHand: number;
  unitsReserved: number;
  unitsAvailable: number;
  lowStock: number;
  outOfStock: number;
}

/** Per warehouse × account totals of the rows in scope: one grouped query feeds every card of /inventories. */
export async function stockTotalsByWarehouseAndAccount(
  db: Executor,
  scope: Scope,
  filter: Pick<InventoryFilter, 'account_id' | 'warehouse_id'>,
): Promise<StockTotalsRow[]> {
  const where = whereOf(scope, filter, { withSearch: false, withStatus: false });
  return db
    .select({
      warehouseId: inventories.warehouseId,
      accountId: inventories.accountId,
      accountName: accounts.name,
      items: sql<number>`count(*)`.mapWith(Number),
      unitsOnHand: sql<number>`coalesce(sum(${inventories.quantityOnHand}), 0)`.mapWith(Number),
      unitsReserved: sql<number>`coalesce(sum(${inventories.quantityReserved}), 0)`.mapWith(Number),
      unitsAvailable: sql<number>`coalesce(sum(${inventories.quantityAvailable}), 0)`.mapWith(Number),
      lowStock: sql<number>`count(*) filter (where ${stockStatusCondition('low_stock')})`.mapWith(Number),
      outOfStock: sql<number>`count(*) filter (where ${stockStatusCondition('out_of_stock')})`.mapWith(Number),
    })
    .from(inventories)
    .innerJoin(accounts, eq(accounts.id, inventories.accountId))
    .where(where)
    .groupBy(inventories.warehouseId, inventories.accountId, accounts.name)
    .orderBy(asc(accounts.name), asc(inventories.accountId));
}

/** Ledger sums per inventory row: what on hand and reserved must equal (tests and audits). */
export async function ledgerSums(db: Executor, inventoryId: number) {
  const [row] = await db
    .select({
      onHand: sql<number>`coalesce(sum(${inventoryMovements.onHandDelta}), 0)`.mapWith(Number),
      reserved: sql<number>`coalesce(sum(${inventoryMovements.reservedDelta}), 0)`.mapWith(Number),
      movements: count(),
    })
    .from(inventoryMovements)
    .where(eq(inventoryMovements.inventoryId, inventoryId));
  return row ?? { onHand: 0, reserved: 0, movements: 0 };
}

/** Account–warehouse links in scope: every account card of /inventories, whether or not it holds stock yet. */
export async function listAccountWarehouseLinks(
  db: Executor,
  scope: Scope,
  filter: Pick<InventoryFilter, 'account_id' | 'warehouse_id'>,
) {
  const conditions: (SQL | undefined)[] = [
    accountCondition(scope, accounts.id),
    warehouseCondition(scope, accountWarehouses.warehouseId),
  ];
  if (filter.account_id !== undefined) conditions.push(eq(accounts.id, filter.account_id));
  if (filter.warehouse_id !== undefined) conditions.push(eq(accountWarehouses.warehouseId, filter.warehouse_id));
  return db
    .select({ warehouseId: accountWarehouses.warehouseId, accountId: accounts.id, accountName: accounts.name })
    .from(accountWarehouses)
    .innerJoin(accounts, eq(accounts.id, accountWarehouses.accountId))
    .where(and(...conditions))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/** The warehouses the caller can see (cards of /inventories), optionally just one. */
export async function listWarehousesInScope(db: Executor, scope: Scope, warehouseId?: number) {
  const conditions: (SQL | undefined)[] = [warehouseCondition(scope, warehouses.id)];
  if (warehouseId !== undefined) conditions.push(eq(warehouses.id, warehouseId));
  return db
    .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code, isActive: warehouses.isActive })
    .from(warehouses)
    .where(and(...conditions))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}
