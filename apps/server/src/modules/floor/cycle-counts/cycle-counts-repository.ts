import type { CycleCountListQuery } from '@wms/contract/cycle-counts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { warehouseCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { pageOffset } from '../../../db/paging';
import { accounts, accountWarehouses } from '../../../db/schema/accounts';
import { cycleCountLines, cycleCountLocations, cycleCounts } from '../../../db/schema/cycle-counts';
import { inventories } from '../../../db/schema/inventory';
import { inventoryLots, locationStock } from '../../../db/schema/location-stock';
import { locations } from '../../../db/schema/locations';
import { orderItems, orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';
import { containsPattern, type Page, toPage } from '../../../http/pagination';
import { naturalSortKey } from '../locations/locations-api';

/** The SQL of cycle counts (cycle-counts-service.ts holds the rules). */

/** Counts are warehouse work: a manager reaches the counts of their warehouses; account-scoped callers none. */
export function countScopeCondition(scope: Scope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'warehouses') return warehouseCondition(scope, cycleCounts.warehouseId);
  return sql`false`;
}

const walkOrder = [sql`${locations.walkSequence} asc nulls last`, asc(locations.sortKey), asc(locations.id)];

export interface LocationChoice {
  zone?: string | null;
  fromCode?: string | null;
  toCode?: string | null;
  productId?: number | null;
  accountId?: number | null;
  days?: number | null;
}

/**
 * The active locations of a warehouse a count takes, in walk order, at most `limit`: a zone; a code range in the
 * codes' natural order (A-2 before A-10); the locations holding a product or an account's stock; or those no
 * approved count has taken within `days` days.
 */
export async function locationsToCount(
  db: Executor,
  warehouseId: number,
  choice: LocationChoice,
  limit: number,
): Promise<{ id: number; code: string }[]> {
  const conditions: (SQL | undefined)[] = [eq(locations.warehouseId, warehouseId), eq(locations.isActive, true)];
  if (choice.zone) conditions.push(sql`lower(${locations.zone}) = lower(${choice.zone})`);
  if (choice.fromCode && choice.toCode) {
    conditions.push(
      sql`${locations.sortKey} between ${naturalSortKey(choice.fromCode.toUpperCase())} and ${naturalSortKey(choice.toCode.toUpperCase())}`,
    );
  }
  if (choice.productId || choice.accountId) {
    const stockFilter = [eq(inventories.warehouseId, warehouseId)];
    if (choice.productId) stockFilter.push(eq(inventories.productId, choice.productId));
    if (choice.accountId) stockFilter.push(eq(inventories.accountId, choice.accountId));
    conditions.push(
      sql`exists (select 1 from ${locationStock} join ${inventories} on ${inventories.id} = ${locationStock.inventoryId}
        where ${locationStock.locationId} = ${locations.id} and ${and(...stockFilter)})`,
    );
  }
  if (choice.days) {
    conditions.push(
      sql`not exists (select 1 from ${cycleCountLocations} join ${cycleCounts} on ${cycleCounts.id} = ${cycleCountLocations.cycleCountId}
        where ${cycleCountLocations.locationId} = ${locations.id} and ${cycleCounts.state} = 'approved'
          and ${cycleCounts.approvedAt} > now() - make_interval(days => ${choice.days}::int))`,
    );
  }
  return db
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(...conditions))
    .orderBy(...walkOrder)
    .limit(limit);
}

export interface StockSnapshotRow {
  locationId: number;
  inventoryId: number;
  productId: number;
  accountId: number;
  lotId: number | null;
  quantity: number;
}

/** What the locations hold now (optionally of one product or account): the lines' expected quantities. */
export async function stockInLocations(
  db: Executor,
  locationIds: readonly number[],
  filter: { productId?: number | null; accountId?: number | null },
): Promise<StockSnapshotRow[]> {
  if (locationIds.length === 0) return [];
  return db
    .select({
      locationId: locationStock.locationId,
      inventoryId: locationStock.inventoryId,
      productId: inventories.productId,
      accountId: inventories.accountId,
      lotId: locationStock.lotId,
      quantity: locationStock.quantity,
    })
    .from(locationStock)
    .innerJoin(inventories, eq(inventories.id, locationStock.inventoryId))
    .where(
      and(
        inArray(locationStock.locationId, [...locationIds]),
        filter.productId ? eq(inventories.productId, filter.productId) : undefined,
        filter.accountId ? eq(inventories.accountId, filter.accountId) : undefined,
      ),
    )
    .orderBy(asc(locationStock.locationId), asc(locationStock.inventoryId), asc(locationStock.id));
}

