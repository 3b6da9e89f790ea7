import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { files } from './files';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * A saved, unfinished create-orders screen (spec 2 §2 Bulk order drafts). `draft_data` is validated on the server
 * (bounded shape and size); the listing totals are computed on save so lists never parse the JSON.
 */
export const bulkOrderDrafts = pgTable(
  'bulk_order_drafts',
  {
    id: serial('id').primaryKey(),
    title: text('title'),
    description: text('description'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    draftData: jsonb('draft_data').$type<Record<string, unknown>>().notNull(),
    totalOrders: integer('total_orders').notNull().default(0),
    totalProducts: integer('total_products').notNull().default(0),
    totalQuantity: integer('total_quantity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_order_drafts_warehouse_idx').on(t.warehouseId, t.updatedAt),
    index('bulk_order_drafts_account_idx').on(t.accountId, t.updatedAt),
  ],
);

/**
 * The label PDFs a draft keeps: `draft_data` names them by `file_id`; this row says which draft
 * owns each, so they are read within the draft's scope and removed with it. Converting hands them to the orders.
 */
export const bulkOrderDraftFiles = pgTable(
  'bulk_order_draft_files',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    draftId: integer('draft_id')
      .notNull()
      .references(() => bulkOrderDrafts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulk_order_draft_files_draft_idx').on(t.draftId)],
);
