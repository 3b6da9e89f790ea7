import { formatWeight, ORDER_THUMBNAILS, type Order } from '@wms/contract/orders';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { orderItems, orders, shipmentLabels } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { shippers } from '../../db/schema/shippers';
import { statuses } from '../../db/schema/statuses';
import { users } from '../../db/schema/users';
import { warehouses } from '../../db/schema/warehouses';

/**
 * Order rows as lists and details show them (spec 2 §3 Order), for any number of orders in a fixed number of
 * set-based queries (no per-row query): the orders with their names, the line aggregates, the first thumbnails and
 * whether labels exist. Callers have already applied the caller's scope to the ids.
 */
export async function loadOrderViews(db: Executor, ids: readonly number[]): Promise<Map<number, Order>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const [base, totals, thumbnails, labelled] = await Promise.all([
    loadBase(db, wanted),
    loadLineTotals(db, wanted),
    loadThumbnails(db, wanted),
    db
      .selectDistinct({ orderId: shipmentLabels.orderId })
      .from(shipmentLabels)
      .where(inArray(shipmentLabels.orderId, wanted)),
  ]);
  const withLabels = new Set(labelled.map((r) => r.orderId));
  const views = new Map<number, Order>();
  for (const row of base) {
    const t = totals.get(row.id);
    const images = thumbnails.get(row.id);
    const weight = Math.round((t?.weight ?? 0) * 100) / 100;
    views.set(row.id, {
      type: 'order',
      id: row.id,
      order_number: row.orderNumber,
      order_id: row.externalOrderId,
      status: row.statusName,
      status_id: row.statusId,
      status_color: row.statusColor,
      status_detail: {
        id: row.statusId,
        name: row.statusName,
        color: row.statusColor,
        lifecycle: row.statusLifecycle,
        system_key: row.statusSystemKey,
      },
      lifecycle: row.lifecycle,
      customer_name: row.customerName,
      account: { id: row.accountId, name: row.accountName },
      warehouse: { id: row.warehouseId, name: row.warehouseName, code: row.warehouseCode },
      shipper: row.shipperId === null ? null : { id: row.shipperId, name: row.shipperName ?? '' },
      user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
      ship_date: row.shipDate,
      notes: row.notes,
      items_count: t?.units ?? 0,
      shipped_items_count: t?.shipped ?? 0,
      verified_items_count: t?.verified ?? 0,
      lines_count: t?.lines ?? 0,
      images: images?.urls ?? [],
      images_count: images?.count ?? 0,
      has_labels: withLabels.has(row.id),
      can_be_edited: row.lifecycle === 'open',
      can_be_deleted: row.statusSystemKey === 'pending',
      total_weight: weight,
      formatted_total_weight: formatWeight(weight),
      merge_item_id: row.mergeItemId,
      isChild: row.mergeItemId !== null,
      shipped_at: row.shippedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    });
  }
  return views;
}

/** The views in the order of `ids` (missing ones skipped). */
export async function loadOrderViewList(db: Executor, ids: readonly number[]): Promise<Order[]> {
  const views = await loadOrderViews(db, ids);
  return ids.flatMap((id) => {
    const view = views.get(id);
    return view ? [view] : [];
  });
}

function loadBase(db: Executor, ids: number[]) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      externalOrderId: orders.externalOrderId,
      statusId: orders.statusId,
      statusName: statuses.name,
      statusColor: statuses.color,
      statusLifecycle: statuses.lifecycle,
      statusSystemKey: statuses.systemKey,
      lifecycle: orders.lifecycle,
      customerName: orders.customerName,
      accountId: orders.accountId,
      accountName: accounts.name,
      warehouseId: orders.warehouseId,
      warehouseName: warehouses.name,
      warehouseCode: warehouses.code,
      shipperId: orders.shipperId,
      shipperName: shippers.name,
      userId: orders.userId,
      userName: users.name,
      shipDate: orders.shipDate,
      notes: orders.notes,
      mergeItemId: orders.mergeItemId,
      shippedAt: orders.shippedAt,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .leftJoin(shippers, eq(shippers.id, orders.shipperId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, ids));
}

async function loadLineTotals(db: Executor, ids: number[]) {
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      lines: sql<number>`count(*)`.mapWith(Number),
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
      shipped: sql<number>`coalesce(sum(${orderItems.quantityShipped}), 0)`.mapWith(Number),
      verified: sql<number>`coalesce(sum(${orderItems.verifiedQuantity}), 0)`.mapWith(Number),
      weight: sql<number>`coalesce(sum(${orderItems.quantity} * coalesce(${products.weightLb}, 0)), 0)`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, ids))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** The first photos of each order's products (line order) and how many lines have one, in one windowed query. */
async function loadThumbnails(db: Executor, ids: number[]) {
  const result = (await db.execute(sql`
    select order_id, photo_url, total from (
      select oi.order_id, p.photo_url,
        row_number() over (partition by oi.order_id order by oi.id) as position,
        count(*) over (partition by oi.order_id) as total
      from ${orderItems} oi join ${products} p on p.id = oi.product_id
      where oi.order_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and p.photo_url is not null and p.photo_url <> ''
    ) ranked where position <= ${ORDER_THUMBNAILS}
    order by order_id, position`)) as unknown as {
    rows: { order_id: number; photo_url: string; total: number | string }[];
  };
  const byOrder = new Map<number, { urls: string[]; count: number }>();
  for (const row of result.rows) {
    const entry = byOrder.get(Number(row.order_id)) ?? { urls: [], count: Number(row.total) };
    entry.urls.push(row.photo_url);
    byOrder.set(Number(row.order_id), entry);
  }
  return byOrder;
}
