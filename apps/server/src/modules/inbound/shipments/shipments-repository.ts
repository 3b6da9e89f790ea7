import type { ShipmentStatistics, ShipmentStatus } from '@wms/contract/shipments';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { countCapped, pageOffset } from '../../../db/paging';
import { accounts } from '../../../db/schema/accounts';
import { products } from '../../../db/schema/products';
import { shipmentLines } from '../../../db/schema/shipment-lines';
import { shipments } from '../../../db/schema/shipments';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';
import { type CountedTotal, containsPattern, type PageRequest } from '../../../http/pagination';
import { shipmentScopeCondition } from './shipment-scope';

const creators = alias(users, 'shipment_creators');
const verifiers = alias(users, 'shipment_verifiers');

/** The columns a shipment view is built from (see shipment-view.ts). */
const rowColumns = {
  shipment: shipments,
  productName: products.name,
  productSku: products.sku,
  productPhotoUrl: products.photoUrl,
  accountName: accounts.name,
  warehouseName: warehouses.name,
  warehouseCode: warehouses.code,
  creatorName: creators.name,
  creatorEmail: creators.email,
  verifierName: verifiers.name,
  verifierEmail: verifiers.email,
};

const rowQuery = (db: Executor) =>
  db
    .select(rowColumns)
    .from(shipments)
    .innerJoin(products, eq(products.id, shipments.productId))
    .innerJoin(accounts, eq(accounts.id, shipments.accountId))
    .innerJoin(warehouses, eq(warehouses.id, shipments.warehouseId))
    .leftJoin(creators, eq(creators.id, shipments.userId))
    .leftJoin(verifiers, eq(verifiers.id, shipments.verifiedBy));

export type ShipmentRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

export interface ShipmentFilter {
  status?: ShipmentStatus;
  search?: string;
  warehouse_id?: number;
  account_id?: number;
}

/**
 * Tracking number, carrier, the SKU or name of any of its products, or account name contains the text,
 * case-insensitively.
 */
function searchCondition(search: string): SQL {
  const pattern = containsPattern(search.toLowerCase());
  return or(
    sql`lower(${shipments.trackingNumber}) like ${pattern}`,
    sql`lower(${shipments.carrier}) like ${pattern}`,
    sql`lower(${products.sku}) like ${pattern}`,
    sql`lower(${products.name}) like ${pattern}`,
    sql`lower(${accounts.name}) like ${pattern}`,
    // Names spelled out: the outer query already joins `products` (the first line's product).
    sql`exists (select 1 from shipment_lines sl join products lp on lp.id = sl.product_id
      where sl.shipment_id = ${shipments.id} and (lower(lp.sku) like ${pattern} or lower(lp.name) like ${pattern}))`,
  )!;
}

/** The header's selection narrows the caller's scope; it never widens it. */
function narrowing(scope: Scope, filter: ShipmentFilter): (SQL | undefined)[] {
  return [
    shipmentScopeCondition(scope),
    filter.warehouse_id === undefined ? undefined : eq(shipments.warehouseId, filter.warehouse_id),
    filter.account_id === undefined ? undefined : eq(shipments.accountId, filter.account_id),
  ];
}

export async function listShipmentRows(
  db: Executor,
  scope: Scope,
  filter: ShipmentFilter & PageRequest,
): Promise<{ rows: ShipmentRow[]; total: CountedTotal }> {
  const where = and(
    ...narrowing(scope, filter),
    filter.status ? eq(shipments.status, filter.status) : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
  );
  const matchingRows = (limit: number) =>
    db
      .select({ id: shipments.id })
      .from(shipments)
      .innerJoin(products, eq(products.id, shipments.productId))
      .innerJoin(accounts, eq(accounts.id, shipments.accountId))
      .where(where)
      .limit(limit);
  const [rows, total] = await Promise.all([
    rowQuery(db)
      .where(where)
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    countCapped(db, matchingRows, filter),
  ]);
  return { rows, total };
}

export async function countShipmentsByStatus(
  db: Executor,
  scope: Scope,
  filter: ShipmentFilter,
): Promise<ShipmentStatistics> {
  const rows = await db
    .select({ status: shipments.status, total: count() })
    .from(shipments)
    .where(and(...narrowing(scope, filter)))
    .groupBy(shipments.status);
  const of = (status: ShipmentStatus) => rows.find((r) => r.status === status)?.total ?? 0;
  return {
    total_shipments: rows.reduce((sum, r) => sum + r.total, 0),
    pending_shipments: of('pending'),
    verified_shipments: of('verified'),
    rejected_shipments: of('rejected'),
  };
}

/** One shipment with everything its view shows (no scope check: callers pass the access gate first). */
export async function findShipmentRow(db: Executor, id: number): Promise<ShipmentRow | undefined> {
  const [row] = await rowQuery(db).where(eq(shipments.id, id));
  return row;
}

