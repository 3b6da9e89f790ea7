import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { inventories } from './inventory';
import { products } from './products';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * Incoming stock a client announces (spec 2 §3 Shipment). Verifying adds the quantity to on hand through the
 * ledger exactly once (a `receipt` movement referencing the shipment, unique per shipment and inventory row).
 * Its products are its lines (shipment-lines.ts); `product_id` is the first line's product and `quantity` the sum
 * announced over the lines, so the spec's single-product fields keep their meaning.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    notes: text('notes'),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    verificationNotes: text('verification_notes'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who verified or rejected it, and when (the timeline shows both for either outcome). */
    verifiedBy: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Administrators' list (every warehouse) pages newest first.
    index('shipments_created_idx').on(t.createdAt, t.id),
    index('shipments_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('shipments_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('shipments_status_idx').on(t.status, t.createdAt),
    // The billing dashboard's unbilled receiving: every account's shipments verified in the current month.
    index('shipments_verified_idx').on(t.verifiedAt, t.accountId, t.warehouseId).where(sql`${t.status} = 'verified'`),
    index('shipments_product_idx').on(t.productId),
    index('shipments_tracking_trgm_idx').using('gin', sql`lower(${t.trackingNumber}) gin_trgm_ops`),
    check('shipments_quantity_positive', sql`${t.quantity} > 0`),
    check('shipments_status_check', sql`${t.status} in ('pending', 'verified', 'rejected')`),
  ],
);
