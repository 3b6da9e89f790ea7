import { LOW_STOCK_THRESHOLD } from '@wms/contract/inventory';
import { and, asc, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { warehouseAccountScope } from '../../auth/access-gate';
import { accountCondition, type Scope, warehouseCondition } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/qualified';
import { accounts, accountWarehouses } from '../../db/schema/accounts';
import { inventories } from '../../db/schema/inventory';
import { orderItems, orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { statuses } from '../../db/schema/statuses';
import { warehouses } from '../../db/schema/warehouses';
import { inventoryScopeCondition } from '../inventory/inventory-scope';

/** The caller's scope narrowed by the header's warehouse and account (they only ever narrow). */
export interface DashboardScope {
  scope: Scope;
  warehouseId?: number;
  accountId?: number;
  since: Date;
}

const orderWhere = (s: DashboardScope): SQL | undefined =>
  and(
    warehouseAccountScope(s.scope, { warehouseId: orders.warehouseId, accountId: orders.accountId }),
    s.warehouseId === undefined ? undefined : eq(orders.warehouseId, s.warehouseId),
    s.accountId === undefined ? undefined : eq(orders.accountId, s.accountId),
  );

const num = (v: unknown) => Number(v ?? 0);

/**
 * Order figures in one pass over the scoped orders (index on warehouse/account + created_at):
 * delayed = still open with a ship date before today; shipped = shipped within the timeframe.
 */
export async function orderOverview(db: Executor, s: DashboardScope) {
  const [row] = await db
    .select({
      total: count(),
      thisPeriod: sql<number>`count(*) filter (where ${orders.createdAt} >= ${s.since})`,
      pending: sql<number>`count(*) filter (where ${statuses.systemKey} = 'pending')`,
      shipped: sql<number>`count(*) filter (where ${orders.lifecycle} = 'shipped' and ${orders.shippedAt} >= ${s.since})`,
      delayed: sql<number>`count(*) filter (where ${orders.lifecycle} = 'open' and ${orders.shipDate} < current_date)`,
    })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .where(orderWhere(s));
  return {
    total: num(row?.total),
    thisPeriod: num(row?.thisPeriod),
    pending: num(row?.pending),
    shipped: num(row?.shipped),
    delayed: num(row?.delayed),
  };
}

export async function ordersByStatus(db: Executor, s: DashboardScope) {
  const rows = await db
    .select({ name: statuses.name, color: statuses.color, sortOrder: statuses.sortOrder, count: count() })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .where(orderWhere(s))
    .groupBy(statuses.id, statuses.name, statuses.color, statuses.sortOrder)
    .orderBy(asc(statuses.sortOrder), asc(statuses.name));
  return rows.map((r) => ({ name: r.name, color: r.color, count: num(r.count) }));
}

export async function statusColors(db: Executor) {
  return db.select({ name: statuses.name, color: statuses.color }).from(statuses);
}

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
    .where(orderWhere(s))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Accounts with the most orders created in the timeframe. */
export async function topAccounts(db: Executor, s: DashboardScope, limit: number) {
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, ordersCount: count() })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(and(orderWhere(s), gte(orders.createdAt, s.since)))
    .groupBy(accounts.id, accounts.name)
    .orderBy(desc(count()), asc(accounts.name))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name, orders_count: num(r.ordersCount) }));
}

/** Top selling = units shipped in the timeframe (orders shipped since then), per product. */
export async function topProducts(db: Executor, s: DashboardScope, limit: number) {
  const shipped = sql<number>`sum(${orderItems.quantityShipped})`;
  const rows = await db
    .select({ productId: products.id, name: products.name, sku: products.sku, total: shipped })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(orderWhere(s), eq(orders.lifecycle, 'shipped'), gte(orders.shippedAt, s.since)))
    .groupBy(products.id, products.name, products.sku)
    .having(sql`sum(${orderItems.quantityShipped}) > 0`)
    .orderBy(desc(shipped), asc(products.sku))
    .limit(limit);
  return rows.map((r) => ({ product_id: r.productId, name: r.name, sku: r.sku, total_quantity: num(r.total) }));
}

/** Orders created and shipped per day over the timeframe (every day present, zeros included). */
export async function ordersOverTime(db: Executor, s: DashboardScope) {
  const where = orderWhere(s);
  const rows = await db.execute(sql`
    with days as (
      select generate_series(${s.since}::date, current_date, interval '1 day')::date as day
    ),
    created as (
      select ${orders.createdAt}::date as day, count(*) as n from ${orders}
      where ${orders.createdAt} >= ${s.since} ${where ? sql`and ${where}` : sql``} group by 1
    ),
    shipped as (
      select ${orders.shippedAt}::date as day, count(*) as n from ${orders}
      where ${orders.shippedAt} >= ${s.since} ${where ? sql`and ${where}` : sql``} group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(created.n, 0)::int as created,
      coalesce(shipped.n, 0)::int as shipped
    from days left join created on created.day = days.day left join shipped on shipped.day = days.day
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

/** Warehouses in scope (narrowed to the header's one when set), with their available units. */
export async function warehouseOverview(db: Executor, s: DashboardScope, limit: number) {
  const where = and(
    warehouseCondition(s.scope, warehouses.id),
    s.warehouseId === undefined ? undefined : eq(warehouses.id, s.warehouseId),
  );
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