/**
 * Locks the shipment row for a state change, so two concurrent verifies or rejects run one after the other;
 * undefined outside the caller's scope (a change that skipped the access gate finds nothing to change).
 */
export async function lockShipment(tx: Executor, scope: Scope, id: number) {
  const [row] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), shipmentScopeCondition(scope)))
    .for('update');
  return row;
}

export type ShipmentValues = typeof shipments.$inferInsert;

export async function insertShipment(tx: Executor, values: ShipmentValues): Promise<number> {
  const [row] = await tx.insert(shipments).values(values).returning({ id: shipments.id });
  return row!.id;
}

/** The shipment's columns, within the caller's scope; answers the rows changed (0: out of scope or gone). */
export async function updateShipmentRow(
  tx: Executor,
  scope: Scope,
  id: number,
  values: Partial<ShipmentValues>,
): Promise<number> {
  const updated = await tx
    .update(shipments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(shipments.id, id), shipmentScopeCondition(scope)))
    .returning({ id: shipments.id });
  return updated.length;
}

/** The shipment, within the caller's scope; answers the rows deleted. */
export async function deleteShipmentRow(tx: Executor, scope: Scope, id: number): Promise<number> {
  const deleted = await tx
    .delete(shipments)
    .where(and(eq(shipments.id, id), shipmentScopeCondition(scope)))
    .returning({ id: shipments.id });
  return deleted.length;
}

/** The references of a new shipment, each read within the caller's scope (out of scope reads as missing). */
export async function findAccountInScope(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: accounts.id, status: accounts.status })
    .from(accounts)
    .where(and(eq(accounts.id, id), accountCondition(scope, accounts.id)));
  return row;
}

export async function findWarehouseRow(db: Executor, id: number) {
  const [row] = await db
    .select({ id: warehouses.id, isActive: warehouses.isActive })
    .from(warehouses)
    .where(eq(warehouses.id, id));
  return row;
}

/** The products a new shipment names, each within the caller's scope (out of scope reads as missing). */
export async function findProductsInScope(db: Executor, scope: Scope, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; sku: string; accountId: number }>();
  const rows = await db
    .select({ id: products.id, sku: products.sku, accountId: products.accountId })
    .from(products)
    .where(and(inArray(products.id, [...ids]), accountCondition(scope, products.accountId)));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertShipmentLines(
  tx: Executor,
  shipmentId: number,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  await tx.insert(shipmentLines).values(lines.map((line) => ({ shipmentId, ...line })));
}

/** The lines of these shipments with their products, in announced order (no scope: callers passed the gate). */
export async function linesOfShipments(db: Executor, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .select({
      line: shipmentLines,
      productName: products.name,
      productSku: products.sku,
      productPhotoUrl: products.photoUrl,
      trackLots: products.trackLots,
      trackExpiry: products.trackExpiry,
    })
    .from(shipmentLines)
    .innerJoin(products, eq(products.id, shipmentLines.productId))
    .where(inArray(shipmentLines.shipmentId, [...shipmentIds]))
    .orderBy(asc(shipmentLines.shipmentId), asc(shipmentLines.id));
}
export type ShipmentLineRow = Awaited<ReturnType<typeof linesOfShipments>>[number];

/** What verification recorded for each line of the shipment, in one UPDATE. */
export async function recordLineReceipts(
  tx: Executor,
  shipmentId: number,
  lines: readonly {
    lineId: number;
    quantityReceived: number;
    discrepancyReason: string | null;
    inventoryId: number | null;
  }[],
): Promise<void> {
  if (lines.length === 0) return;
  const received = JSON.stringify(
    lines.map((l) => ({
      id: l.lineId,
      quantity_received: l.quantityReceived,
      discrepancy_reason: l.discrepancyReason,
      inventory_id: l.inventoryId,
    })),
  );
  await tx.execute(sql`update ${shipmentLines} set quantity_received = r.quantity_received,
      discrepancy_reason = r.discrepancy_reason, inventory_id = r.inventory_id
    from jsonb_to_recordset(${received}::jsonb)
      as r(id int, quantity_received int, discrepancy_reason text, inventory_id int)
    where ${shipmentLines}.id = r.id and ${shipmentLines}.shipment_id = ${shipmentId}`);
}

/** The announced quantity of a one-line shipment (an edit of the spec's single quantity field). */
export async function setOnlyLineQuantity(tx: Executor, shipmentId: number, quantity: number): Promise<void> {
  await tx.update(shipmentLines).set({ quantity }).where(eq(shipmentLines.shipmentId, shipmentId));
}

export async function findProductInScope(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: products.id, sku: products.sku, accountId: products.accountId })
    .from(products)
    .where(and(eq(products.id, id), accountCondition(scope, products.accountId)));
  return row;
}

export async function productSku(db: Executor, productId: number): Promise<string> {
  const [row] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, productId));
  return row?.sku ?? '';
}
