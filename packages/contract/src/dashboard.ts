import { z } from 'zod';
import { idSchema } from './ids';

/** Spec 1 §9: default timeframe 30 days; the screen offers these. */
export const DASHBOARD_TIMEFRAMES = [7, 30, 90, 365] as const;
export const DEFAULT_TIMEFRAME_DAYS = 30;
/** Spec 1 §9 list sizes. */
export const DASHBOARD_LIMITS = { recentOrders: 5, topItems: 5, lowStock: 3, warehouses: 3, activities: 5 } as const;
/** Spec 1 §4: the order statuses the dashboard always shows, even at zero. */
export const DASHBOARD_ORDER_STATUSES = [
  'draft',
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;

export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load dashboard data',
  inquiryStatsFailed: 'Failed to load inquiry statistics',
} as const;

const id = idSchema();
export const dashboardQuery = z.object({
  timeframe: z.coerce.number().int().min(1).max(3650).default(DEFAULT_TIMEFRAME_DAYS),
  warehouse_id: id.optional(),
  account_id: id.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const count = z.number().int();
export const dashboardSchema = z.object({
  timeframe: z.number().int(),
  overview: z.object({
    total_orders: count,
    orders_this_period: count,
    pending_orders: count,
    shipped_orders: count,
    delayed_orders: count,
    total_products: count,
    low_stock_items: count,
    active_warehouses: count,
    total_warehouses: count,
  }),
  orders: z.object({
    by_status: z.array(z.object({ status: z.string(), label: z.string(), color: z.string(), count })),
    recent_orders: z.array(
      z.object({
        id: z.number().int(),
        order_number: z.string(),
        status: z.string(),
        status_color: z.string(),
        created_at: z.string(),
        account: z.object({ id: z.number().int(), name: z.string() }),
      }),
    ),
  }),
  charts: z.object({
    top_accounts: z.array(z.object({ id: z.number().int(), name: z.string(), orders_count: count })),
    top_products: z.array(
      z.object({ product_id: z.number().int(), total_quantity: count, name: z.string(), sku: z.string() }),
    ),
    /** One point per day of the timeframe: orders created and orders shipped that day. */
    orders_over_time: z.array(z.object({ date: z.string(), created: count, shipped: count })),
  }),
  inventory: z.object({
    /** Lots (and their units) in scope whose expiry date is within EXPIRING_SOON_DAYS, expired ones included. */
    expiring_soon: z.object({ days: count, lots: count, units: count }),
    low_stock_items: z.array(
      z.object({
        id: z.number().int(),
        quantity_available: count,
        product: z.object({ id: z.number().int(), name: z.string(), sku: z.string() }),
      }),
    ),
  }),
  warehouses: z.object({
    total_warehouses: count,
    active_warehouses: count,
    warehouse_inventory: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        code: z.string(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        is_active: z.boolean(),
        available_inventory: count,
      }),
    ),
  }),
  /** Returns (RMA): open ones, units returned in the timeframe, and per account units returned / units shipped. */
  returns: z.object({
    open_returns: count,
    units_returned: count,
    return_rate: z.array(
      z.object({
        account: z.object({ id: z.number().int(), name: z.string() }),
        returned_units: count,
        shipped_units: count,
        rate: z.number().nullable().describe('Returned units / units shipped in the timeframe; null when none shipped'),
      }),
    ),
  }),
  user_specific: z.object({ user_role: z.string(), permissions_count: count }),
  recent_activity: z.array(
    z.object({
      type: z.string(),
      time: z.string(),
      icon: z.string(),
      color: z.string(),
      title: z.string(),
      description: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponse = z.object({ data: dashboardSchema });
