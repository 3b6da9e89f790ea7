import { stockStatusOf } from '@wms/contract/inventory';
import {
  AVAILABLE_INVENTORY_LIMIT,
  type AvailableInventoryQuery,
  type AvailableInventoryRow,
  type OrderShipper,
} from '@wms/contract/order-creation';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { kitsFromComponentsSql } from '../../../db/kit-availability';
import { qualified } from '../../../db/qualified';
import { inventories } from '../../../db/schema/inventory';
import { products } from '../../../db/schema/products';
import { shippers } from '../../../db/schema/shippers';
import { warehouses } from '../../../db/schema/warehouses';
import { notFound } from '../../../http/errors';
import { containsPattern } from '../../../http/pagination';
import { findAccountsInScope } from './order-creation-repository';

const STATUS_COLOR = { in_stock: 'success', low_stock: 'warning', out_of_stock: 'error' } as const;

/**
 * GET /orders/available-inventory (spec §3 Available inventory row): the account's products matching the search,
 * with what is available in the selected warehouse (0 when the product has no stock row there). An account or
 * warehouse outside the caller's scope answers 404.
 */
export async function listAvailableInventory(
  db: Executor,
  scope: Scope,
  query: AvailableInventoryQuery,
): Promise<AvailableInventoryRow[]> {
  if (
    query.account_id !== undefined &&
    !(await findAccountsInScope(db, scope, [query.account_id])).has(query.account_id)
  ) {
    throw notFound('Account not found');
  }
  if (query.warehouse_id !== undefined && !canSeeWarehouse(scope, query.warehouse_id)) {
    throw notFound('Warehouse not found');
  }
  const warehouseId = query.warehouse_id ?? null;
  const search = query.search ? containsPattern(query.search) : undefined;
  const rows = await db
    .select({
      productId: products.id,
      accountId: products.accountId,
      name: products.name,
      sku: products.sku,
      photoUrl: products.photoUrl,
      weight: products.weightLb,
      kind: products.kind,
      // A bundle has no stock of its own: what its components make (0 without a warehouse).
      available: sql<number>`case when ${products.kind} = 'bundle'
        then ${warehouseId === null ? sql`0` : kitsFromComponentsSql(qualified(products.id), qualified(products.accountId), sql`${warehouseId}`)}
        else coalesce(${inventories.quantityAvailable}, 0)::int end`,
      warehouseName: warehouses.name,
    })
    .from(products)
    .leftJoin(
      inventories,
      and(
        eq(inventories.productId, products.id),
        eq(inventories.accountId, products.accountId),
        warehouseId === null ? sql`false` : eq(inventories.warehouseId, warehouseId),
      ),
    )
    .leftJoin(warehouses, eq(warehouses.id, inventories.warehouseId))
    .where(
      and(
        accountCondition(scope, products.accountId),
        query.account_id === undefined ? undefined : eq(products.accountId, query.account_id),
        query.kind === undefined ? undefined : eq(products.kind, query.kind),
        search ? or(ilike(products.name, search), ilike(products.sku, search)) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(AVAILABLE_INVENTORY_LIMIT);
  return rows.map((row) => {
    const status = stockStatusOf(row.available);
    return {
      product_id: row.productId,
      account_id: row.accountId,
      name: row.name,
      sku: row.sku,
      kind: row.kind,
      photo_url: row.photoUrl,
      weight: row.weight,
      quantity_available: Number(row.available),
      inventory_status: status,
      status_color: STATUS_COLOR[status],
      warehouse_name: row.warehouseName,
    };
  });
}

/** GET /orders/shippers: the active shippers an order can name. */
export async function listOrderShippers(db: Executor): Promise<OrderShipper[]> {
  return db
    .select({ id: shippers.id, name: shippers.name, code: shippers.code })
    .from(shippers)
    .where(eq(shippers.isActive, true))
    .orderBy(asc(shippers.name));
}
