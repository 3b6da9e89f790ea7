import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Carriers (UPS, FedEx…): global master data, not scoped to a warehouse or account. */
export const shippers = pgTable(
  'shippers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    website: text('website'),
    isActive: boolean('is_active').notNull().default(true),
    /** A URL template with a {tracking_number} placeholder. */
    trackingUrl: text('tracking_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shippers_code_lower_unique').on(sql`lower(${t.code})`),
    index('shippers_name_lower_idx').on(sql`lower(${t.name})`),
    index('shippers_active_idx').on(t.isActive),
  ],
);
