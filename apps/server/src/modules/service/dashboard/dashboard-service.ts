import {
  DASHBOARD_LIMITS,
  DASHBOARD_ORDER_STATUSES,
  type Dashboard,
  type DashboardQuery,
} from '@wms/contract/dashboard';
import { EXPIRING_SOON_DAYS } from '@wms/contract/inventory';
import { statusLabel } from '@wms/contract/status-labels';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { listActivity } from '../../platform/activity/activity-api';
import type { DashboardCache } from './dashboard-cache';
import {
  type DashboardScope,
  expiringSoon,
  lowStock,
  orderOverview,
  ordersByStatus,
  ordersOverTime,
  productCount,
  recentOrders,
  statusColors,
  topAccounts,
  topProducts,
  warehouseOverview,
} from './dashboard-repository';
import { returnFigures } from './dashboard-returns-repository';

export type DashboardCharts = Dashboard['charts'];

/** The charts of one scope, narrowing and timeframe: the same key means the same figures. */
const chartsKey = (s: DashboardScope) => JSON.stringify([s.scope, s.warehouseId, s.accountId, s.days]);

async function dashboardCharts(db: Database, s: DashboardScope): Promise<DashboardCharts> {
  const [top_accounts, top_products, orders_over_time] = await Promise.all([
    topAccounts(db, s, DASHBOARD_LIMITS.topItems),
    topProducts(db, s, DASHBOARD_LIMITS.topItems),
    ordersOverTime(db, s),
  ]);
  return { top_accounts, top_products, orders_over_time };
}

/**
 * Spec 1 §2.5/§3 dashboard payload, every figure within the caller's scope narrowed by the header's warehouse and
 * account. Definitions (docs/service.md, "Dashboard"): delayed = open with a ship date before today; shipped = shipped in the timeframe;
 * top selling = units shipped in the timeframe; top accounts = orders created in the timeframe. The charts may come
 * from the short per-process cache (DASHBOARD_CACHE_SECONDS); every other figure is read live.
 */
export async function buildDashboard(
  db: Database,
  auth: RequestAuth,
  query: DashboardQuery,
  chartsCache: DashboardCache<DashboardCharts>,
): Promise<Dashboard> {
  const s: DashboardScope = {
    scope: await auth.scope(),
    warehouseId: query.warehouse_id,
    accountId: query.account_id,
    days: query.timeframe,
  };
  const [overview, byStatus, colors, recent, charts, products, stock, expiring, warehouses, activity, returned] =
    await Promise.all([
      orderOverview(db, s),
      ordersByStatus(db, s),
      statusColors(db),
      recentOrders(db, s, DASHBOARD_LIMITS.recentOrders),
      chartsCache.get(chartsKey(s), () => dashboardCharts(db, s)),
      productCount(db, s),
      lowStock(db, s, DASHBOARD_LIMITS.lowStock),
      expiringSoon(db, s, EXPIRING_SOON_DAYS),
      warehouseOverview(db, s, DASHBOARD_LIMITS.warehouses),
      listActivity(db, s.scope, {
        warehouseId: s.warehouseId,
        accountId: s.accountId,
        limit: DASHBOARD_LIMITS.activities,
        // Clients never read who an inquiry was assigned to, here as on the inquiry itself.
        audience: auth.allows('seeInquiryAssignees') ? 'staff' : 'client',
      }),
      returnFigures(db, s, DASHBOARD_LIMITS.topItems),
    ]);

  // The dashboard's own six statuses always show (zero when unused); any other status shows when orders carry it.
  const colorOf = new Map(colors.map((c) => [c.name.toLowerCase(), c.color]));
  const counted = new Map(byStatus.map((b) => [b.name.toLowerCase(), b]));
  const always = DASHBOARD_ORDER_STATUSES.map((name) => ({
    status: name,
    label: statusLabel(name),
    color: counted.get(name)?.color ?? colorOf.get(name) ?? '#6B7280',
    count: counted.get(name)?.count ?? 0,
  }));
  const others = byStatus
    .filter((b) => !(DASHBOARD_ORDER_STATUSES as readonly string[]).includes(b.name.toLowerCase()))
    .map((b) => ({ status: b.name, label: statusLabel(b.name), color: b.color, count: b.count }));

  return {
    timeframe: query.timeframe,
    overview: {
      total_orders: overview.total,
      orders_this_period: overview.thisPeriod,
      pending_orders: overview.pending,
      shipped_orders: overview.shipped,
      delayed_orders: overview.delayed,
      total_products: products,
      low_stock_items: stock.count,
      active_warehouses: warehouses.active,
      total_warehouses: warehouses.total,
    },
    orders: {
      by_status: [...always, ...others],
      recent_orders: recent.map((o) => ({
        id: o.id,
        order_number: o.orderNumber,
        status: o.status,
        status_color: o.statusColor,
        created_at: o.createdAt.toISOString(),
        account: { id: o.accountId, name: o.accountName },
      })),
    },
    charts,
    inventory: { expiring_soon: expiring, low_stock_items: stock.items },
    warehouses: {
      total_warehouses: warehouses.total,
      active_warehouses: warehouses.active,
      warehouse_inventory: warehouses.list,
    },
    returns: { open_returns: returned.open, units_returned: returned.unitsReturned, return_rate: returned.rates },
    user_specific: { user_role: auth.user.role, permissions_count: auth.user.permissions.length },
    recent_activity: activity.map((a) => ({
      type: a.type,
      time: a.time,
      icon: a.icon,
      color: a.color,
      title: a.title,
      description: a.description,
    })),
  };
}
