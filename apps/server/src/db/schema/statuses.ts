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

/**
 * Configurable statuses (spec 2 §2–§5). Orders point at a status row; what a status does to stock is its
 * `lifecycle` (contract order-lifecycle.ts), never its name. `system_key` marks the statuses the rules depend on
 * (pending, processing, shipped, cancelled): renamable, never deletable.
 */
export const statuses = pgTable(
  'statuses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color').notNull().default('#3B82F6'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    audience: text('audience', { enum: ['all', 'client', 'manager'] })
      .notNull()
      .default('all'),
    lifecycle: text('lifecycle', { enum: ['open', 'shipped', 'cancelled'] })
      .notNull()
      .default('open'),
    systemKey: text('system_key'),
    /** On hold: orders in this status are never released into a wave; the release preview says why. */
    holdsRelease: boolean('holds_release').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statuses_name_lower_unique').on(sql`lower(${t.name})`),
    uniqueIndex('statuses_system_key_unique').on(t.systemKey),
    index('statuses_sort_idx').on(t.sortOrder, t.id),
    check('statuses_audience_check', sql`${t.audience} in ('all', 'client', 'manager')`),
    check('statuses_lifecycle_check', sql`${t.lifecycle} in ('open', 'shipped', 'cancelled')`),
    check('statuses_sort_order_check', sql`${t.sortOrder} >= 0`),
  ],
);

/** Which modules (orders, shipments, inquiries) offer a status; a status with none is unavailable everywhere. */
export const statusModules = pgTable(
  'status_modules',
  {
    statusId: integer('status_id')
      .notNull()
      .references(() => statuses.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
  },
  (t) => [primaryKey({ columns: [t.statusId, t.module] }), index('status_modules_module_idx').on(t.module)],
);
