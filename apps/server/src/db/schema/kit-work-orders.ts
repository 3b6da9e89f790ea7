import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { inventories } from './inventory';
import { inventoryLots } from './location-stock';
import { locations } from './locations';
import { products } from './products';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * A kit work order (docs/catalogue-kits.md): build `quantity` assembled kits from their components in a warehouse,
 * or take them apart (`disassemble`). open → completed | cancelled. While open, what it consumes is reserved on the
 * inventory rows and allocated per (location, lot) (kit_work_order_allocations), so nothing else takes it.
 */
export const kitWorkOrders = pgTable(
  'kit_work_orders',
  {
    id: serial('id').primaryKey(),
    /** KWO-000123: the id, zero-padded. */
    number: text('number').notNull(),
    kind: text('kind').notNull().default('build'),
    status: text('status').notNull().default('open'),
    kitProductId: integer('kit_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Where what the order makes is put (the kits of a build, the components of a disassembly). */
    targetLocationId: integer('target_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    /** The lot the built kits were given (a build of a lot- or expiry-tracked kit). */
    kitLotId: integer('kit_lot_id').references(() => inventoryLots.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('kit_work_orders_number_unique').on(t.number),
    // One index per list filter, each ending in the id (the list's order: newest first).
    index('kit_work_orders_status_idx').on(t.status, t.id),
    index('kit_work_orders_warehouse_idx').on(t.warehouseId, t.id),
    index('kit_work_orders_account_idx').on(t.accountId, t.id),
    index('kit_work_orders_kit_idx').on(t.kitProductId, t.id),
    check('kit_work_orders_kind_check', sql`${t.kind} in ('build', 'disassemble')`),
    check('kit_work_orders_status_check', sql`${t.status} in ('open', 'completed', 'cancelled')`),
    check('kit_work_orders_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/**
 * What a work order takes, per (inventory row, location, lot): the components of a build (per-kit quantity × N in
 * all), the kits of a disassembly. Held (reserved and allocated) while the order is open; consumed exactly on
 * complete; released on cancel.
 */
export const kitWorkOrderAllocations = pgTable(
  'kit_work_order_allocations',
  {
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => kitWorkOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    lotId: integer('lot_id').references(() => inventoryLots.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Why this place (the allocation module's words). */
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    index('kit_work_order_allocations_order_idx').on(t.workOrderId, t.id),
    check('kit_work_order_allocations_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** The kit's bill of materials as it was when the order was created (a later edit of the kit changes no order). */
export const kitWorkOrderLines = pgTable(
  'kit_work_order_lines',
  {
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => kitWorkOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    perKit: integer('per_kit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workOrderId, t.productId] }),
    check('kit_work_order_lines_per_kit_positive', sql`${t.perKit} >= 1`),
  ],
);
