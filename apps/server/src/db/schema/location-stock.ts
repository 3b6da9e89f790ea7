import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inventories } from './inventory';
import { locations } from './locations';
import { products } from './products';

/**
 * Lots of a product. Only the shape exists for now: stock per location and ledger
 * rows may name a lot, so lot tracking can be switched on per product later without reshaping location stock.
 */
export const inventoryLots = pgTable(
  'inventory_lots',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    lotCode: text('lot_code').notNull(),
    expiryDate: date('expiry_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_lots_product_code_unique').on(t.productId, sql`lower(${t.lotCode})`),
    index('inventory_lots_expiry_idx').on(t.expiryDate),
  ],
);

/**
 * Where the units of an inventory row lie (DESIGN §10): (inventory row, location, lot) → quantity, with
 * Σ quantity = inventories.quantity_on_hand for every row and Σ over quarantine locations = quantity_quarantined.
 * Changed only by the ledger (modules/floor/stock/ledger-repository.ts), in the transaction of the movement; a row
 * that reaches 0 is deleted, so "occupied" means "has a row". One row per (inventory, location, lot), a null lot
 * counting as one value (NULLS NOT DISTINCT).
 *
 * Allocation (DESIGN §11): `quantity_allocated` holds units of one location and lot for open pick tasks, with
 * CHECK 0 ≤ quantity_allocated ≤ quantity; moves, negative adjustments and counts take only
 * `quantity − quantity_allocated`, and a row is deleted only when both are 0. Changed only by the allocation module
 * (modules/floor/allocation) and the ledger, in the transaction of the change that causes it.
 */
export const locationStock = pgTable(
  'location_stock',
  {
    id: serial('id').primaryKey(),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    lotId: integer('lot_id').references(() => inventoryLots.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(0),
    quantityAllocated: integer('quantity_allocated').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('location_stock_inventory_location_lot_unique').on(t.inventoryId, t.locationId, t.lotId).nullsNotDistinct(),
    index('location_stock_location_idx').on(t.locationId, t.inventoryId),
    // Lots → where they lie: the "expiring within N days" filter and dashboard card start from the lots' expiry.
    index('location_stock_lot_idx').on(t.lotId, t.inventoryId).where(sql`${t.lotId} is not null`),
    check('location_stock_quantity_non_negative', sql`${t.quantity} >= 0`),
    check(
      'location_stock_allocated_range',
      sql`${t.quantityAllocated} >= 0 and ${t.quantityAllocated} <= ${t.quantity}`,
    ),
  ],
);
