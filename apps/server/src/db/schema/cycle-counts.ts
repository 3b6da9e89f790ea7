import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { inventories } from './inventory';
import { inventoryLots } from './location-stock';
import { locations } from './locations';
import { products } from './products';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * A cycle count of some locations of one warehouse. `scope` says how the locations were chosen and
 * `criteria` holds the choice (zone, code range, product, account or days), kept for the list's description.
 * States: open → counting → review → approved, back to counting on a recount, or cancelled (contract/cycle-counts.ts).
 */
export const cycleCounts = pgTable(
  'cycle_counts',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('open'),
    scope: text('scope').notNull(),
    criteria: jsonb('criteria').$type<Record<string, string | number | null>>().notNull().default({}),
    scopeLabel: text('scope_label').notNull(),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    index('cycle_counts_warehouse_idx').on(t.warehouseId, t.createdAt),
    index('cycle_counts_state_idx').on(t.state, t.createdAt),
    index('cycle_counts_approved_idx').on(t.approvedAt),
    check('cycle_counts_state_check', sql`${t.state} in ('open', 'counting', 'review', 'approved', 'cancelled')`),
    check('cycle_counts_scope_check', sql`${t.scope} in ('zone', 'range', 'product', 'account', 'not_counted')`),
  ],
);

/** The locations a count takes, empty ones included (stock found in an "empty" bin is a variance too). */
export const cycleCountLocations = pgTable(
  'cycle_count_locations',
  {
    cycleCountId: integer('cycle_count_id')
      .notNull()
      .references(() => cycleCounts.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cycleCountId, t.locationId] }),
    index('cycle_count_locations_location_idx').on(t.locationId),
  ],
);

/**
 * One (location, inventory row, lot) of a count. `expected_quantity` is the location stock snapshot: taken at
 * creation, and taken again when the line is counted, so stock that moved in between is not mistaken for a
 * variance. `counted_quantity` null: not counted yet. `added`: a product found where none was expected.
 * `inventory_id` null: an unexpected product with no inventory row in the warehouse yet (approval creates it).
 */
export const cycleCountLines = pgTable(
  'cycle_count_lines',
  {
    id: serial('id').primaryKey(),
    cycleCountId: integer('cycle_count_id')
      .notNull()
      .references(() => cycleCounts.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    lotId: integer('lot_id').references(() => inventoryLots.id, { onDelete: 'set null' }),
    expectedQuantity: integer('expected_quantity').notNull().default(0),
    countedQuantity: integer('counted_quantity'),
    recount: boolean('recount').notNull().default(false),
    added: boolean('added').notNull().default(false),
    countedBy: integer('counted_by').references(() => users.id, { onDelete: 'set null' }),
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (t) => [
    unique('cycle_count_lines_place_unique')
      .on(t.cycleCountId, t.locationId, t.productId, t.accountId, t.lotId)
      .nullsNotDistinct(),
    index('cycle_count_lines_location_idx').on(t.locationId),
    check('cycle_count_lines_expected_non_negative', sql`${t.expectedQuantity} >= 0`),
    check('cycle_count_lines_counted_non_negative', sql`${t.countedQuantity} is null or ${t.countedQuantity} >= 0`),
  ],
);
