import type { ReturnListQuery, ReturnStatus } from '@wms/contract/returns';
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { pageOffset } from '../../../db/paging';
import { accounts } from '../../../db/schema/accounts';
import { files } from '../../../db/schema/files';
import { inventoryLots } from '../../../db/schema/location-stock';
import { locations } from '../../../db/schema/locations';
import { orderItems, orders } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { returnLines, returnReceipts, returns } from '../../../db/schema/returns';
import { warehouses } from '../../../db/schema/warehouses';
import { containsPattern, toPage } from '../../../http/pagination';
import { returnScopeCondition } from './returns-scope';

/** The SQL of returns (returns-service.ts, return-receipt.ts and return-release.ts hold the rules). */

/** The order a return is announced for, within the caller's scope, locked: two announcements run one at a time. */
export async function lockOrderForReturn(tx: Executor, scope: Scope, orderId: number) {
  const [row] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      accountId: orders.accountId,
      warehouseId: orders.warehouseId,
    })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        warehouseAccountScope(scope, { warehouseId: orders.warehouseId, accountId: orders.accountId }),
      ),
    )
    .for('update');
  return row;
}

/** Units of an order line returned by its non-cancelled returns. */
const returnedOf = (orderItemId: SQL) => sql<number>`(select coalesce(sum(rl.quantity), 0)::int
  from return_lines rl join returns r on r.id = rl.return_id
  where rl.order_item_id = ${orderItemId} and r.status <> 'cancelled')`;

