import type { ProductKind } from '@wms/contract/kits';
import type { Product } from '@wms/contract/products';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition, warehouseCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { rowsAfter } from '../../../db/keyset-rows';
import { countCapped } from '../../../db/paging';
import { qualified } from '../../../db/qualified';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { inventories } from '../../../db/schema/inventory';
import { products } from '../../../db/schema/products';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';
import { violatedConstraint } from '../../../db/sql-state';
import { isForeignKeyViolation, isUniqueViolation } from '../../../http/database-errors';
import { keysetPage, keysetPlan } from '../../../http/keyset';
import { containsPattern, type PageRequest } from '../../../http/pagination';
import { productScopeCondition } from './product-scope';
import { productViewColumns, toProductView } from './product-view-repository';

export interface ProductFilter {
  search?: string;
  account_id?: number;
  /** Products of accounts linked to this warehouse. */
  warehouse_id?: number;
  /** Only this kind (kits are few: a partial index on (account, kind, id) serves bundle and assembled). */
  kind?: ProductKind;
}

export interface ProductValues {
  sku: string;
  name: string;
  photoUrl: string | null;
  link: string | null;
  dimension: string | null;
  weightLb: number | null;
  /** Undefined on an update: keep the stored barcode. */
  barcode?: string | null;
  /** Undefined on an update: keep the stored choice (lots and expiry tracking). */
  trackLots?: boolean;
  trackExpiry?: boolean;
  /** Undefined on an update: keep the stored kind (standard on insert). */
  kind?: ProductKind;
}

/** The optional fields an import writes on update: those its file has a column for (the others keep their value). */
export interface WrittenFields {
  photoUrl: boolean;
  link: boolean;
  dimension: boolean;
  weight: boolean;
  barcode: boolean;
}

/** SKU, name or barcode contains the text, case-insensitively; `lower(x) like` is what the trigram indexes serve. */
const searchCondition = (search: string): SQL => {
  const pattern = containsPattern(search.toLowerCase());
  return or(
    sql`lower(${products.sku}) like ${pattern}`,
    sql`lower(${products.name}) like ${pattern}`,
    sql`lower(${products.barcode}) like ${pattern}`,
  )!;
};

function whereOf(scope: Scope, filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [productScopeCondition(scope)];
  if (filter.account_id !== undefined) conditions.push(eq(products.accountId, filter.account_id));
  if (filter.warehouse_id !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${accountWarehouses} aw where aw.account_id = ${qualified(products.accountId)}
        and aw.warehouse_id = ${filter.warehouse_id})`,
    );
  }
  if (filter.kind !== undefined) conditions.push(eq(products.kind, filter.kind));
  if (filter.search) conditions.push(searchCondition(filter.search));
  return and(...conditions);
}

const viewQuery = (db: Executor) =>
  db
    .select(productViewColumns)
    .from(products)
    .leftJoin(accounts, eq(accounts.id, products.accountId))
    .leftJoin(users, eq(users.id, accounts.userId));

/** Newest first; `page` by offset, or `cursor` (keyset: `id < the cursor's`, through the primary key). */
export async function listProducts(
  db: Executor,
  scope: Scope,
  filter: ProductFilter & PageRequest & { cursor?: string },
) {
  const plan = keysetPlan(filter, 'id', 'desc');
  const where = whereOf(scope, filter);
  const after = plan.position ? rowsAfter({ id: sql`${products.id}` }, plan.scan, plan.position) : undefined;
  const [rows, total] = await Promise.all([
    viewQuery(db)
      .where(and(where, after))
      .orderBy(plan.scan === 'desc' ? desc(products.id) : asc(products.id))
      .limit(filter.per_page + 1)
      .offset(plan.offset),
    countCapped(db, (limit) => db.select({ id: products.id }).from(products).where(where).limit(limit), filter),
  ]);
  return keysetPage(
    rows.map(toProductView),
    (p) => ({ id: p.id }),
    plan,
    filter,
    { sort: 'id', direction: 'desc' },
    total,
  );
}

export async function listProductsForExport(
  db: Executor,
  scope: Scope,
  filter: ProductFilter,
  limit: number,
): Promise<Product[]> {
  const rows = await viewQuery(db).where(whereOf(scope, filter)).orderBy(desc(products.id)).limit(limit);
  return rows.map(toProductView);
}

export async function findProduct(db: Executor, scope: Scope, id: number): Promise<Product | undefined> {
  const [row] = await viewQuery(db).where(and(eq(products.id, id), productScopeCondition(scope)));
  return row ? toProductView(row) : undefined;
}

/** Is this account one the caller may put products in? */
export async function isAccountInScope(db: Executor, scope: Scope, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), accountCondition(scope, accounts.id)));
  return row !== undefined;
}

