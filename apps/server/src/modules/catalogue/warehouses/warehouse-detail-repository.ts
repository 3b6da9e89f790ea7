import type { WarehouseDetail, WarehouseStatistics } from '@wms/contract/warehouses';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { inventories } from '../../../db/schema/inventory';
import { warehouses, warehouseUsers } from '../../../db/schema/warehouses';
import { countOrdersByStatus } from './orders-by-status-repository';
import { toWarehouseView } from './warehouses-repository';

type WarehouseRow = typeof warehouses.$inferSelect;

/** The warehouse with its assigned users in one statement; users only for callers who may view users. */
export async function loadWarehouseDetail(
  db: Executor,
  warehouse: WarehouseRow,
  includeUsers: boolean,
): Promise<WarehouseDetail> {
  const [row] = await db
    .select({
      users: sql<{ id: number; name: string; email: string }[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email) order by u.name, u.id)
        from warehouse_users wu join users u on u.id = wu.user_id
        where wu.warehouse_id = ${qualified(warehouses.id)}), '[]'::json)`,
    })
    .from(warehouses)
    .where(eq(warehouses.id, warehouse.id));
  const users = includeUsers ? (row?.users ?? []) : [];
  return { ...toWarehouseView(warehouse), users, users_count: users.length, user_ids: users.map((u) => u.id) };
}

/**
 * Figures for one warehouse, each aggregated in SQL. Account-based figures (accounts, stocked products, units)
 * count only the accounts in the caller's scope, so a client sees their own numbers.
 */
export async function warehouseStatistics(
  db: Executor,
  scope: Scope,
  warehouseId: number,
  includeUsers: boolean,
): Promise<WarehouseStatistics> {
  const [accountFigures, stockFigures, userFigures, byStatus] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${accounts.status} = 'active'))::int`,
      })
      .from(accounts)
      .innerJoin(accountWarehouses, eq(accountWarehouses.accountId, accounts.id))
      .where(and(eq(accountWarehouses.warehouseId, warehouseId), accountCondition(scope, accounts.id))),
    db
      .select({
        products: sql<number>`count(distinct ${inventories.productId})::int`,
        onHand: sql<number>`coalesce(sum(${inventories.quantityOnHand}), 0)::bigint`,
        reserved: sql<number>`coalesce(sum(${inventories.quantityReserved}), 0)::bigint`,
      })
      .from(inventories)
      .where(and(eq(inventories.warehouseId, warehouseId), accountCondition(scope, inventories.accountId))),
    includeUsers
      ? db.select({ total: count() }).from(warehouseUsers).where(eq(warehouseUsers.warehouseId, warehouseId))
      : Promise.resolve(undefined),
    countOrdersByStatus(db, scope, warehouseId),
  ]);
  const onHand = Number(stockFigures[0]?.onHand ?? 0);
  const reserved = Number(stockFigures[0]?.reserved ?? 0);
  return {
    warehouse_id: warehouseId,
    users_count: userFigures ? (userFigures[0]?.total ?? 0) : null,
    accounts_count: Number(accountFigures[0]?.total ?? 0),
    active_accounts_count: Number(accountFigures[0]?.active ?? 0),
    products_count: Number(stockFigures[0]?.products ?? 0),
    units_on_hand: onHand,
    units_reserved: reserved,
    units_available: onHand - reserved,
    orders_count: byStatus.reduce((sum, s) => sum + s.count, 0),
    orders_by_status: byStatus,
  };
}
