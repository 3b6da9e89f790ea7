import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inventories } from './inventory';
import { inventoryLots } from './location-stock';
import { locations } from './locations';
import { orderItems, orders } from './orders';
import { products } from './products';
import { shippers } from './shippers';
import { users } from './users';
import { warehouses } from './warehouses';

/** Wave numbers (WAVE-000123) come from their own sequence: never reused, gaps allowed. */
export const waveNumberSeq = pgSequence('wave_number_seq', { startWith: 1 });

/**
 * A wave: orders of one warehouse released together for picking (DESIGN §11, docs/outbound-waves.md). Releasing
 * allocates their units to concrete (location, lot) places and writes the pick tasks in walk order.
 * Status: open (released, nobody picking) → picking (a picker took it) → picked; open or picking → cancelled.
 * `filters` keeps the release's filters (or the chosen order ids) for the list's description.
 */
export const waves = pgTable(
  'waves',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().default(sql`('WAVE-' || lpad(nextval('wave_number_seq')::text, 6, '0'))`),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    mode: text('mode').notNull().default('discrete'),
    status: text('status').notNull().default('open'),
    /** urgent when any of its orders is urgent: "get work" hands urgent waves out first. */
    priority: text('priority').notNull().default('normal'),
    /** The picker who took the wave ("get work" claims it with `where assignee_id is null`). */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    orderCount: integer('order_count').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    unitCount: integer('unit_count').notNull().default(0),
    locationCount: integer('location_count').notNull().default(0),
    /** The walking-distance estimate of its route at release, in metres (the coordinate model of walk-route). */
    estimatedDistanceM: integer('estimated_distance_m').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('waves_number_unique').on(t.number),
    index('waves_warehouse_status_idx').on(t.warehouseId, t.status, t.createdAt, t.id),
    index('waves_created_idx').on(t.createdAt, t.id),
    index('waves_assignee_idx').on(t.assigneeId, t.status),
    check('waves_mode_check', sql`${t.mode} in ('discrete', 'batch', 'cluster')`),
    check('waves_status_check', sql`${t.status} in ('open', 'picking', 'picked', 'cancelled')`),
    check('waves_priority_check', sql`${t.priority} in ('normal', 'urgent')`),
    check('waves_distance_non_negative', sql`${t.estimatedDistanceM} >= 0`),
  ],
);

/**
 * The orders of a wave. `state`: in_wave (released, being picked), picked, shipped (packed and shipped; frees the
 * order's backorder for a later wave), removed (taken out of the wave by a supervisor) or cancelled (the wave was cancelled). An order is in at most one live wave: the partial unique
 * index below is what makes two concurrent releases of the same order impossible. `tote`: cluster mode's tote.
 */
export const waveOrders = pgTable(
  'wave_orders',
  {
    waveId: integer('wave_id')
      .notNull()
      .references(() => waves.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('in_wave'),
    tote: text('tote'),
    /** Position of the order in the wave (urgent first, then ship date): cluster carts and pick lists follow it. */
    position: integer('position').notNull().default(0),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.waveId, t.orderId] }),
    uniqueIndex('wave_orders_one_live_wave').on(t.orderId).where(sql`${t.state} in ('in_wave', 'picked')`),
    uniqueIndex('wave_orders_tote_unique').on(t.waveId, sql`lower(${t.tote})`).where(sql`${t.tote} is not null`),
    check('wave_orders_state_check', sql`${t.state} in ('in_wave', 'picked', 'shipped', 'removed', 'cancelled')`),
  ],
);

/**
 * One unit of picking work: take `quantity` of one inventory row (and lot) from one location. `kind` put_back:
 * units of a cancelled wave already on a cart, to return to `location_id` from the staging location; it ends `done`
 * (when the picker put them into another bin, `location_id` becomes that bin, as the ledger move says).
 * While a pick task is open its units are allocated on location_stock (Σ allocated = Σ open pick quantities).
 * `allocation_rule` (the location tier that chose it) and `lot_rule` (FEFO/FIFO) are the "why" the UI shows;
 * `reason` is that explanation in words, kept as written at release.
 */
export const pickTasks = pgTable(
  'pick_tasks',
  {
    id: serial('id').primaryKey(),
    waveId: integer('wave_id')
      .notNull()
      .references(() => waves.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull().default('pick'),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    lotId: integer('lot_id').references(() => inventoryLots.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    quantityPicked: integer('quantity_picked').notNull().default(0),
    status: text('status').notNull().default('open'),
    /** Walk order within the wave (1, 2, …); a skipped task goes to the end. */
    sequence: integer('sequence').notNull(),
    allocationRule: text('allocation_rule').notNull(),
    lotRule: text('lot_rule'),
    reason: text('reason').notNull().default(''),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    pickedBy: integer('picked_by').references(() => users.id, { onDelete: 'set null' }),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    shortReason: text('short_reason'),
    /** A task written after a short pick to fetch the missing units elsewhere names the task it completes. */
    replacesTaskId: integer('replaces_task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pick_tasks_wave_idx').on(t.waveId, t.sequence, t.id),
    index('pick_tasks_location_idx').on(t.locationId, t.status),
    index('pick_tasks_open_idx').on(t.inventoryId, t.locationId, t.lotId).where(sql`${t.status} = 'open'`),
    // "Does the wave still have an open pick task?" after every confirmation: one probe, not a walk over the
    // tasks already done (pick_tasks_wave_idx is in route order, and pickers work along it).
    index('pick_tasks_wave_open_idx').on(t.waveId).where(sql`${t.status} = 'open' and ${t.kind} = 'pick'`),
    check('pick_tasks_kind_check', sql`${t.kind} in ('pick', 'put_back')`),
    check('pick_tasks_status_check', sql`${t.status} in ('open', 'picked', 'short', 'skipped', 'cancelled', 'done')`),
    check('pick_tasks_quantity_positive', sql`${t.quantity} > 0`),
    check('pick_tasks_picked_range', sql`${t.quantityPicked} >= 0 and ${t.quantityPicked} <= ${t.quantity}`),
    check('pick_tasks_rule_check', sql`${t.allocationRule} in ('pick_face', 'storage', 'receiving', 'put_back')`),
    check('pick_tasks_lot_rule_check', sql`${t.lotRule} is null or ${t.lotRule} in ('fefo', 'fifo')`),
  ],
);

/**
 * Which order line each task's units are for (every task has at least one row; discrete mode exactly one order).
 * Batch sorts them at packing; cluster puts them into the order's tote.
 */
export const pickTaskOrders = pgTable(
  'pick_task_orders',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => pickTasks.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    quantityPicked: integer('quantity_picked').notNull().default(0),
    tote: text('tote'),
  },
  (t) => [
    index('pick_task_orders_task_idx').on(t.taskId),
    index('pick_task_orders_order_idx').on(t.orderId),
    index('pick_task_orders_item_idx').on(t.orderItemId),
    check('pick_task_orders_quantity_positive', sql`${t.quantity} > 0`),
    check('pick_task_orders_picked_range', sql`${t.quantityPicked} >= 0 and ${t.quantityPicked} <= ${t.quantity}`),
  ],
);

/** A shipper's daily cut-off in one warehouse (the warehouse's local time): orders due today must leave by it. */
export const shipperWarehouseCutoffs = pgTable(
  'shipper_warehouse_cutoffs',
  {
    shipperId: integer('shipper_id')
      .notNull()
      .references(() => shippers.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    cutoffTime: time('cutoff_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipperId, t.warehouseId] }),
    index('shipper_warehouse_cutoffs_warehouse_idx').on(t.warehouseId),
  ],
);