export class DuplicateSkuError extends Error {}
export class DuplicateBarcodeError extends Error {}
export class ProductInUseError extends Error {}

const BARCODE_INDEX = 'products_account_barcode_lower_unique';

/** Which of the two per-account unique values a unique violation hit (SKU unless the barcode index is named). */
function duplicateError(error: unknown): Error | undefined {
  if (!isUniqueViolation(error)) return undefined;
  return violatedConstraint(error) === BARCODE_INDEX ? new DuplicateBarcodeError() : new DuplicateSkuError();
}

/**
 * Products of the account holding any of these barcodes (case-insensitively): lower(barcode) → its SKU, for the
 * import's clash report.
 */
export async function productsByBarcode(
  db: Executor,
  accountId: number,
  barcodes: string[],
): Promise<Map<string, string>> {
  if (barcodes.length === 0) return new Map();
  const lowered = [...new Set(barcodes.map((b) => b.toLowerCase()))];
  const rows = await db
    .select({ barcode: sql<string>`lower(${products.barcode})`, sku: products.sku })
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        sql`${products.barcode} is not null`,
        inArray(sql`lower(${products.barcode})`, lowered),
      ),
    );
  return new Map(rows.map((r) => [r.barcode, r.sku]));
}

export async function insertProduct(tx: Executor, accountId: number, values: ProductValues): Promise<number> {
  try {
    const [row] = await tx
      .insert(products)
      .values({ accountId, ...values })
      .returning({ id: products.id });
    return row!.id;
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

/** Updates the product if it is in scope; answers how many rows changed (0: missing or out of scope). */
export async function updateProductRow(
  tx: Executor,
  scope: Scope,
  id: number,
  accountId: number,
  values: ProductValues,
): Promise<number> {
  try {
    const updated = await tx
      .update(products)
      .set({ accountId, ...values, updatedAt: sql`now()` })
      .where(and(eq(products.id, id), productScopeCondition(scope)))
      .returning({ id: products.id });
    return updated.length;
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

export async function hasInventory(db: Executor, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: inventories.id })
    .from(inventories)
    .where(eq(inventories.productId, productId))
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes the product if it is in scope and answers how many rows went; other tables that reference products
 * (order lines) refuse through their foreign keys.
 */
export async function deleteProductRow(tx: Executor, scope: Scope, id: number): Promise<number> {
  try {
    const deleted = await tx
      .delete(products)
      .where(and(eq(products.id, id), productScopeCondition(scope)))
      .returning({ id: products.id });
    return deleted.length;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new ProductInUseError();
    throw error;
  }
}

/**
 * Insert or update by (account, lower(sku)) in one statement per batch: a re-import of the same file updates the
 * rows it created instead of duplicating them. `xmax = 0` tells a fresh insert from an update. An update writes the
 * name and only the optional fields `written` names (the file has their column: blank clears); the others keep
 * their stored value, so a shop export without a Product Link column does not wipe the links.
 * A barcode taken meanwhile raises DuplicateBarcodeError (the caller's transaction then writes nothing).
 */
export async function upsertProducts(
  tx: Executor,
  accountId: number,
  rows: ProductValues[],
  written: WrittenFields,
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  const BATCH = 500;
  try {
    if (written.barcode) await releaseBarcodesOf(tx, accountId, rows);
    // The track columns are written only when the file has them (then every row carries a value).
    const withTrackLots = rows.some((r) => r.trackLots !== undefined);
    const withTrackExpiry = rows.some((r) => r.trackExpiry !== undefined);
    const withKind = rows.some((r) => r.kind !== undefined);
    for (let start = 0; start < rows.length; start += BATCH) {
      const values = rows
        .slice(start, start + BATCH)
        .map(
          (r) =>
            sql`(${accountId}, ${r.sku}, ${r.name}, ${r.photoUrl}, ${r.link}, ${r.dimension}, ${r.weightLb === null ? null : String(r.weightLb)}::numeric, ${r.barcode ?? null}, ${r.trackLots ?? false}, ${r.trackExpiry ?? false}, ${r.kind ?? 'standard'})`,
        );
      const result = (await tx.execute(sql`
        insert into products (account_id, sku, name, photo_url, link, dimension, weight_lb, barcode, track_lots,
          track_expiry, kind)
        values ${sql.join(values, sql`, `)}
        on conflict (account_id, lower(sku)) do update set
          name = excluded.name,
          ${written.photoUrl ? sql`photo_url = excluded.photo_url,` : sql``}
          ${written.link ? sql`link = excluded.link,` : sql``}
          ${written.dimension ? sql`dimension = excluded.dimension,` : sql``}
          ${written.weight ? sql`weight_lb = excluded.weight_lb,` : sql``}
          ${written.barcode ? sql`barcode = excluded.barcode,` : sql``}
          ${withTrackLots ? sql`track_lots = excluded.track_lots,` : sql``}
          ${withTrackExpiry ? sql`track_expiry = excluded.track_expiry,` : sql``}
          ${withKind ? sql`kind = excluded.kind,` : sql``} updated_at = now()
        returning (xmax = 0) as inserted`)) as unknown as { rows: { inserted: boolean }[] };
      for (const row of result.rows) row.inserted ? created++ : updated++;
    }
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
  return { created, updated };
}

/**
 * Clears the barcodes of the file's existing products before they are written again, so a file that swaps two
 * products' barcodes does not trip the unique index half way through (it is checked row by row).
 */
async function releaseBarcodesOf(tx: Executor, accountId: number, rows: ProductValues[]) {
  const skus = rows.map((r) => r.sku.toLowerCase());
  if (skus.length === 0) return;
  await tx
    .update(products)
    .set({ barcode: null })
    .where(
      and(
        eq(products.accountId, accountId),
        sql`${products.barcode} is not null`,
        inArray(sql`lower(${products.sku})`, skus),
      ),
    );
}

/** The products the caller may copy, in id order. */
export async function findProductsInScope(db: Executor, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), productScopeCondition(scope)))
    .orderBy(asc(products.id));
}

/** Lower-cased SKUs among `skus` that the account already has. */
export async function existingSkus(db: Executor, accountId: number, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  const rows = await db
    .select({ sku: sql<string>`lower(${products.sku})` })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(sql`lower(${products.sku})`, lowered)));
  return new Set(rows.map((r) => r.sku));
}

export async function insertProducts(tx: Executor, accountId: number, rows: ProductValues[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(products)
    .values(rows.map((r) => ({ accountId, ...r })))
    .onConflictDoNothing()
    .returning({ id: products.id });
  return inserted.length;
}

/** Copy targets: one row per account × linked warehouse the caller can reach. */
export async function listAccountWarehousePairs(db: Executor, scope: Scope) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      warehouse_id: warehouses.id,
      warehouse_name: warehouses.name,
    })
    .from(accounts)
    .innerJoin(accountWarehouses, eq(accountWarehouses.accountId, accounts.id))
    .innerJoin(warehouses, eq(warehouses.id, accountWarehouses.warehouseId))
    .where(and(accountCondition(scope, accounts.id), warehouseCondition(scope, accountWarehouses.warehouseId)))
    .orderBy(asc(accounts.name), asc(accounts.id), asc(warehouses.name));
}

export async function isAccountLinkedToWarehouse(db: Executor, accountId: number, warehouseId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(accountWarehouses)
    .where(and(eq(accountWarehouses.accountId, accountId), eq(accountWarehouses.warehouseId, warehouseId)));
  return row !== undefined;
}
