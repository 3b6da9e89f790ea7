import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * Bin locations of a warehouse. Stock per location (inventory row, location, lot → quantity) will
 * reference `locations.id`; until it exists, every location holds nothing (see location-occupancy in the module).
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    /** The scannable name, unique per warehouse (case-insensitive). */
    code: text('code').notNull(),
    /** The code with every digit run zero-padded: ordering by it is the code's natural order (A-2 before A-10). */
    sortKey: text('sort_key').notNull(),
    zone: text('zone').notNull(),
    aisle: text('aisle'),
    rack: text('rack'),
    level: text('level'),
    bin: text('bin'),
    type: text('type').notNull().default('storage'),
    /** Set by hand to override the natural order of the code; null walks in code order. */
    walkSequence: integer('walk_sequence'),
    maxUnits: integer('max_units'),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    /**
     * Hospital (a short pick found less than expected): kept out of allocation until a manager clears it, with a
     * cycle count created for it. Null: not in hospital.
     */
    hospitalSince: timestamp('hospital_since', { withTimezone: true }),
    hospitalReason: text('hospital_reason'),
    hospitalBy: integer('hospital_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('locations_warehouse_code_unique').on(t.warehouseId, sql`lower(${t.code})`),
    index('locations_walk_order_idx').on(t.warehouseId, t.walkSequence, t.sortKey),
    // A zone's locations in walk order (the list's zone filter stops after a page); its prefix lists the zones.
    index('locations_zone_idx').on(t.warehouseId, t.zone, t.walkSequence, t.sortKey, t.id),
    index('locations_type_idx').on(t.warehouseId, t.type),
    index('locations_active_idx').on(t.warehouseId, t.isActive),
    index('locations_hospital_idx').on(t.warehouseId, t.hospitalSince).where(sql`${t.hospitalSince} is not null`),
    index('locations_code_trgm_idx').using('gin', sql`lower(${t.code}) gin_trgm_ops`),
    check(
      'locations_type_check',
      sql`${t.type} in ('receiving', 'storage', 'pick', 'packing', 'staging', 'quarantine')`,
    ),
    check('locations_max_units_positive', sql`${t.maxUnits} is null or ${t.maxUnits} > 0`),
    check('locations_walk_sequence_nonnegative', sql`${t.walkSequence} is null or ${t.walkSequence} >= 0`),
  ],
);