/** The units of one (inventory row, location, lot) now. */
export async function unitsAt(tx: Executor, inventoryId: number, locationId: number, lotId: number | null) {
  const [row] = await tx
    .select({ quantity: locationStock.quantity })
    .from(locationStock)
    .where(
      and(
        eq(locationStock.inventoryId, inventoryId),
        eq(locationStock.locationId, locationId),
        sql`${locationStock.lotId} is not distinct from ${lotId}`,
      ),
    );
  return row?.quantity ?? 0;
}

/**
 * The units of one (inventory row, location, lot) a count may take away: those not allocated to open pick tasks
 * (a shortfall among allocated units is the picker's short pick to report, not the count's to write off).
 */
export async function unallocatedUnitsAt(tx: Executor, inventoryId: number, locationId: number, lotId: number | null) {
  const [row] = await tx
    .select({ quantity: sql<number>`${locationStock.quantity} - ${locationStock.quantityAllocated}`.mapWith(Number) })
    .from(locationStock)
    .where(
      and(
        eq(locationStock.inventoryId, inventoryId),
        eq(locationStock.locationId, locationId),
        sql`${locationStock.lotId} is not distinct from ${lotId}`,
      ),
    );
  return row?.quantity ?? 0;
}

export async function insertCount(
  tx: Executor,
  values: typeof cycleCounts.$inferInsert,
  locationIds: readonly number[],
  lines: readonly Omit<typeof cycleCountLines.$inferInsert, 'cycleCountId'>[],
): Promise<number> {
  const [created] = await tx.insert(cycleCounts).values(values).returning({ id: cycleCounts.id });
  const id = created!.id;
  for (let i = 0; i < locationIds.length; i += 1000) {
    await tx
      .insert(cycleCountLocations)
      .values(locationIds.slice(i, i + 1000).map((locationId) => ({ cycleCountId: id, locationId })));
  }
  for (let i = 0; i < lines.length; i += 1000) {
    await tx.insert(cycleCountLines).values(lines.slice(i, i + 1000).map((line) => ({ ...line, cycleCountId: id })));
  }
  return id;
}

const summaryColumns = {
  id: cycleCounts.id,
  warehouseId: cycleCounts.warehouseId,
  warehouseName: warehouses.name,
  state: cycleCounts.state,
  scope: cycleCounts.scope,
  scopeLabel: cycleCounts.scopeLabel,
  notes: cycleCounts.notes,
  createdBy: users.name,
  createdAt: cycleCounts.createdAt,
  approvedAt: cycleCounts.approvedAt,
  locationsCount: sql<number>`(select count(*)::int from ${cycleCountLocations} where ${cycleCountLocations.cycleCountId} = ${cycleCounts.id})`,
  linesCount: sql<number>`(select count(*)::int from ${cycleCountLines} where ${cycleCountLines.cycleCountId} = ${cycleCounts.id})`,
  linesCounted: sql<number>`(select count(*)::int from ${cycleCountLines} where ${cycleCountLines.cycleCountId} = ${cycleCounts.id} and ${cycleCountLines.countedQuantity} is not null)`,
};
export type CountSummaryRow = Awaited<ReturnType<typeof findCount>> & {};

