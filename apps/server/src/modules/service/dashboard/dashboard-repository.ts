import { LOW_STOCK_THRESHOLD } from '@wms/contract/inventory';
import { and, asc, type Column, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition, warehouseAccountScope, warehouseCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { inventories } from '../../../db/schema/inventory';
import { inventoryLots, locationStock } from '../../../db/schema/location-stock';
import { orderDailyCounts, orderStatusCounts, productDailyShipments } from '../../../db/schema/order-counters';
import { orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { statuses } from '../../../db/schema/statuses';
import { warehouses } from '../../../db/schema/warehouses';
import { inventoryScopeCondition } from '../../floor/stock/stock-api';

/** The caller's scope narrowed by the header's warehouse and account (they only ever narrow). */
export interface DashboardScope {
  scope: Scope;
  warehouseId?: number;
  accountId?: number;
  /** The timeframe in days: today and the `days - 1` days before it (the database's `current_date`). */
  days: number;
}

type ScopedColumns = { warehouseId: Column; accountId: Column };

/** The dashboard's scope on any table with a warehouse and an account column (orders and their counters). */
const scopedBy = (s: DashboardScope, columns: ScopedColumns): SQL | undefined =>
  and(
    warehouseAccountScope(s.scope, columns),
    s.warehouseId === undefined ? undefined : eq(columns.warehouseId, s.warehouseId),
    s.accountId === undefined ? undefined : eq(columns.accountId, s.accountId),
  );

const firstDay = (s: DashboardScope) => sql`current_date - ${s.days - 1}::int`;
const num = (v: unknown) => Number(v ?? 0);

/*
 * Order figures come from the counters the orders triggers keep (db/schema/order-counters.ts), so none of them
 * reads the orders table: per (warehouse, account, status) for all-time figures, per day for the timeframe.
 */

/** Total and pending (all time, by current status); created and shipped in the timeframe; delayed. */
export async function orderOverview(db: Executor, s: DashboardScope) {
  const [[byStatus], [inTimeframe], [late]] = await Promise.all([
    db
      .select({
        total: sql<number>`coalesce(sum(${orderStatusCounts.orders}), 0)`,
        pending: sql<number>`coalesce(sum(${orderStatusCounts.orders}) filter (where ${statuses.systemKey} = 'pending'), 0)`,
      })
      .from(orderStatusCounts)
      .innerJoin(statuses, eq(statuses.id, orderStatusCounts.statusId))
      .where(scopedBy(s, orderStatusCounts)),
    db
      .select({
        created: sql<number>`coalesce(sum(${orderDailyCounts.created}), 0)`,
        shipped: sql<number>`coalesce(sum(${orderDailyCounts.shipped}), 0)`,
      })
      .from(orderDailyCounts)
      .where(and(scopedBy(s, orderDailyCounts), gte(orderDailyCounts.day, firstDay(s)))),
    // Delayed = still open with a ship date before today: the partial index on open orders' ship dates.
    db
      .select({ n: count() })
      .from(orders)
      .where(and(scopedBy(s, orders), eq(orders.lifecycle, 'open'), lt(orders.shipDate, sql`current_date`))),
  ]);
  return {
    total: num(byStatus?.total),
    thisPeriod: num(inTimeframe?.created),
    pending: num(byStatus?.pending),
    shipped: num(inTimeframe?.shipped),
    delayed: num(late?.n),
  };
}

/** Orders per current status (statuses no order carries are left out). */
export async function ordersByStatus(db: Executor, s: DashboardScope) {
  const total = sql<number>`sum(${orderStatusCounts.orders})`;
  const rows = await db
    .select({ name: statuses.name, color: statuses.color, sortOrder: statuses.sortOrder, count: total })
    .from(orderStatusCounts)
    .innerJoin(statuses, eq(statuses.id, orderStatusCounts.statusId))
    .where(scopedBy(s, orderStatusCounts))
    .groupBy(statuses.id, statuses.name, statuses.color, statuses.sortOrder)
    .having(sql`${total} > 0`)
    .orderBy(asc(statuses.sortOrder), asc(statuses.name));
  return rows.map((r) => ({ name: r.name, color: r.color, count: num(r.count) }));
}

export async function statusColors(db: Executor) {
  return db.select({ name: statuses.name, color: statuses.color }).from(statuses);
}

/** The newest orders in scope (index on created_at, or on warehouse/account + created_at). */
export async function recentOrders(db: Executor, s: DashboardScope, limit: number) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: statuses.name,
      statusColor: statuses.color,
      createdAt: orders.createdAt,
      accountId: accounts.id,
      accountName: accounts.name,
    })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(scopedBy(s, orders))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Accounts with the most orders created in the timeframe. */
