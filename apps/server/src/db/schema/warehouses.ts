import { sql } from 'drizzle-orm';
import {
  boolean,
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouses_code_lower_unique').on(sql`lower(${t.code})`),
    index('warehouses_name_lower_idx').on(sql`lower(${t.name})`),
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
