import { ORDER_MESSAGES } from '@wms/contract/orders';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { shippedLinesOf, shippedUnitsOf } from '../../../db/order-shipped-counts';
import { files } from '../../../db/schema/files';
import { mergeItems, orderItems, orders, shipmentLabels } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { shippers } from '../../../db/schema/shippers';
import { statuses, statusModules } from '../../../db/schema/statuses';
import { notFound } from '../../../http/errors';
import { findInventoryIds, inventoryKey } from '../../floor/stock/stock-api';
import { orderScope } from './order-scope';

/*
 * The SQL of an order's changes (status, edit, delete, verification): locks, line and header updates. Every write
 * takes the caller's scope in its WHERE and answers the rows it changed, so a change that skipped the access gate
 * changes nothing (test/scoped-writes.test.ts). The lists, views and figures live in the other *-repository.ts
 * files of this module.
 */

export type OrderRow = typeof orders.$inferSelect;
export type StatusRow = typeof statuses.$inferSelect;
export type OrderLine = typeof orderItems.$inferSelect & { sku: string; barcode: string | null };

/** Lines of orders within the scope (a line carries no scope of its own: its order does). */
const lineScope = (scope: Scope): SQL | undefined => {
  const condition = orderScope(scope);
  return condition
    ? inArray(orderItems.orderId, sql`(select ${orders.id} from ${orders} where ${condition})`)
    : undefined;
};

/**
 * The order row locked for the rest of the transaction, with its current status; 404 outside the scope. Every change
 * to an order's state starts here, so two requests on one order (a double-click on "shipped") run one after the
 * other and the second sees what the first did.
 */
export async function lockOrder(
  tx: Executor,
  scope: Scope,
  id: number,
): Promise<{ order: OrderRow; status: StatusRow }> {
  // The order alone, not joined: after waiting for a concurrent change PostgreSQL re-checks a locked row against
  // the join, and a status changed meanwhile would make the row vanish from the answer.
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), orderScope(scope)))
    .for('update');
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  const [status] = await tx.select().from(statuses).where(eq(statuses.id, order.statusId));
  return { order, status: status! };
}

/** The scope arrays of an order's activity events. */
export const orderEventScope = (order: OrderRow) => ({
  subject: { type: 'order', id: order.id },
  warehouseIds: [order.warehouseId],
  accountIds: [order.accountId],
});

/** The lines of an order already locked by lockOrder, with their SKU, locked too, in id order. */
export async function lockOrderLines(tx: Executor, orderId: number): Promise<OrderLine[]> {
  const rows = await tx
    .select({ item: orderItems, sku: products.sku, barcode: products.barcode })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
    .for('update', { of: orderItems });
  return rows.map((r) => ({ ...r.item, sku: r.sku, barcode: r.barcode }));
}

/**
 * The inventory row of each line (product, the order's warehouse and account), looked up again for lines that had
 * none when the order was placed (stock may have arrived since). Lines still without one map to null.
 */
export async function resolveLineInventories(
  tx: Executor,
  order: { warehouseId: number; accountId: number },
  lines: readonly OrderLine[],
): Promise<Map<number, number | null>> {
  const missing = lines.filter((l) => l.inventoryId === null);
  const found = await findInventoryIds(
    tx,
    order.warehouseId,
    missing.map((l) => ({ productId: l.productId, accountId: order.accountId })),
  );
  const result = new Map<number, number | null>();
  for (const line of lines) {
    result.set(line.id, line.inventoryId ?? found.get(inventoryKey(line.productId, order.accountId)) ?? null);
  }
  return result;
}

export interface OrderLineValues {
  quantity?: number;
  quantityReserved?: number;
  quantityShipped?: number;
  verifiedQuantity?: number;
  inventoryId?: number | null;
}

/**
 * One line's quantities and stock bookkeeping (the ledger itself moved the inventory), in one statement so the
 * row's CHECKs (reserved and verified within the quantity) hold before and after it.
 */
export async function updateOrderLine(
  tx: Executor,
  scope: Scope,
  lineId: number,
  values: OrderLineValues,
): Promise<number> {
  const updated = await tx
    .update(orderItems)
    .set(values)
    .where(and(eq(orderItems.id, lineId), lineScope(scope)))
    .returning({ id: orderItems.id });
  return updated.length;
}

/**
 * Several lines' shipped and reserved counts and inventory rows at once (Ship: the ledger moved the stock), in one
 * UPDATE; answers how many lines it changed (fewer: a line outside the scope).
 */