export async function topAccounts(db: Executor, s: DashboardScope, limit: number) {
  const created = sql<number>`sum(${orderDailyCounts.created})`;
  const top = db
    .select({ accountId: orderDailyCounts.accountId, ordersCount: created.as('orders_count') })
    .from(orderDailyCounts)
    .where(and(scopedBy(s, orderDailyCounts), gte(orderDailyCounts.day, firstDay(s))))
    .groupBy(orderDailyCounts.accountId)
    .having(sql`${created} > 0`)
    .as('top');
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, ordersCount: top.ordersCount })
    .from(top)
    .innerJoin(accounts, eq(accounts.id, top.accountId))
    .orderBy(desc(top.ordersCount), asc(accounts.name))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name, orders_count: num(r.ordersCount) }));
}

/** Top selling = units shipped in the timeframe (by the day their order shipped), per product. */
export async function topProducts(db: Executor, s: DashboardScope, limit: number) {
  const units = sql<number>`sum(${productDailyShipments.units})`;
  const top = db
    .select({ productId: productDailyShipments.productId, total: units.as('total') })
    .from(productDailyShipments)
    .where(and(scopedBy(s, productDailyShipments), gte(productDailyShipments.day, firstDay(s))))
    .groupBy(productDailyShipments.productId)
    .having(sql`${units} > 0`)
    .orderBy(desc(units))
    .limit(limit * 4)
    .as('top');
  // The inner limit keeps the join small; ties at the edge are then ordered by SKU among those candidates.
  const rows = await db
    .select({ productId: products.id, name: products.name, sku: products.sku, total: top.total })
    .from(top)
    .innerJoin(products, eq(products.id, top.productId))
    .orderBy(desc(top.total), asc(products.sku))
    .limit(limit);
  return rows.map((r) => ({ product_id: r.productId, name: r.name, sku: r.sku, total_quantity: num(r.total) }));
}

/** Orders created and shipped per day over the timeframe (every day present, zeros included). */
export async function ordersOverTime(db: Executor, s: DashboardScope) {
  const where = scopedBy(s, orderDailyCounts);
  const rows = await db.execute(sql`
    with days as (
      select generate_series(${firstDay(s)}, current_date, interval '1 day')::date as day
    ),
    counted as (
      select ${orderDailyCounts.day} as day, sum(${orderDailyCounts.created}) as created,
        sum(${orderDailyCounts.shipped}) as shipped
      from ${orderDailyCounts}
      where ${orderDailyCounts.day} >= ${firstDay(s)} ${where ? sql`and ${where}` : sql``}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(counted.created, 0)::int as created,
      coalesce(counted.shipped, 0)::int as shipped
    from days left join counted on counted.day = days.day
    order by days.day`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
    date: string;
    created: number;
    shipped: number;
  }[];
  return list.map((r) => ({ date: r.date, created: num(r.created), shipped: num(r.shipped) }));
}

const productWhere = (s: DashboardScope): SQL | undefined =>
  and(
    accountCondition(s.scope, products.accountId),
    s.accountId === undefined ? undefined : eq(products.accountId, s.accountId),
    s.warehouseId === undefined
      ? undefined
      : sql`exists (select 1 from ${accountWarehouses} aw where aw.account_id = ${qualified(products.accountId)}
          and aw.warehouse_id = ${s.warehouseId})`,
  );

export async function productCount(db: Executor, s: DashboardScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(productWhere(s));
  return num(row?.n);
}

