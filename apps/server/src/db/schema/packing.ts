import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inventoryLots } from './location-stock';
import { orderItems, orders } from './orders';
import { users } from './users';
import { warehouses } from './warehouses';

/**
 * The installation's packing settings (docs/outbound-packing.md). One row (id 1), absent until first saved: the GS1
 * company prefix SSCCs are built from when the account has none of its own, and the SSCC extension digit.
 */
export const packingSettings = pgTable(
  'packing_settings',
  {
    id: integer('id').primaryKey().default(1),
    gs1CompanyPrefix: text('gs1_company_prefix'),
    ssccExtensionDigit: integer('sscc_extension_digit').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('packing_settings_single_row', sql`${t.id} = 1`),
    check(
      'packing_settings_prefix_digits',
      sql`${t.gs1CompanyPrefix} is null or ${t.gs1CompanyPrefix} ~ '^[0-9]{7,10}$'`,
    ),
    check('packing_settings_extension_digit', sql`${t.ssccExtensionDigit} between 0 and 9`),
  ],
);

/**
 * The gap-free SSCC serial per company prefix. A carton close takes `next_serial` by `update … returning` in its own
 * transaction: the row lock serialises concurrent closes, and a close that rolls back gives its number back.
 */
export const ssccCounters = pgTable('sscc_counters', {
  companyPrefix: text('company_prefix').primaryKey(),
  nextSerial: bigint('next_serial', { mode: 'number' }).notNull().default(1),
});

/**
 * Box sizes of a warehouse. Exactly one per warehouse is the "Custom" type (`is_custom`): no fixed dimensions, no
 * tare, never edited or deactivated — a carton of it types its own dimensions.
 */
export const cartonTypes = pgTable(
  'carton_types',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isCustom: boolean('is_custom').notNull().default(false),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    tareWeightG: integer('tare_weight_g').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carton_types_warehouse_name_unique').on(t.warehouseId, sql`lower(${t.name})`),
    uniqueIndex('carton_types_one_custom').on(t.warehouseId).where(sql`${t.isCustom}`),
    check(
      'carton_types_dimensions',
      sql`${t.isCustom} or (${t.lengthMm} > 0 and ${t.widthMm} > 0 and ${t.heightMm} > 0)`,
    ),
    check('carton_types_tare_non_negative', sql`${t.tareWeightG} >= 0`),
  ],
);

/** A packing bench of a warehouse and where its documents go: the browser, or a network label printer (raw ZPL). */
export const packingStations = pgTable(
  'packing_stations',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    output: text('output', { enum: ['browser', 'printer'] })
      .notNull()
      .default('browser'),
    printerHost: text('printer_host'),
    printerPort: integer('printer_port').notNull().default(9100),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('packing_stations_warehouse_name_unique').on(t.warehouseId, sql`lower(${t.name})`),
    check('packing_stations_output_check', sql`${t.output} in ('browser', 'printer')`),
    check('packing_stations_port_range', sql`${t.printerPort} between 1 and 65535`),
  ],
);

/** The warehouse LAN ranges (CIDR, normalised) a station's printer address must fall in. */
export const printerNetworks = pgTable(
  'printer_networks',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    cidr: text('cidr').notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('printer_networks_warehouse_cidr_unique').on(t.warehouseId, t.cidr)],
);

/** One packing session of an order by one packer (labour reporting reads start and finish). */
export const orderPacks = pgTable(
  'order_packs',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stationId: integer('station_id').references(() => packingStations.id, { onDelete: 'set null' }),
    packerId: integer('packer_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('order_packs_order_idx').on(t.orderId, t.startedAt), index('order_packs_packer_idx').on(t.packerId)],
);

/**
 * A parcel of an order: open (units go in and out) → closed (weighed, SSCC assigned) → shipped. Reopening keeps the
 * SSCC. Dimensions come from its carton type, typed for the custom type.
 */
export const cartons = pgTable(
  'cartons',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … within the order ("carton n of m"). */
    number: integer('number').notNull(),
    cartonTypeId: integer('carton_type_id')
      .notNull()
      .references(() => cartonTypes.id, { onDelete: 'restrict' }),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    weightG: integer('weight_g'),
    status: text('status', { enum: ['open', 'closed', 'shipped'] })
      .notNull()
      .default('open'),
    sscc: char('sscc', { length: 18 }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the index of an order's cartons.
    uniqueIndex('cartons_order_number_unique').on(t.orderId, t.number),
    uniqueIndex('cartons_sscc_unique').on(t.sscc),
    check('cartons_status_check', sql`${t.status} in ('open', 'closed', 'shipped')`),
    check('cartons_number_positive', sql`${t.number} > 0`),
    check('cartons_weight_positive', sql`${t.weightG} is null or ${t.weightG} > 0`),
    check(
      'cartons_dimensions_positive',
      sql`(${t.lengthMm} is null or ${t.lengthMm} > 0) and (${t.widthMm} is null or ${t.widthMm} > 0) and (${t.heightMm} is null or ${t.heightMm} > 0)`,
    ),
    check('cartons_closed_has_sscc', sql`${t.status} = 'open' or (${t.sscc} is not null and ${t.weightG} is not null)`),
  ],
);

/** Verified units of one order line (and lot) in one carton. */
export const cartonItems = pgTable(
  'carton_items',
  {
    id: serial('id').primaryKey(),
    cartonId: integer('carton_id')
      .notNull()
      .references(() => cartons.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id').references(() => inventoryLots.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    unique('carton_items_carton_item_lot_unique').on(t.cartonId, t.orderItemId, t.lotId).nullsNotDistinct(),
    index('carton_items_order_item_idx').on(t.orderItemId),
    check('carton_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