/** An order's lines with what they shipped and what earlier returns already took. */
export async function orderLinesForReturn(tx: Executor, orderId: number) {
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      shipped: orderItems.quantityShipped,
      returned: returnedOf(sql`${orderItems.id}`),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** The next return id, taken before the insert so the RMA number is written with the row. */
export async function nextReturnId(tx: Executor): Promise<number> {
  const result = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('returns', 'id'))::int as id`,
  )) as unknown as {
    rows: { id: number }[];
  };
  return result.rows[0]!.id;
}

export async function insertReturn(tx: Executor, values: typeof returns.$inferInsert): Promise<void> {
  await tx.insert(returns).values(values);
}

export async function insertReturnLines(tx: Executor, values: (typeof returnLines.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await tx.insert(returnLines).values(values);
}

const unitsAnnounced = sql<number>`(select coalesce(sum(l.quantity), 0)::int from return_lines l
  where l.return_id = ${returns.id})`;
const unitsReceived = sql<number>`(select coalesce(sum(rr.quantity), 0)::int from return_receipts rr
  join return_lines l on l.id = rr.return_line_id
  where l.return_id = ${returns.id} and rr.disposition <> 'missing')`;

const summaryColumns = {
  id: returns.id,
  rmaNumber: returns.rmaNumber,
  status: returns.status,
  orderId: returns.orderId,
  orderNumber: orders.orderNumber,
  accountId: returns.accountId,
  accountName: accounts.name,
  warehouseId: returns.warehouseId,
  warehouseName: warehouses.name,
  carrier: returns.carrier,
  trackingNumber: returns.trackingNumber,
  labelFileId: returns.labelFileId,
  unitsAnnounced,
  unitsReceived,
  createdAt: returns.createdAt,
  receivedAt: returns.receivedAt,
  closedAt: returns.closedAt,
};

function listConditions(scope: Scope, query: ReturnListQuery): (SQL | undefined)[] {
  const search = query.search?.toLowerCase();
  return [
    returnScopeCondition(scope),
    query.account_id ? eq(returns.accountId, query.account_id) : undefined,
    query.warehouse_id ? eq(returns.warehouseId, query.warehouse_id) : undefined,
    query.order_id ? eq(returns.orderId, query.order_id) : undefined,
    search
      ? sql`(lower(${returns.rmaNumber}) like ${containsPattern(search)} or lower(${returns.trackingNumber}) = ${search}
          or lower(${orders.orderNumber}) like ${containsPattern(search)})`
      : undefined,
  ];
}

/** A page of returns, newest first, and the counts per status within the same filters (the stat cards). */
export async function listReturns(db: Executor, scope: Scope, query: ReturnListQuery) {
  const base = listConditions(scope, query);
  const where = and(...base, query.status ? eq(returns.status, query.status) : undefined);
  const [rows, [total], perStatus] = await Promise.all([
    db
      .select(summaryColumns)
      .from(returns)
      .innerJoin(accounts, eq(accounts.id, returns.accountId))
      .innerJoin(warehouses, eq(warehouses.id, returns.warehouseId))
      .leftJoin(orders, eq(orders.id, returns.orderId))
      .where(where)
      .orderBy(desc(returns.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(returns).leftJoin(orders, eq(orders.id, returns.orderId)).where(where),
    db
      .select({ status: returns.status, returns: count() })
      .from(returns)
      .leftJoin(orders, eq(orders.id, returns.orderId))
      .where(and(...base))
      .groupBy(returns.status),
  ]);
  return {
    page: toPage(rows, total?.total ?? 0, query),
    perStatus: perStatus as { status: ReturnStatus; returns: number }[],
  };
}

export async function findReturn(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select(summaryColumns)
    .from(returns)
    .innerJoin(accounts, eq(accounts.id, returns.accountId))
    .innerJoin(warehouses, eq(warehouses.id, returns.warehouseId))
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.id, id), returnScopeCondition(scope)));
  return row;
}
export type ReturnSummaryRow = NonNullable<Awaited<ReturnType<typeof findReturn>>>;

/** The return's row within the caller's scope, locked: its state changes and receipts run one at a time. */
export async function lockReturn(tx: Executor, scope: Scope, id: number) {
  const [row] = await tx
    .select({
      id: returns.id,
      rmaNumber: returns.rmaNumber,
      status: returns.status,
      orderId: returns.orderId,
      accountId: returns.accountId,
      warehouseId: returns.warehouseId,
      trackingNumber: returns.trackingNumber,
    })
    .from(returns)
    .where(and(eq(returns.id, id), returnScopeCondition(scope)))
    .for('update');
  return row;
}
export type LockedReturn = NonNullable<Awaited<ReturnType<typeof lockReturn>>>;

/** Moves the return from one of `from` to `to`, stamping the matching time; answers whether a row changed. */
export async function setReturnStatus(
  tx: Executor,
  id: number,
  from: readonly ReturnStatus[],
  to: ReturnStatus,
): Promise<boolean> {
  const stamp =
    to === 'received'
      ? { receivedAt: sql`now()` }
      : to === 'closed'
        ? { closedAt: sql`now()` }
        : to === 'cancelled'
          ? { cancelledAt: sql`now()` }
          : {};
  const changed = await tx
    .update(returns)
    .set({ status: to, updatedAt: sql`now()`, ...stamp })
    .where(and(eq(returns.id, id), inArray(returns.status, [...from])))
    .returning({ id: returns.id });
  return changed.length === 1;
}

/** A return's lines with their products (tracking rules for receipts). */
export async function linesOfReturn(db: Executor, returnId: number) {
  return db
    .select({
      id: returnLines.id,
      orderItemId: returnLines.orderItemId,
      productId: returnLines.productId,
      sku: products.sku,
      productName: products.name,
      trackLots: products.trackLots,
      trackExpiry: products.trackExpiry,
      quantity: returnLines.quantity,
      reason: returnLines.reason,
      reasonText: returnLines.reasonText,
      receivedAt: returnLines.receivedAt,
    })
    .from(returnLines)
    .innerJoin(products, eq(products.id, returnLines.productId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.id));
}
export type ReturnLineRow = Awaited<ReturnType<typeof linesOfReturn>>[number];

/** The receipts of a return's lines, in line and receipt order. */
export async function receiptsOfReturn(db: Executor, returnId: number) {
  return db
    .select({
      lineId: returnReceipts.returnLineId,
      disposition: returnReceipts.disposition,
      quantity: returnReceipts.quantity,
      locationId: returnReceipts.locationId,
      locationCode: locations.code,
      lotId: returnReceipts.lotId,
      lotCode: inventoryLots.lotCode,
      note: returnReceipts.note,
      quarantined: returnReceipts.quarantined,
    })
    .from(returnReceipts)
    .innerJoin(returnLines, eq(returnLines.id, returnReceipts.returnLineId))
    .leftJoin(locations, eq(locations.id, returnReceipts.locationId))
    .leftJoin(inventoryLots, eq(inventoryLots.id, returnReceipts.lotId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnReceipts.returnLineId), asc(returnReceipts.id));
}

/**
 * Marks the line received, once: the conditional UPDATE changes no row when the line was already received (by a
 * concurrent request too: it waits for the first one's commit and then finds `received_at` set).
 */
export async function markLineReceived(tx: Executor, lineId: number, userId: number): Promise<boolean> {
  const changed = await tx
    .update(returnLines)
    .set({ receivedAt: sql`now()`, receivedBy: userId })
    .where(and(eq(returnLines.id, lineId), isNull(returnLines.receivedAt)))
    .returning({ id: returnLines.id });
  return changed.length === 1;
}

export async function insertReceipts(tx: Executor, values: (typeof returnReceipts.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await tx.insert(returnReceipts).values(values);
}

/** Whether every line of the return has been received. */
export async function everyLineReceived(tx: Executor, returnId: number): Promise<boolean> {
  const [row] = await tx
    .select({ open: count() })
    .from(returnLines)
    .where(and(eq(returnLines.returnId, returnId), isNull(returnLines.receivedAt)));
  return (row?.open ?? 0) === 0;
}

/** Units of the return still waiting in quarantine. */
export async function quarantinedOfReturn(tx: Executor, returnId: number): Promise<number> {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${returnReceipts.quarantined}), 0)::int` })
    .from(returnReceipts)
    .innerJoin(returnLines, eq(returnLines.id, returnReceipts.returnLineId))
    .where(eq(returnLines.returnId, returnId));
  return row?.units ?? 0;
}