const inventoryWhere = (s: DashboardScope): SQL | undefined =>
  and(
    inventoryScopeCondition(s.scope),
    s.warehouseId === undefined ? undefined : eq(inventories.warehouseId, s.warehouseId),
    s.accountId === undefined ? undefined : eq(inventories.accountId, s.accountId),
  );
const isLowStock = sql`${inventories.quantityAvailable} between 1 and ${LOW_STOCK_THRESHOLD}`;

export async function lowStock(db: Executor, s: DashboardScope, limit: number) {
  const [[total], items] = await Promise.all([
    db
      .select({ n: count() })
      .from(inventories)
      .where(and(inventoryWhere(s), isLowStock)),
    db
      .select({
        id: inventories.id,
        available: inventories.quantityAvailable,
        productId: products.id,
        name: products.name,
        sku: products.sku,
      })
      .from(inventories)
      .innerJoin(products, eq(products.id, inventories.productId))
      .where(and(inventoryWhere(s), isLowStock))
      .orderBy(asc(inventories.quantityAvailable), asc(inventories.id))
      .limit(limit),
  ]);
  return {
    count: num(total?.n),
    items: items.map((i) => ({
      id: i.id,
      quantity_available: i.available,
      product: { id: i.productId, name: i.name, sku: i.sku },
    })),
  };
}

/**
 * Lots expiring within `days` (expired ones included) and their units, over the inventory rows in scope: the
 * "expiring soon" card. A lot held by two rows (two accounts' stock of one product cannot share a lot, but two
 * warehouses can) counts once per row, as the inventory list shows it.
 */
export async function expiringSoon(db: Executor, s: DashboardScope, days: number) {
  const [row] = await db
    .select({
      lots: sql<number>`count(distinct (${locationStock.inventoryId}, ${locationStock.lotId}))`.mapWith(Number),
      units: sql<number>`coalesce(sum(${locationStock.quantity}), 0)`.mapWith(Number),
    })
    .from(locationStock)
    .innerJoin(inventoryLots, eq(inventoryLots.id, locationStock.lotId))
    .innerJoin(inventories, eq(inventories.id, locationStock.inventoryId))
    .where(and(inventoryWhere(s), sql`${inventoryLots.expiryDate} <= current_date + ${days}::int`));
  return { days, lots: num(row?.lots), units: num(row?.units) };
}

/**
 * Every warehouse in the caller's scope, with their available units (of the header's account when set). Not
 * narrowed to the header's warehouse: "Active Warehouses 1 of 1" said nothing about the three an administrator
 * runs. The totals count what the caller can reach, and the screen says so.
 */
export async function warehouseOverview(db: Executor, s: DashboardScope, limit: number) {
  const where = warehouseCondition(s.scope, warehouses.id);
  const available = sql<number>`coalesce((select sum(i.quantity_available) from ${inventories} i
    where i.warehouse_id = ${qualified(warehouses.id)}
    ${s.accountId === undefined ? sql`` : sql`and i.account_id = ${s.accountId}`}
    ${
      s.scope.kind === 'accounts' && s.scope.accountIds.length
        ? sql`and i.account_id in (${sql.join(
            s.scope.accountIds.map((a) => sql`${a}`),
            sql`, `,
          )})`
        : s.scope.kind === 'accounts'
          ? sql`and false`
          : sql``
    }), 0)`;
  const [[totals], list] = await Promise.all([
    db
      .select({ total: count(), active: sql<number>`count(*) filter (where ${warehouses.isActive})` })
      .from(warehouses)
      .where(where),
    db
      .select({
        id: warehouses.id,
        name: warehouses.name,
        code: warehouses.code,
        city: warehouses.city,
        state: warehouses.state,
        isActive: warehouses.isActive,
        available,
      })
      .from(warehouses)
      .where(where)
      .orderBy(desc(warehouses.isActive), asc(warehouses.name))
      .limit(limit),
  ]);
  return {
    total: num(totals?.total),
    active: num(totals?.active),
    list: list.map((w) => ({
      id: w.id,
      name: w.name,
      code: w.code,
      city: w.city,
      state: w.state,
      is_active: w.isActive,
      available_inventory: num(w.available),
    })),
  };
}
