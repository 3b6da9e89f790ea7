import type { LabelType } from '@wms/contract/orders';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { files } from './files';
import { inventories } from './inventory';
import { products } from './products';
import { shippers } from './shippers';
import { statuses } from './statuses';
import { users } from './users';
import { warehouses } from './warehouses';

/** Several orders packed and shipped together (spec 2 §3 Merge item); its PDF is uploaded or built from labels. */
export const mergeItems = pgTable(
  'merge_items',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'restrict' }),
    pdfOriginalName: text('pdf_original_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merge_items_warehouse_idx').on(t.warehouseId, t.createdAt),
    // The orders list reads merge items newest first (orders-list-repository.ts).
    index('merge_items_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * A customer order of one account, fulfilled from one warehouse. `lifecycle` copies the status's lifecycle in the
 * same transaction that sets the status, so stock rules and list filters never join statuses.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    /** The client's own (external) order id: unique per account, so a retried submit never doubles an order. */
    externalOrderId: text('order_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    shipperId: integer('shipper_id').references(() => shippers.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    statusId: integer('status_id')
      .notNull()
      .references(() => statuses.id, { onDelete: 'restrict' }),
    lifecycle: text('lifecycle', { enum: ['open', 'shipped', 'cancelled'] })
      .notNull()
      .default('open'),
    customerName: text('customer_name').notNull(),
    shipDate: date('ship_date', { mode: 'string' }),
    /** urgent orders are released and picked first. */
    priority: text('priority', { enum: ['normal', 'urgent'] })
      .notNull()
      .default('normal'),
    notes: text('notes'),
    mergeItemId: integer('merge_item_id').references(() => mergeItems.id, { onDelete: 'set null' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /**
     * Recorded when the order ships (shipping is final): how many lines and units it shipped, so billing counts a
     * month's fulfilment without reading every order's lines. Null on an order that has not shipped.
     */
    shippedLines: integer('shipped_lines'),
    shippedUnits: integer('shipped_units'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_unique').on(t.orderNumber),
    uniqueIndex('orders_account_external_id_unique').on(t.accountId, t.externalOrderId),
    index('orders_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('orders_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_idx').on(t.statusId),
    index('orders_lifecycle_shipped_idx').on(t.lifecycle, t.shippedAt),
    // Billing: an account's orders shipped in a period, in the order the preview lists them.
    index('orders_account_shipped_idx').on(t.accountId, t.shippedAt, t.id).where(sql`${t.lifecycle} = 'shipped'`),
    // The billing dashboard: every account's orders shipped in a period, with what it counts, from the index alone.
    index('orders_shipped_counts_idx')
      .on(t.shippedAt, t.accountId, t.warehouseId, t.shippedLines, t.shippedUnits, t.id)
      .where(sql`${t.lifecycle} = 'shipped'`),
    // The billing dashboard's labels of a month: each label's order account and warehouse from the index alone (a
    // heap visit per label read ~10 000 pages of the order table at a million orders).
    index('orders_id_account_warehouse_idx').on(t.id, t.accountId, t.warehouseId),
    index('orders_merge_item_idx').on(t.mergeItemId),
    index('orders_ship_date_idx').on(t.shipDate),
    // The orders list sorted by ship date or customer, within a warehouse or an account.
    index('orders_warehouse_ship_date_idx').on(t.warehouseId, t.shipDate, t.id),
    index('orders_account_ship_date_idx').on(t.accountId, t.shipDate, t.id),
    index('orders_warehouse_customer_idx').on(t.warehouseId, sql`lower(${t.customerName})`, t.id),
    index('orders_account_customer_idx').on(t.accountId, sql`lower(${t.customerName})`, t.id),
    // Delayed orders (dashboard): open with a ship date before today, read without touching the table.
    index('orders_open_ship_date_idx').on(t.shipDate, t.warehouseId, t.accountId).where(sql`${t.lifecycle} = 'open'`),
    index('orders_order_number_trgm_idx').using('gin', sql`lower(${t.orderNumber}) gin_trgm_ops`),
    index('orders_customer_name_trgm_idx').using('gin', sql`lower(${t.customerName}) gin_trgm_ops`),
    index('orders_external_id_trgm_idx').using('gin', sql`lower(${t.externalOrderId}) gin_trgm_ops`),
    // The orders list's search among merged orders only (a merge item matches through its orders): small, and it
    // spares walking every merge item when the search matches none of them.
    index('orders_merged_search_trgm_idx')
      .using(
        'gin',
        sql`lower(${t.orderNumber}) gin_trgm_ops`,
        sql`lower(${t.externalOrderId}) gin_trgm_ops`,
        sql`lower(${t.customerName}) gin_trgm_ops`,
      )
      .where(sql`${t.mergeItemId} is not null`),
    check('orders_lifecycle_check', sql`${t.lifecycle} in ('open', 'shipped', 'cancelled')`),
    check('orders_priority_check', sql`${t.priority} in ('normal', 'urgent')`),
  ],
);

/**
 * A line with units still to reserve (quantity − reserved − shipped > 0): on an open order, a backorder. The same
 * expression is the predicate of order_items_unfilled_idx, so queries that use it can read that small index.
 */
export const unfilledLine = (t: {
  quantity: AnyPgColumn;
  quantityReserved: AnyPgColumn;
  quantityShipped: AnyPgColumn;
}) => sql`${t.quantityReserved} + ${t.quantityShipped} < ${t.quantity}`;

/**
 * One product line of an order. `quantity_reserved` is what the line holds in the ledger right now (min of the
 * quantity and what was available); the rest is a backorder. Verification counts units (scan-to-verify).
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    quantityReserved: integer('quantity_reserved').notNull().default(0),
    quantityShipped: integer('quantity_shipped').notNull().default(0),
    verifiedQuantity: integer('verified_quantity').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    /**
     * A component line of a bundle ordered on this order: the bundle, and how many of it the line stands for (its
     * quantity is that times the component's units per kit). Null for a product ordered as itself.
     */
    kitProductId: integer('kit_product_id').references(() => products.id, { onDelete: 'restrict' }),
    kitQuantity: integer('kit_quantity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.id),
    index('order_items_product_idx').on(t.productId),
    index('order_items_inventory_idx').on(t.inventoryId),
    // Backorders: stock arriving for a product finds its short lines here, and the orders list's
    // short filter reads it whole. Shipped lines are not in it; lines of cancelled orders are (few).
    index('order_items_unfilled_idx').on(t.productId, t.orderId).where(unfilledLine(t)),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_kit_pair', sql`(${t.kitProductId} is null) = (${t.kitQuantity} is null)`),
    check('order_items_reserved_range', sql`${t.quantityReserved} >= 0 and ${t.quantityReserved} <= ${t.quantity}`),
    check('order_items_verified_range', sql`${t.verifiedQuantity} >= 0 and ${t.verifiedQuantity} <= ${t.quantity}`),
  ],
);

/** Shipping, return or customs label PDFs of an order (bytes in FileStorage, metadata in files). */
export const shipmentLabels = pgTable(
  'shipment_labels',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    labelName: text('label_name').notNull(),
    // The types are the contract's LABEL_TYPES; the check constraint below is the database's own copy of the rule.
    labelType: text('label_type').$type<LabelType>().notNull().default('shipping'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_labels_order_idx').on(t.orderId, t.id),
    // The billing dashboard's unbilled labels: every account's labels of the current month.
    index('shipment_labels_created_idx').on(t.createdAt, t.orderId),
    check('shipment_labels_type_check', sql`${t.labelType} in ('shipping', 'return', 'customs')`),
  ],
);
