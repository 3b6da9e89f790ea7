import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products } from './products';

/**
 * A kit's bill of materials: which standard products of the same account make one kit, and how many of each. The
 * kit is a product of kind bundle or assembled; nested kits are refused by the service (a component is standard).
 */
export const kitComponents = pgTable(
  'kit_components',
  {
    kitProductId: integer('kit_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentProductId: integer('component_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kitProductId, t.componentProductId] }),
    // "The kits this product is in" (the product detail, the kind-change guard) reads by component.
    index('kit_components_component_idx').on(t.componentProductId, t.kitProductId),
    check('kit_components_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
