import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    phone: text('phone'),
    email: text('email'),
    managerName: text('manager_name'),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    /** IANA time zone: billing days are calendar days in this zone. */
    timezone: text('timezone').notNull().default('UTC'),
    /**
     * The walking model: metres between two aisles and between two racks along an aisle, in
     * centimetres. walk-route turns a location's aisle and rack into coordinates with them.
     */
    aisleSpacingCm: integer('aisle_spacing_cm').notNull().default(300),
    rackSpacingCm: integer('rack_spacing_cm').notNull().default(120),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouses_code_lower_unique').on(sql`lower(${t.code})`),
    index('warehouses_name_lower_idx').on(sql`lower(${t.name})`),
    check('warehouses_aisle_spacing_positive', sql`${t.aisleSpacingCm} between 1 and 100000`),
    check('warehouses_rack_spacing_positive', sql`${t.rackSpacingCm} between 1 and 100000`),
  ],
);

/** Staff (managers) and client users assigned to a warehouse. */
export const warehouseUsers = pgTable(
  'warehouse_users',
  {
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.userId] }), index('warehouse_users_user_idx').on(t.userId)],
);
