import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inventories } from './inventory';
import { products } from './products';
import { shipments } from './shipments';

/**
 * The products of an inbound shipment: what the client announced per product and, once
 * verified, what was received. A received quantity other than the announced one carries the receiver's reason (the
 * discrepancy the client sees). One line per product in a shipment: receiving a line is one ledger `receipt` of its
 * inventory row, and the ledger applies a receipt once per shipment and row.
 */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Announced units. */
    quantity: integer('quantity').notNull(),
    /** Units received at verification; null while pending (and on rejected shipments). */
    quantityReceived: integer('quantity_received'),
    discrepancyReason: text('discrepancy_reason'),
    /** The inventory row the line was received into (set at verification). */
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_lines_shipment_product_unique').on(t.shipmentId, t.productId),
    index('shipment_lines_product_idx').on(t.productId),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('shipment_lines_received_non_negative', sql`${t.quantityReceived} is null or ${t.quantityReceived} >= 0`),
  ],
);