export async function updateShippedLines(
  tx: Executor,
  scope: Scope,
  lines: readonly { id: number; quantityShipped: number; quantityReserved: number; inventoryId: number | null }[],
): Promise<number> {
  if (lines.length === 0) return 0;
  const values = sql.join(
    lines.map((l) => sql`(${l.id}::int, ${l.quantityShipped}::int, ${l.quantityReserved}::int, ${l.inventoryId}::int)`),
    sql`, `,
  );
  const scoped = lineScope(scope);
  const result = (await tx.execute(sql`
    update ${orderItems} set quantity_shipped = d.shipped, quantity_reserved = d.reserved, inventory_id = d.inventory_id
    from (values ${values}) as d(id, shipped, reserved, inventory_id)
    where ${orderItems.id} = d.id ${scoped ? sql`and ${scoped}` : sql``}
    returning ${orderItems.id}`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** A line's verified units, with who verified them and when (none: cleared). */
export async function setLineVerified(
  tx: Executor,
  scope: Scope,
  lineId: number,
  quantity: number,
  userId: number,
): Promise<number> {
  const updated = await tx
    .update(orderItems)
    .set({
      verifiedQuantity: quantity,
      verifiedAt: quantity > 0 ? sql`now()` : null,
      verifiedBy: quantity > 0 ? userId : null,
    })
    .where(and(eq(orderItems.id, lineId), lineScope(scope)))
    .returning({ id: orderItems.id });
  return updated.length;
}

/**
 * The order's status and lifecycle; shipped_at set on the first shipped status, kept on the next, cleared otherwise,
 * and with it the lines and units shipped (the lines' quantity_shipped is written before, by the shipment).
 */
export async function setOrderStatus(
  tx: Executor,
  scope: Scope,
  order: Pick<OrderRow, 'id' | 'shippedAt'>,
  target: Pick<StatusRow, 'id' | 'lifecycle'>,
): Promise<number> {
  const updated = await tx
    .update(orders)
    .set({
      statusId: target.id,
      lifecycle: target.lifecycle,
      shippedAt: target.lifecycle === 'shipped' ? (order.shippedAt ?? sql`now()`) : null,
      ...(target.lifecycle === 'shipped'
        ? {
            // Kept when it moves between shipped statuses: shipping is final, its lines do not change.
            shippedLines: sql`coalesce(${orders.shippedLines}, ${shippedLinesOf(sql`"orders"."id"`)})`,
            shippedUnits: sql`coalesce(${orders.shippedUnits}, ${shippedUnitsOf(sql`"orders"."id"`)})`,
          }
        : { shippedLines: null, shippedUnits: null }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, order.id), orderScope(scope)))
    .returning({ id: orders.id });
  return updated.length;
}

export interface OrderHeaderValues {
  customerName?: string;
  shipDate?: string | null;
  shipperId?: number | null;
  notes?: string | null;
  priority?: 'normal' | 'urgent';
}

/** The header fields an open order's edit may change. */
export async function updateOrderHeader(
  tx: Executor,
  scope: Scope,
  id: number,
  values: OrderHeaderValues,
): Promise<number> {
  const updated = await tx
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), orderScope(scope)))
    .returning({ id: orders.id });
  return updated.length;
}

/** The order with its lines and labels (cascade); the ledger keeps its movements referencing it. */
export async function deleteOrderRow(tx: Executor, scope: Scope, id: number): Promise<number> {
  const deleted = await tx
    .delete(orders)
    .where(and(eq(orders.id, id), orderScope(scope)))
    .returning({ id: orders.id });
  return deleted.length;
}

/** The stored label files of an order (their rows and storage keys), before the order goes. */
export const orderLabelFiles = (tx: Executor, orderId: number) =>
  tx
    .select({ id: files.id, key: files.storageKey })
    .from(shipmentLabels)
    .innerJoin(files, eq(files.id, shipmentLabels.fileId))
    .where(eq(shipmentLabels.orderId, orderId));

/** Label file rows by id (only label files: a shared id never removes an avatar). */
export async function deleteLabelFileRows(tx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(files).where(and(inArray(files.id, [...ids]), eq(files.kind, 'label')));
}

/** Does this shipper exist (an order's shipper_id)? */
export async function shipperExists(db: Executor, shipperId: number): Promise<boolean> {
  const [row] = await db.select({ id: shippers.id }).from(shippers).where(eq(shippers.id, shipperId));
  return row !== undefined;
}

/** The merge item an order belongs to, as the order detail names it. */
export async function findMergeItemSummary(db: Executor, id: number): Promise<{ id: number; title: string } | null> {
  const [row] = await db
    .select({ id: mergeItems.id, title: mergeItems.title })
    .from(mergeItems)
    .where(eq(mergeItems.id, id));
  return row ?? null;
}

/** An active status of the orders module, by id or by name (case-insensitive). */
/** The shipped status an order gets when packing ships it: the first active shipped status of the orders module. */
export async function findDefaultShippedStatus(db: Executor): Promise<StatusRow | undefined> {
  const [status] = await db
    .select()
    .from(statuses)
    .where(
      and(
        eq(statuses.lifecycle, 'shipped'),
        eq(statuses.isActive, true),
        sql`exists (select 1 from ${statusModules} m where m.status_id = ${statuses.id} and m.module = 'orders')`,
      ),
    )
    .orderBy(asc(statuses.sortOrder), asc(statuses.id))
    .limit(1);
  return status;
}

export async function findOrderModuleStatus(db: Executor, value: string | number): Promise<StatusRow | undefined> {
  const byValue =
    typeof value === 'number' ? eq(statuses.id, value) : sql`lower(${statuses.name}) = ${value.trim().toLowerCase()}`;
  const [status] = await db
    .select()
    .from(statuses)
    .where(
      and(
        byValue,
        eq(statuses.isActive, true),
        sql`exists (select 1 from ${statusModules} m where m.status_id = ${statuses.id} and m.module = 'orders')`,
      ),
    )
    .limit(1);
  return status;
}