/** A line's receipts with units in quarantine, oldest first, locked for the release. */
export async function lockQuarantinedReceipts(tx: Executor, lineId: number) {
  return tx
    .select({
      id: returnReceipts.id,
      locationId: returnReceipts.locationId,
      lotId: returnReceipts.lotId,
      quarantined: returnReceipts.quarantined,
    })
    .from(returnReceipts)
    .where(and(eq(returnReceipts.returnLineId, lineId), gt(returnReceipts.quarantined, 0)))
    .orderBy(asc(returnReceipts.id))
    .for('update');
}

/** Takes units out of a receipt's quarantined count, never below zero; answers whether it could. */
export async function takeQuarantined(tx: Executor, receiptId: number, units: number): Promise<boolean> {
  const changed = await tx
    .update(returnReceipts)
    .set({ quarantined: sql`${returnReceipts.quarantined} - ${units}` })
    .where(and(eq(returnReceipts.id, receiptId), sql`${returnReceipts.quarantined} >= ${units}`))
    .returning({ id: returnReceipts.id });
  return changed.length === 1;
}

/** The line of a return (by both ids), or undefined. */
export async function findLineOfReturn(db: Executor, returnId: number, lineId: number) {
  const [row] = await db
    .select({ id: returnLines.id, productId: returnLines.productId, sku: products.sku })
    .from(returnLines)
    .innerJoin(products, eq(products.id, returnLines.productId))
    .where(and(eq(returnLines.id, lineId), eq(returnLines.returnId, returnId)));
  return row;
}

/** The account's products among `ids`, with their tracking rules. */
export async function productsOfAccount(tx: Executor, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, [...ids])));
}

/** Attaches a return without an order to one; answers whether it was still without one. */
export async function setReturnOrder(tx: Executor, id: number, orderId: number): Promise<boolean> {
  const changed = await tx
    .update(returns)
    .set({ orderId, updatedAt: sql`now()` })
    .where(and(eq(returns.id, id), isNull(returns.orderId)))
    .returning({ id: returns.id });
  return changed.length === 1;
}

export async function setLineOrderItem(tx: Executor, lineId: number, orderItemId: number): Promise<void> {
  await tx.update(returnLines).set({ orderItemId }).where(eq(returnLines.id, lineId));
}

/** Points the return at its label file unless it has one already; answers whether it did. */
export async function setReturnLabel(tx: Executor, id: number, fileId: string): Promise<boolean> {
  const set = await tx
    .update(returns)
    .set({ labelFileId: fileId, updatedAt: sql`now()` })
    .where(and(eq(returns.id, id), isNull(returns.labelFileId)))
    .returning({ id: returns.id });
  return set.length === 1;
}

/** The stored file of a return's label, scoped like the return (out of scope, or no label: undefined). */
export async function findReturnLabelFile(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ name: files.originalName, key: files.storageKey })
    .from(returns)
    .innerJoin(files, eq(files.id, returns.labelFileId))
    .where(and(eq(returns.id, id), returnScopeCondition(scope)));
  return row;
}
