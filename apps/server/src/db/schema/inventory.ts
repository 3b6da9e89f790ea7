import { type SQL, sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { products } from './products';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * Stock of one product, in one warehouse, for one account. Quantities change only through the ledger
 * (modules/floor/stock/ledger.ts); the CHECKs are the last line of defence against negative stock.
 * reserved ≤ on hand holds too: orders reserve only what is available (shortfalls become backorders, DESIGN §6),
 * and shipping deducts on hand and the reservation together.
 * Stock in quarantine locations is on hand but not available: `quantity_quarantined` is the sum of the
 * row's location stock in quarantine locations, kept by the ledger, and reserved + quarantined ≤ on hand.
 */
export const inventories = pgTable(
  'inventories',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    quantityOnHand: integer('quantity_on_hand').notNull().default(0),
    quantityReserved: integer('quantity_reserved').notNull().default(0),
    quantityQuarantined: integer('quantity_quarantined').notNull().default(0),
    /** Stored so the low/out-of-stock filters and counts can use an index. */
    quantityAvailable: integer('quantity_available')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`quantity_on_hand - quantity_reserved - quantity_quarantined`),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventories_product_warehouse_account_unique').on(t.productId, t.warehouseId, t.accountId),
    index('inventories_warehouse_id_idx').on(t.warehouseId, t.id),
    index('inventories_warehouse_account_idx').on(t.warehouseId, t.accountId, t.id),
    index('inventories_account_idx').on(t.accountId, t.id),
    index('inventories_warehouse_available_idx').on(t.warehouseId, t.quantityAvailable),
    index('inventories_available_idx').on(t.quantityAvailable),
    check('inventories_on_hand_non_negative', sql`${t.quantityOnHand} >= 0`),
    check('inventories_reserved_non_negative', sql`${t.quantityReserved} >= 0`),
    check('inventories_quarantined_non_negative', sql`${t.quantityQuarantined} >= 0`),
    check(
      'inventories_reserved_within_on_hand',
      sql`${t.quantityReserved} + ${t.quantityQuarantined} <= ${t.quantityOnHand}`,
    ),
  ],
);

/**
 * The append-only ledger: every change of on hand or reserved, with the balance after it. Rows outlive a deleted
 * inventory row (inventory_id becomes null; product, warehouse and account stay for the audit trail).
 * Every row that changes where units lie names the location (and lot) and `location_delta`, the units that location
 * gained (+) or lost (−): Σ location_delta per (inventory, location, lot) = location_stock. A movement that takes
 * from several locations (shipping, a negative adjustment) writes one row per location, `location_part` 1, 2, …;
 * the on-hand and reserved deltas of the movement sit on part 1 (later parts carry only their location's units in
 * on_hand_delta), and the balance after is the running balance. A `move` writes two rows (−q at the source, +q at
 * the target, on hand unchanged), parts 1 and 2.
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    productId: integer('product_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    accountId: integer('account_id').notNull(),
    type: text('type').notNull(),
    onHandDelta: integer('on_hand_delta').notNull(),
    reservedDelta: integer('reserved_delta').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    locationId: integer('location_id'),
    lotId: integer('lot_id'),
    locationDelta: integer('location_delta').notNull().default(0),
    locationPart: smallint('location_part').notNull().default(1),
    reason: text('reason'),
    referenceType: text('reference_type'),
    referenceId: integer('reference_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_movements_inventory_idx').on(t.inventoryId, t.createdAt, t.id),
    index('inventory_movements_reference_idx').on(t.referenceType, t.referenceId),
    index('inventory_movements_location_idx').on(t.locationId, t.createdAt),
    // The billing dashboard's unbilled activity reads every account's movements of the current month at once
    // (storage and occupied-location days): from the index alone, the columns those sums need after the instant.
    index('inventory_movements_created_idx').on(
      t.createdAt,
      t.accountId,
      t.warehouseId,
      t.locationId,
      t.onHandDelta,
      t.locationDelta,
    ),
    // Billing: an account's ledger in a period and before it (storage unit-days, occupied locations,
    // units received) read from the index alone: the columns those sums need follow the key (account, instant).
    index('inventory_movements_account_created_idx').on(
      t.accountId,
      t.createdAt,
      t.warehouseId,
      t.locationId,
      t.onHandDelta,
      t.locationDelta,
    ),
    // Units received (billing): an account's receipts in a period, without reading its other movements.
    index('inventory_movements_account_receipts_idx')
      .on(t.accountId, t.createdAt, t.warehouseId, t.referenceId, t.onHandDelta)
      .where(sql`${t.type} = 'receipt'`),
    // A shipment of an order line or the receipt of an inbound shipment is applied once, even by two processes
    // (its first location part is the one that counts). A later shipment of a partly shipped order's backorder
    // carries its own reason (packing's ship.ts), so it is a shipment of its own.
    uniqueIndex('inventory_movements_once_per_reference')
      .on(t.referenceType, t.referenceId, t.inventoryId, t.type, sql`coalesce(${t.reason}, '')`)
      .where(sql`${t.type} in ('ship', 'receipt') and ${t.locationPart} = 1`),
    check(
      'inventory_movements_type_check',
      sql`${t.type} in ('initial', 'adjustment', 'edit', 'reserve', 'release', 'ship', 'receipt', 'closing', 'move', 'count', 'return', 'kit_consume', 'kit_build')`,
    ),
  ],
);
