import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { files } from './files';
import { inventoryLots } from './location-stock';
import { locations } from './locations';
import { orderItems, orders } from './orders';
import { products } from './products';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * A return (RMA) of units of one shipped order (contract/returns.ts): announced → in_transit → received → closed,
 * or cancelled while announced. `rma_number` is RMA- and the id (rmaNumberFor), like order numbers.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    rmaNumber: text('rma_number').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('announced'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The return label PDF the client uploaded (files kind return_label), if any. */
    labelFileId: uuid('label_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('returns_rma_number_unique').on(t.rmaNumber),
    // The list's filters, newest first within each; the order's returns (returnable quantities, order detail).
    index('returns_status_idx').on(t.status, t.id),
    index('returns_account_idx').on(t.accountId, t.id),
    index('returns_warehouse_idx').on(t.warehouseId, t.id),
    index('returns_order_idx').on(t.orderId),
    // Scanning a parcel's tracking number at the dock finds its return.
    index('returns_tracking_idx').on(sql`lower(${t.trackingNumber})`),
    check('returns_status_check', sql`${t.status} in ('announced', 'in_transit', 'received', 'closed', 'cancelled')`),
  ],
);

/**
 * One product line of a return: units announced and why. `received_at` set once, by the conditional UPDATE that
 * receives the line (a concurrent second receipt changes no row and adds nothing).
 */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    reasonText: text('reason_text'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId, t.id),
    index('return_lines_order_item_idx').on(t.orderItemId),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'return_lines_reason_check',
      sql`${t.reason} in ('damaged', 'wrong_item', 'not_wanted', 'defective', 'other')`,
    ),
  ],
);

/**
 * What came back of a line, per disposition (and location and lot when units entered stock). `quarantined` counts
 * the units of a processing_required part still in quarantine: releases take from it by a conditional UPDATE, so
 * two releases never take the same unit.
 */
export const returnReceipts = pgTable(
  'return_receipts',
  {
    id: serial('id').primaryKey(),
    returnLineId: integer('return_line_id')
      .notNull()
      .references(() => returnLines.id, { onDelete: 'cascade' }),
    disposition: text('disposition').notNull(),
    quantity: integer('quantity').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    lotId: integer('lot_id').references(() => inventoryLots.id, { onDelete: 'restrict' }),
    note: text('note'),
    quarantined: integer('quarantined').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_receipts_line_idx').on(t.returnLineId, t.id),
    check(
      'return_receipts_disposition_check',
      sql`${t.disposition} in ('restocked', 'processing_required', 'not_restocked', 'missing')`,
    ),
    check('return_receipts_quantity_positive', sql`${t.quantity} > 0`),
    check('return_receipts_quarantined_range', sql`${t.quarantined} >= 0 and ${t.quarantined} <= ${t.quantity}`),
  ],
);
