import { formatWeight, ORDER_THUMBNAILS, type Order } from '@wms/contract/orders';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { preRenderSelect } from '../../../db/pre-rendered-select';
import { accounts } from '../../../db/schema/accounts';
import { orderItems, orders, shipmentLabels } from '../../../db/schema/orders';
import { products } from '../../../db/schema/products';
import { shippers } from '../../../db/schema/shippers';
import { statuses } from '../../../db/schema/statuses';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';

/** Per order, from its lines: the line aggregates and the first thumbnails (lines whose product has a photo). */
interface LineFigures {
  lines: number;
  units: number;
  shipped: number;
  /** Units still to reserve (quantity − reserved − shipped): the backorder while the order is open. */
  unfilled: number;
  verified: number;
  weight: number | string;
  photos: number;
  thumbnails: string[] | null;
}

const hasPhoto = sql`${products.photoUrl} is not null and ${products.photoUrl} <> ''`;

/** One correlated subquery per order row (index on order_items.order_id): aggregates and thumbnails together. */
const lineFigures = sql<LineFigures | null>`(
  select json_build_object(
    'lines', count(*),
    'units', coalesce(sum(${orderItems.quantity}), 0),
    'shipped', coalesce(sum(${orderItems.quantityShipped}), 0),
    'unfilled', coalesce(sum(${orderItems.quantity} - ${orderItems.quantityReserved} - ${orderItems.quantityShipped}), 0),
    'verified', coalesce(sum(${orderItems.verifiedQuantity}), 0),
    'weight', coalesce(sum(${orderItems.quantity} * coalesce(${products.weightLb}, 0)), 0),
    'photos', count(*) filter (where ${hasPhoto}),
    'thumbnails', (array_agg(${products.photoUrl} order by ${orderItems.id}) filter (where ${hasPhoto}))[1:${sql.raw(String(ORDER_THUMBNAILS))}]
  )
  from ${orderItems} join ${products} on ${products.id} = ${orderItems.productId}
  where ${orderItems.orderId} = ${orders.id})`;

const labelled = sql<boolean>`exists (select 1 from ${shipmentLabels} where ${shipmentLabels.orderId} = ${orders.id})`;

/**
 * Order rows as lists and details show them (spec 2 §3 Order), for every order matching `condition` (callers have
 * applied the caller's scope), oldest first, in ONE statement: the orders with their names joined, and per order
 * a subquery for the line aggregates and thumbnails and one for whether labels exist (no per-row round trip).
 */
export async function loadOrderViewsWhere(db: Executor, condition: SQL): Promise<Order[]> {
  const rows = await selectViewRows(db, sql`where ${condition} order by ${orders.createdAt}, ${orders.id}`);
  return rows.map(toOrderView);
}

/** The views of these orders by id. */
export async function loadOrderViews(db: Executor, ids: readonly number[]): Promise<Map<number, Order>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const views = await loadOrderViewsWhere(db, inArray(orders.id, wanted));
  return new Map(views.map((view) => [view.id, view]));
}

type ViewRow = Awaited<ReturnType<typeof selectViewRows>>[number];

function toOrderView(row: ViewRow): Order {
  const t = row.lineFigures;
  const weight = Math.round(Number(t?.weight ?? 0) * 100) / 100;
  return {
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
    priority: row.priority === 'urgent' ? 'urgent' : 'normal',
    notes: row.notes,
    items_count: Number(t?.units ?? 0),
    shipped_items_count: Number(t?.shipped ?? 0),
    verified_items_count: Number(t?.verified ?? 0),
    short_items_count: row.lifecycle === 'open' ? Number(t?.unfilled ?? 0) : 0,
    lines_count: Number(t?.lines ?? 0),
    images: t?.thumbnails ?? [],
    images_count: Number(t?.photos ?? 0),
    has_labels: row.hasLabels,
    can_be_edited: row.lifecycle === 'open',
    can_be_deleted: row.statusSystemKey === 'pending',
    total_weight: weight,
    formatted_total_weight: formatWeight(weight),
    merge_item_id: row.mergeItemId,
    isChild: row.mergeItemId !== null,
    shipped_at: row.shippedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The view's columns, tables and joins, rendered to SQL once per process (docs/decisions/cpu-per-request.md). */
const selectViewRows = preRenderSelect(
  new QueryBuilder()
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
      priority: orders.priority,
      notes: orders.notes,
      mergeItemId: orders.mergeItemId,
      shippedAt: orders.shippedAt,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      lineFigures,
      hasLabels: labelled,
    })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .leftJoin(shippers, eq(shippers.id, orders.shipperId))
    .leftJoin(users, eq(users.id, orders.userId)),
);
