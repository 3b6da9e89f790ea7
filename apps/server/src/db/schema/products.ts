import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The catalogue: one product per account and SKU (case-insensitive). Weight is always pounds (the create screen's
 * unit), stored as numeric so 0.01 steps stay exact.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    photoUrl: text('photo_url'),
    link: text('link'),
    dimension: text('dimension'),
    weightLb: numeric('weight_lb', { precision: 10, scale: 2, mode: 'number' }),
    /** UPC/EAN/GTIN or any scannable text; optional. */
    barcode: text('barcode'),
    /** Receiving names a lot per put-away row. */
    trackLots: boolean('track_lots').notNull().default(false),
    /** Receiving names an expiry date per put-away row (and so a lot). */
    trackExpiry: boolean('track_expiry').notNull().default(false),
    /**
     * standard: stocked and picked as itself; bundle: no stock of its own, ordered as its components (kit_components);
     * assembled: stocked, built in the warehouse from its components by a work order.
     */
    kind: text('kind', { enum: ['standard', 'bundle', 'assembled'] })
      .notNull()
      .default('standard'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_kind_known', sql`${t.kind} in ('standard', 'bundle', 'assembled')`),
    // Also serves "products of an account, by SKU prefix" (import upserts, search inside one account).
    uniqueIndex('products_account_sku_lower_unique').on(t.accountId, sql`lower(${t.sku})`),
    index('products_account_id_idx').on(t.accountId, t.id),
    // The list's kind filter for kits (bundle, assembled), newest first within an account: kits are a small share of
    // a catalogue, so the index holds only them; a standard filter reads products_account_id_idx like the list.
    index('products_account_kit_kind_idx').on(t.accountId, t.kind, t.id).where(sql`${t.kind} <> 'standard'`),
    // One product per barcode in an account, case-insensitively like SKUs (a scanner with Caps Lock on still finds
    // it); products without one are not in the index. Also serves the scan lookup (account, lower(barcode)).
    uniqueIndex('products_account_barcode_lower_unique')
      .on(t.accountId, sql`lower(${t.barcode})`)
      .where(sql`${t.barcode} is not null`),
    index('products_barcode_trgm_idx').using('gin', sql`lower(${t.barcode}) gin_trgm_ops`),
    // Trigram GIN indexes serve the list search `lower(x) like '%text%'` (contains, any position), which a btree
    // cannot; pg_trgm comes from a migration of its own (PostgreSQL contrib; PGlite loads it in db/client.ts).
    index('products_sku_trgm_idx').using('gin', sql`lower(${t.sku}) gin_trgm_ops`),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);