export async function listCounts(
  db: Executor,
  scope: Scope,
  query: CycleCountListQuery,
): Promise<Page<NonNullable<CountSummaryRow>>> {
  const where = and(
    countScopeCondition(scope),
    query.state ? eq(cycleCounts.state, query.state) : undefined,
    query.warehouse_id ? eq(cycleCounts.warehouseId, query.warehouse_id) : undefined,
    query.search
      ? sql`(lower(${cycleCounts.scopeLabel}) like ${containsPattern(query.search.toLowerCase())} or ${cycleCounts.id}::text = ${query.search})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(cycleCounts)
      .innerJoin(warehouses, eq(warehouses.id, cycleCounts.warehouseId))
      .leftJoin(users, eq(users.id, cycleCounts.createdBy))
      .where(where)
      .orderBy(desc(cycleCounts.createdAt), desc(cycleCounts.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(cycleCounts).where(where),
  ]);
  return toPage(rows, total?.total ?? 0, query);
}

export async function findCount(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select(summaryColumns)
    .from(cycleCounts)
    .innerJoin(warehouses, eq(warehouses.id, cycleCounts.warehouseId))
    .leftJoin(users, eq(users.id, cycleCounts.createdBy))
    .where(and(eq(cycleCounts.id, id), countScopeCondition(scope)));
  return row;
}

/** The count's row, locked (state changes and approval run one at a time per count). */
export async function lockCount(tx: Executor, scope: Scope, id: number) {
  const [row] = await tx
    .select({
      id: cycleCounts.id,
      warehouseId: cycleCounts.warehouseId,
      state: cycleCounts.state,
      scope: cycleCounts.scope,
      criteria: cycleCounts.criteria,
    })
    .from(cycleCounts)
    .where(and(eq(cycleCounts.id, id), countScopeCondition(scope)))
    .for('update');
  return row;
}

export async function setCountState(
  tx: Executor,
  id: number,
  state: string,
  approval?: { approvedBy: number | null },
): Promise<void> {
  await tx
    .update(cycleCounts)
    .set({
      state,
      updatedAt: sql`now()`,
      ...(approval ? { approvedBy: approval.approvedBy, approvedAt: sql`now()` } : {}),
    })
    .where(eq(cycleCounts.id, id));
}

export async function countLocations(db: Executor, id: number) {
  return db
    .select({ id: locations.id, code: locations.code })
    .from(cycleCountLocations)
    .innerJoin(locations, eq(locations.id, cycleCountLocations.locationId))
    .where(eq(cycleCountLocations.cycleCountId, id))
    .orderBy(...walkOrder);
}

export async function countLines(db: Executor, id: number) {
  return db
    .select({
      id: cycleCountLines.id,
      locationId: cycleCountLines.locationId,
      locationCode: locations.code,
      productId: cycleCountLines.productId,
      sku: products.sku,
      productName: products.name,
      barcode: products.barcode,
      accountId: cycleCountLines.accountId,
      accountName: accounts.name,
      inventoryId: cycleCountLines.inventoryId,
      lotId: cycleCountLines.lotId,
      lotCode: inventoryLots.lotCode,
      expectedQuantity: cycleCountLines.expectedQuantity,
      countedQuantity: cycleCountLines.countedQuantity,
      recount: cycleCountLines.recount,
      added: cycleCountLines.added,
    })
    .from(cycleCountLines)
    .innerJoin(locations, eq(locations.id, cycleCountLines.locationId))
    .innerJoin(products, eq(products.id, cycleCountLines.productId))
    .innerJoin(accounts, eq(accounts.id, cycleCountLines.accountId))
    .leftJoin(inventoryLots, eq(inventoryLots.id, cycleCountLines.lotId))
    .where(eq(cycleCountLines.cycleCountId, id))
    .orderBy(...walkOrder, asc(products.sku), asc(cycleCountLines.id));
}
export type CountLineRow = Awaited<ReturnType<typeof countLines>>[number];

/** A location of the count by its scanned code (case-insensitive). */
export async function countLocationByCode(tx: Executor, countId: number, code: string) {
  const [row] = await tx
    .select({ id: locations.id, code: locations.code })
    .from(cycleCountLocations)
    .innerJoin(locations, eq(locations.id, cycleCountLocations.locationId))
    .where(and(eq(cycleCountLocations.cycleCountId, countId), sql`lower(${locations.code}) = lower(${code})`));
  return row;
}

/**
 * Products a scanned code names among the accounts linked to the warehouse: by SKU first, else by barcode (the
 * rule of every scan field), both case-insensitive; optionally of one account or one product only.
 */
export async function productsByCode(
  tx: Executor,
  warehouseId: number,
  code: string,
  filter: { accountId?: number | null; productId?: number | null },
) {
  const find = (match: SQL) =>
    tx
      .select({
        productId: products.id,
        accountId: products.accountId,
        sku: products.sku,
        trackLots: products.trackLots,
      })
      .from(products)
      .innerJoin(
        accountWarehouses,
        and(eq(accountWarehouses.accountId, products.accountId), eq(accountWarehouses.warehouseId, warehouseId)),
      )
      .where(
        and(
          match,
          filter.accountId ? eq(products.accountId, filter.accountId) : undefined,
          filter.productId ? eq(products.id, filter.productId) : undefined,
        ),
      )
      .orderBy(asc(products.accountId))
      .limit(10);
  const bySku = await find(sql`lower(${products.sku}) = lower(${code})`);
  return bySku.length > 0 ? bySku : find(sql`lower(${products.barcode}) = lower(${code})`);
}

/** The count's lines at a location, with their lot codes (a scanned code may name one product per account). */
export async function linesAt(tx: Executor, countId: number, locationId: number) {
  return tx
    .select({
      id: cycleCountLines.id,
      productId: cycleCountLines.productId,
      accountId: cycleCountLines.accountId,
      inventoryId: cycleCountLines.inventoryId,
      lotId: cycleCountLines.lotId,
      lotCode: inventoryLots.lotCode,
    })
    .from(cycleCountLines)
    .leftJoin(inventoryLots, eq(inventoryLots.id, cycleCountLines.lotId))
    .where(and(eq(cycleCountLines.cycleCountId, countId), eq(cycleCountLines.locationId, locationId)))
    .orderBy(sql`${cycleCountLines.lotId} asc nulls first`, asc(cycleCountLines.id));
}

export async function inventoryIdOf(tx: Executor, key: { productId: number; warehouseId: number; accountId: number }) {
  const [row] = await tx
    .select({ id: inventories.id })
    .from(inventories)
    .where(
      and(
        eq(inventories.productId, key.productId),
        eq(inventories.warehouseId, key.warehouseId),
        eq(inventories.accountId, key.accountId),
      ),
    );
  return row?.id ?? null;
}

export async function recordLineCount(
  tx: Executor,
  lineId: number,
  values: { counted: number; expected: number; userId: number },
): Promise<void> {
  await tx
    .update(cycleCountLines)
    .set({
      countedQuantity: values.counted,
      expectedQuantity: values.expected,
      countedBy: values.userId,
      countedAt: sql`now()`,
      recount: false,
    })
    .where(eq(cycleCountLines.id, lineId));
}

export async function insertFoundLine(tx: Executor, line: typeof cycleCountLines.$inferInsert): Promise<void> {
  await tx.insert(cycleCountLines).values({ ...line, countedAt: sql`now()` });
}

/** Lines still uncounted: what the counter did not find (they count as 0 when counting finishes). */
export async function uncountedLines(tx: Executor, countId: number) {
  return tx
    .select({
      id: cycleCountLines.id,
      inventoryId: cycleCountLines.inventoryId,
      locationId: cycleCountLines.locationId,
      lotId: cycleCountLines.lotId,
    })
    .from(cycleCountLines)
    .where(and(eq(cycleCountLines.cycleCountId, countId), sql`${cycleCountLines.countedQuantity} is null`));
}

export async function varianceCount(tx: Executor, countId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(cycleCountLines)
    .where(
      and(
        eq(cycleCountLines.cycleCountId, countId),
        sql`${cycleCountLines.countedQuantity} is distinct from ${cycleCountLines.expectedQuantity}`,
      ),
    );
  return row?.n ?? 0;
}

/** Sends counted lines back: their count is cleared. Answers how many of the ids were counted lines of the count. */
export async function markForRecount(tx: Executor, countId: number, lineIds: readonly number[]): Promise<number> {
  const rows = await tx
    .update(cycleCountLines)
    .set({ countedQuantity: null, countedBy: null, countedAt: null, recount: true })
    .where(
      and(
        eq(cycleCountLines.cycleCountId, countId),
        inArray(cycleCountLines.id, [...lineIds]),
        sql`${cycleCountLines.countedQuantity} is not null`,
      ),
    )
    .returning({ id: cycleCountLines.id });
  return rows.length;
}

/** The counted lines with a variance, in inventory-row order (the lock order of every stock operation). */
export async function varianceLines(tx: Executor, countId: number) {
  return tx
    .select({
      id: cycleCountLines.id,
      locationId: cycleCountLines.locationId,
      locationType: locations.type,
      productId: cycleCountLines.productId,
      accountId: cycleCountLines.accountId,
      inventoryId: cycleCountLines.inventoryId,
      lotId: cycleCountLines.lotId,
      expected: cycleCountLines.expectedQuantity,
      counted: sql<number>`${cycleCountLines.countedQuantity}`,
      sku: products.sku,
    })
    .from(cycleCountLines)
    .innerJoin(locations, eq(locations.id, cycleCountLines.locationId))
    .innerJoin(products, eq(products.id, cycleCountLines.productId))
    .where(
      and(
        eq(cycleCountLines.cycleCountId, countId),
        sql`${cycleCountLines.countedQuantity} is not null`,
        sql`${cycleCountLines.countedQuantity} <> ${cycleCountLines.expectedQuantity}`,
      ),
    )
    .orderBy(sql`${cycleCountLines.inventoryId} asc nulls last`, asc(cycleCountLines.id));
}

export async function setLineInventory(tx: Executor, lineId: number, inventoryId: number): Promise<void> {
  await tx.update(cycleCountLines).set({ inventoryId }).where(eq(cycleCountLines.id, lineId));
}

/** An inventory row's balance, locked (the ledger locks it again in the same transaction: a no-op). */
export async function lockedBalance(tx: Executor, inventoryId: number) {
  const [row] = await tx
    .select({
      onHand: inventories.quantityOnHand,
      reserved: inventories.quantityReserved,
      quarantined: inventories.quantityQuarantined,
    })
    .from(inventories)
    .where(eq(inventories.id, inventoryId))
    .for('update');
  return row;
}

/**
 * The open orders' lines holding units of a row, newest order first (a shortage falls on the orders placed last,
 * the reverse of backorder filling), locked with their orders.
 */
export async function holdingLinesNewestFirst(tx: Executor, inventoryId: number) {
  return tx
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      orderNumber: orders.orderNumber,
      accountId: orders.accountId,
      reserved: orderItems.quantityReserved,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.inventoryId, inventoryId),
        eq(orders.lifecycle, 'open'),
        sql`${orderItems.quantityReserved} > 0`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id), desc(orderItems.id))
    .for('update', { of: [orderItems, orders] });
}

export async function takeLineReservation(tx: Executor, orderItemId: number, quantity: number): Promise<void> {
  await tx
    .update(orderItems)
    .set({ quantityReserved: sql`${orderItems.quantityReserved} - ${quantity}` })
    .where(eq(orderItems.id, orderItemId));
}

/** Counts that took a location, newest first, with how many of its lines were counted and differed. */
export async function countsOfLocation(db: Executor, locationId: number, limit: number) {
  return db
    .select({
      id: cycleCounts.id,
      state: cycleCounts.state,
      createdAt: cycleCounts.createdAt,
      approvedAt: cycleCounts.approvedAt,
      linesCounted: sql<number>`(select count(*)::int from ${cycleCountLines} l where l.cycle_count_id = ${cycleCounts.id}
        and l.location_id = ${locationId} and l.counted_quantity is not null)`,
      linesWithVariance: sql<number>`(select count(*)::int from ${cycleCountLines} l where l.cycle_count_id = ${cycleCounts.id}
        and l.location_id = ${locationId} and l.counted_quantity is not null and l.counted_quantity <> l.expected_quantity)`,
    })
    .from(cycleCountLocations)
    .innerJoin(cycleCounts, eq(cycleCounts.id, cycleCountLocations.cycleCountId))
    .where(eq(cycleCountLocations.locationId, locationId))
    .orderBy(desc(cycleCounts.createdAt), desc(cycleCounts.id))
    .limit(limit);
}

/** Counted lines of counts approved in the last `days` days, and those without a variance, within the scope. */
export async function accuracyOver(db: Executor, scope: Scope, days: number) {
  const [row] = await db
    .select({
      counted: sql<number>`count(*)::int`,
      accurate: sql<number>`count(*) filter (where ${cycleCountLines.countedQuantity} = ${cycleCountLines.expectedQuantity})::int`,
    })
    .from(cycleCountLines)
    .innerJoin(cycleCounts, eq(cycleCounts.id, cycleCountLines.cycleCountId))
    .where(
      and(
        countScopeCondition(scope),
        eq(cycleCounts.state, 'approved'),
        sql`${cycleCounts.approvedAt} > now() - make_interval(days => ${days}::int)`,
        sql`${cycleCountLines.countedQuantity} is not null`,
      ),
    );
  return { counted: row?.counted ?? 0, accurate: row?.accurate ?? 0 };
}

/** A product of an account linked to the warehouse (what a product count may name), with its SKU. */
export async function productInWarehouse(db: Executor, productId: number, warehouseId: number) {
  const [row] = await db
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(
      accountWarehouses,
      and(eq(accountWarehouses.accountId, products.accountId), eq(accountWarehouses.warehouseId, warehouseId)),
    )
    .where(eq(products.id, productId));
  return row;
}

/** An account linked to the warehouse (what an account count may name), with its name. */
export async function accountInWarehouse(db: Executor, accountId: number, warehouseId: number) {
  const [row] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .innerJoin(
      accountWarehouses,
      and(eq(accountWarehouses.accountId, accounts.id), eq(accountWarehouses.warehouseId, warehouseId)),
    )
    .where(eq(accounts.id, accountId));
  return row;
}
