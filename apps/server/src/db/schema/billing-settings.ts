import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The installation's billing settings: the issuer printed on every invoice. One row (id 1),
 * written by whoever manages billing; absent until first saved (invoices then print no issuer block).
 * `logo`: a PNG or JPEG as a data URL, small enough to embed in each PDF.
 */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    companyName: text('company_name').notNull(),
    address: text('address').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    logo: text('logo'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_settings_single_row', sql`${t.id} = 1`)],
);
