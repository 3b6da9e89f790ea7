import type { KitLine, ProductKind } from '@wms/contract/kits';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { anyId } from '../../../db/id-array';
import { kitComponents } from '../../../db/schema/kits';
import { products } from '../../../db/schema/products';

/** A kit's components, by SKU. */
export async function componentsOf(db: Executor, kitId: number): Promise<KitLine[]> {
  return db
    .select({
      product_id: products.id,
      sku: products.sku,
      name: products.name,
      kind: products.kind,
      quantity: kitComponents.quantity,
    })
    .from(kitComponents)
    .innerJoin(products, eq(products.id, kitComponents.componentProductId))
    .where(eq(kitComponents.kitProductId, kitId))
    .orderBy(asc(products.sku), asc(products.id));
}

/** The kits a product is a component of, by SKU (each line's quantity: the component's units per kit). */
export async function kitsContaining(db: Executor, componentId: number): Promise<KitLine[]> {
  return db
    .select({
      product_id: products.id,
      sku: products.sku,
      name: products.name,
      kind: products.kind,
      quantity: kitComponents.quantity,
    })
    .from(kitComponents)
    .innerJoin(products, eq(products.id, kitComponents.kitProductId))
    .where(eq(kitComponents.componentProductId, componentId))
    .orderBy(asc(products.sku), asc(products.id));
}

export async function hasComponents(db: Executor, kitId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(kitComponents)
    .where(eq(kitComponents.kitProductId, kitId))
    .limit(1);
  return row !== undefined;
}

/**
 * The kit's row, locked against a concurrent kind change or component edit (either would break "components are
 * standard products" between its check and its write).
 */
export async function lockKit(tx: Executor, kitId: number) {
  const [row] = await tx
    .select({ id: products.id, accountId: products.accountId, kind: products.kind, sku: products.sku })
    .from(products)
    .where(eq(products.id, kitId))
    .for('update');
  return row;
}

/**
 * The account's products among these ids, locked FOR SHARE: a component cannot turn into a kit (an UPDATE of its row)
 * until the components written here are committed, and then that kind change sees them.
 */
export async function lockAccountProducts(
  tx: Executor,
  accountId: number,
  ids: number[],
): Promise<{ id: number; sku: string; kind: ProductKind }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: products.id, sku: products.sku, kind: products.kind })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('share');
}

export async function replaceComponentRows(
  tx: Executor,
  kitId: number,
  lines: { productId: number; quantity: number }[],
): Promise<void> {
  await tx.delete(kitComponents).where(eq(kitComponents.kitProductId, kitId));
  if (lines.length === 0) return;
  await tx
    .insert(kitComponents)
    .values(lines.map((l) => ({ kitProductId: kitId, componentProductId: l.productId, quantity: l.quantity })));
}

/**
 * Kits' components by lower(SKU) within one account, for the import: kit id → lines. Used to write a file's
 * components after its products are upserted.
 */
export async function productIdsBySku(
  db: Executor,
  accountId: number,
  skus: string[],
): Promise<Map<string, { id: number; kind: ProductKind }>> {
  if (skus.length === 0) return new Map();
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  const rows = await db
    .select({ sku: sql<string>`lower(${products.sku})`, id: products.id, kind: products.kind })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(sql`lower(${products.sku})`, lowered)))
    .for('share');
  return new Map(rows.map((r) => [r.sku, { id: r.id, kind: r.kind }]));
}

/** Lower-cased SKUs of the account's products among these that are components of some kit. */
export async function skusUsedAsComponents(db: Executor, accountId: number, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  const rows = await db
    .selectDistinct({ sku: sql<string>`lower(${products.sku})` })
    .from(products)
    .innerJoin(kitComponents, eq(kitComponents.componentProductId, products.id))
    .where(and(eq(products.accountId, accountId), inArray(sql`lower(${products.sku})`, lowered)));
  return new Set(rows.map((r) => r.sku));
}

/** Lower-cased SKUs of the account's products among these that list components. */
export async function skusWithComponents(db: Executor, accountId: number, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  const rows = await db
    .selectDistinct({ sku: sql<string>`lower(${products.sku})` })
    .from(products)
    .innerJoin(kitComponents, eq(kitComponents.kitProductId, products.id))
    .where(and(eq(products.accountId, accountId), inArray(sql`lower(${products.sku})`, lowered)));
  return new Set(rows.map((r) => r.sku));
}

/** The export's components cell of each kit among these ids: `SKU-A:2;SKU-B:1`, by component SKU. */
export async function componentCellsOf(db: Executor, kitIds: number[]): Promise<Map<number, string>> {
  if (kitIds.length === 0) return new Map();
  const rows = await db
    .select({
      kitId: kitComponents.kitProductId,
      cell: sql<string>`string_agg(${products.sku} || ':' || ${kitComponents.quantity}, ';' order by ${products.sku})`,
    })
    .from(kitComponents)
    .innerJoin(products, eq(products.id, kitComponents.componentProductId))
    .where(inArray(kitComponents.kitProductId, kitIds))
    .groupBy(kitComponents.kitProductId);
  return new Map(rows.map((r) => [r.kitId, r.cell]));
}

/** The components of the bundles among these products (standard and assembled products are not in the map). */
export async function bundleComponentRows(
  db: Executor,
  productIds: readonly number[],
): Promise<Map<number, { productId: number; quantity: number }[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      kitId: kitComponents.kitProductId,
      productId: kitComponents.componentProductId,
      quantity: kitComponents.quantity,
    })
    .from(kitComponents)
    .innerJoin(products, eq(products.id, kitComponents.kitProductId))
    .where(and(anyId(kitComponents.kitProductId, [...new Set(productIds)]), eq(products.kind, 'bundle')))
    .orderBy(asc(kitComponents.kitProductId), asc(kitComponents.componentProductId));
  const result = new Map<number, { productId: number; quantity: number }[]>();
  for (const row of rows) {
    const list = result.get(row.kitId) ?? [];
    list.push({ productId: row.productId, quantity: row.quantity });
    result.set(row.kitId, list);
  }
  return result;
}
