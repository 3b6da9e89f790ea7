import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/*
 * Order counters for the dashboard (well under 150 ms at a million orders). They are kept by statement
 * triggers on `orders` (migration 0009_order_counter_triggers.sql), so every write path — one order, a bulk or an
 * import of thousands, a status change, a delete — moves them in the same transaction, and a whole import costs
 * one upsert per table. Days are `created_at::date` / `shipped_at::date` in the database's time zone, the same
 * `current_date` the dashboard's timeframe counts back from. `rebuild_order_counters()` recomputes them from the
 * orders (the migration's backfill, the benchmark generator, a repair).
 *
 * No foreign keys: a counter row is a figure, not a reference, and the key checks would cost every order write.
 */

/**
 * Orders per (warehouse, account, current status, lifecycle), all time: total, pending, the by-status chart, the
 * orders list's stat cards. The lifecycle is the order's own copy (a custom status's lifecycle may change later).
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    warehouseId: integer('warehouse_id').notNull(),
    accountId: integer('account_id').notNull(),
    statusId: integer('status_id').notNull(),
    lifecycle: text('lifecycle', { enum: ['open', 'shipped', 'cancelled'] }).notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.accountId, t.statusId, t.lifecycle] })],
);

/** Orders created and orders shipped per day and (warehouse, account): the timeframe figures and the series. */
export const orderDailyCounts = pgTable(
  'order_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    accountId: integer('account_id').notNull(),
    created: integer('created').notNull().default(0),
    shipped: integer('shipped').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.warehouseId, t.accountId] }),
    // A client's dashboard reads its few accounts over the timeframe.
    index('order_daily_counts_account_idx').on(t.accountId, t.day),
  ],
);

/** Units shipped per day, product and (warehouse, account): the top-selling products of the timeframe. */
export const productDailyShipments = pgTable(
  'product_daily_shipments',
  {
    day: date('day', { mode: 'string' }).notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    accountId: integer('account_id').notNull(),
    productId: integer('product_id').notNull(),
    units: integer('units').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.warehouseId, t.accountId, t.productId] }),
    index('product_daily_shipments_account_idx').on(t.accountId, t.day),
  ],
);
