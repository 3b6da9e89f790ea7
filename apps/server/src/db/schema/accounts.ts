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
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './users';
import { warehouses } from './warehouses';

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('inactive'),
    accountType: text('account_type', { enum: ['regular', 'fast'] })
      .notNull()
      .default('regular'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // Where its invoices are addressed and how many days after issue they are due.
    billingAddress: text('billing_address'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** Allocation: a lot is usable only if it expires after the ship date plus these days. */
    minRemainingShelfLifeDays: integer('min_remaining_shelf_life_days').notNull().default(0),
    /** Release allocates what exists of a short order (the rest stays a backorder) instead of leaving it out. */
    allowPartialShipment: boolean('allow_partial_shipment').notNull().default(false),
    /** A picker may take another lot of the same product and location with an equal or later expiry. */
    allowLotSubstitution: boolean('allow_lot_substitution').notNull().default(false),
    /** SSCCs of this account's cartons use this GS1 company prefix instead of the installation's. */
    gs1CompanyPrefix: text('gs1_company_prefix'),
    /** Ship is refused until the order has a shipping label. */
    requireLabel: boolean('require_label').notNull().default(false),
    /** The logo printed on packing slips (PNG or JPEG). */
    logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    index('accounts_status_idx').on(t.status),
    index('accounts_name_lower_idx').on(sql`lower(${t.name})`),
    check('accounts_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('accounts_type_check', sql`${t.accountType} in ('regular', 'fast')`),
    check('accounts_payment_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
    check('accounts_min_shelf_life_check', sql`${t.minRemainingShelfLifeDays} between 0 and 3650`),
    check('accounts_gs1_prefix_digits', sql`${t.gs1CompanyPrefix} is null or ${t.gs1CompanyPrefix} ~ '^[0-9]{7,10}$'`),
  ],
);

export const accountWarehouses = pgTable(
  'account_warehouses',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.warehouseId] }),
    index('account_warehouses_warehouse_idx').on(t.warehouseId),
  ],
);
