import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inventories } from './inventory';
import { inventoryLots } from './location-stock';
import { locations } from './locations';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * A pick face (docs/floor-replenishment.md): an inventory row kept in a pick location between `min` and `max`
 * units, refilled from storage in whole `increment`s (a case of 12, say). `warehouse_id` is the row's, kept here
 * so the warehouse's list and the replenishment report start from an index.
 */
export const pickFaces = pgTable(
  'pick_faces',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    increment: integer('increment').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pick_faces_inventory_location_unique').on(t.inventoryId, t.locationId),
    index('pick_faces_warehouse_idx').on(t.warehouseId, t.id),
    index('pick_faces_location_idx').on(t.locationId),
    check('pick_faces_min_non_negative', sql`${t.minQuantity} >= 0`),
    check('pick_faces_max_at_least_min', sql`${t.maxQuantity} >= ${t.minQuantity} and ${t.maxQuantity} > 0`),
    check('pick_faces_increment_positive', sql`${t.increment} >= 1`),
  ],
);

/**
 * One replenishment: bring `quantity` of an inventory row (and lot) from a storage location to its pick face.
 * open → in_progress (claimed by one worker) → done | cancelled (`short`: cancelled because the source was short).
 * While open or in progress its units are allocated at the source (location_stock.quantity_allocated), as a pick
 * task's are, so nothing else takes them. At most one live task per pick face (partial unique index).
 */
export const replenishmentTasks = pgTable(
  'replenishment_tasks',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    pickFaceId: integer('pick_face_id').references(() => pickFaces.id, { onDelete: 'set null' }),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'restrict' }),
    lotId: integer('lot_id').references(() => inventoryLots.id, { onDelete: 'restrict' }),
    sourceLocationId: integer('source_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    targetLocationId: integer('target_location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    quantityMoved: integer('quantity_moved').notNull().default(0),
    status: text('status').notNull().default('open'),
    urgent: boolean('urgent').notNull().default(false),
    short: boolean('short').notNull().default(false),
    /** Why this source (the allocation module's words), kept as written at creation. */
    reason: text('reason').notNull().default(''),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('replenishment_tasks_one_live_per_face')
      .on(t.pickFaceId)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    index('replenishment_tasks_warehouse_status_idx').on(t.warehouseId, t.status, t.id),
    index('replenishment_tasks_source_live_idx')
      .on(t.sourceLocationId)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    check('replenishment_tasks_status_check', sql`${t.status} in ('open', 'in_progress', 'done', 'cancelled')`),
    check('replenishment_tasks_quantity_positive', sql`${t.quantity} > 0`),
    check('replenishment_tasks_moved_range', sql`${t.quantityMoved} >= 0 and ${t.quantityMoved} <= ${t.quantity}`),
  ],
);
