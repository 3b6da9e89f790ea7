import type { MergeItemRow, Order, OrderListQuery, OrderListRow } from '@wms/contract/orders';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { mergeItems, orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { warehouses } from '../../db/schema/warehouses';
import { type Page, pageOffset, toPage } from '../../http/pagination';
import { mergeItemPdfPath } from '../merge-items/merge-item-paths';
import { orderFilterCondition } from './order-filters';
import { loadOrderViewList } from './order-views';

/**
 * GET /orders/with-merge-items: one page of top-level rows, newest first — standalone orders and merge items (a
 * merge item is listed when any of its orders matches the filters, with those orders as children). Paging counts
 * top-level rows only. A fixed number of queries per page: the page of ids, the two counts, the order views (four
 * set-based queries) and the merge items' names.
 */
export async function listOrdersWithMergeItems(
  db: Executor,
  scope: Scope,
  query: OrderListQuery,
): Promise<Page<OrderListRow>> {
  const matches = orderFilterCondition(scope, query) ?? sql`true`;
  const mergedMatch = sql`exists (select 1 from ${orders} where ${orders.mergeItemId} = ${mergeItems.id} and ${matches})`;
  // Two ordered reads merged here rather than one UNION ALL: PostgreSQL does not merge the two branches in index
  // order, so a union sorts every matching order (seconds at a million); each read below walks its index backwards
  // and stops after offset + page rows.
  const depth = pageOffset(query) + query.per_page;
  const [standaloneRows, mergeRows, counts] = await Promise.all([
    db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(and(isNull(orders.mergeItemId), matches))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(depth),
    db
      .select({ id: mergeItems.id, createdAt: mergeItems.createdAt })
      .from(mergeItems)
      .where(mergedMatch)
      .orderBy(desc(mergeItems.createdAt), desc(mergeItems.id))
      .limit(depth),
    db.execute(sql`
      select
        (select count(*) from ${orders} where ${orders.mergeItemId} is null and ${matches})::int as orders,
        (select count(*) from ${mergeItems} where ${mergedMatch})::int as merge_items`) as unknown as Promise<{
      rows: { orders: number; merge_items: number }[];
    }>,
  ]);
  const pageRows = {
    rows: [
      ...standaloneRows.map((r) => ({ kind: 'order' as const, id: r.id, at: r.createdAt.getTime() })),
      ...mergeRows.map((r) => ({ kind: 'merge_item' as const, id: r.id, at: r.createdAt.getTime() })),
    ]
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .slice(pageOffset(query), depth),
  };
  const top = pageRows.rows.map((r) => ({ kind: r.kind, id: Number(r.id) }));
  const orderIds = top.filter((r) => r.kind === 'order').map((r) => r.id);
  const mergeIds = top.filter((r) => r.kind === 'merge_item').map((r) => r.id);
  const [standalone, merged] = await Promise.all([
    loadOrderViewList(db, orderIds),
    loadMergeItemRows(db, mergeIds, matches),
  ]);
  const orderById = new Map(standalone.map((o) => [o.id, o]));
  const data = top.flatMap((r): OrderListRow[] => {
    const row = r.kind === 'order' ? orderById.get(r.id) : merged.get(r.id);
    return row ? [row] : [];
  });
  const total = Number(counts.rows[0]?.orders ?? 0) + Number(counts.rows[0]?.merge_items ?? 0);
  return toPage(data, total, query);
}

/** Merge-item rows with their children that match `childCondition` (scope and filters), in three queries. */
export async function loadMergeItemRows(
  db: Executor,
  ids: readonly number[],
  childCondition: SQL | undefined,
): Promise<Map<number, MergeItemRow>> {
  if (ids.length === 0) return new Map();
  const [items, childIds] = await Promise.all([
    db
      .select({
        id: mergeItems.id,
        title: mergeItems.title,
        createdAt: mergeItems.createdAt,
        pdfFileId: mergeItems.pdfFileId,
        pdfOriginalName: mergeItems.pdfOriginalName,
        creatorId: users.id,
        creatorName: users.name,
        warehouseId: warehouses.id,
        warehouseName: warehouses.name,
        warehouseCode: warehouses.code,
      })
      .from(mergeItems)
      .innerJoin(warehouses, eq(warehouses.id, mergeItems.warehouseId))
      .leftJoin(users, eq(users.id, mergeItems.createdBy))
      .where(inArray(mergeItems.id, [...ids])),
    db
      .select({ id: orders.id, mergeItemId: orders.mergeItemId })
      .from(orders)
      .where(and(inArray(orders.mergeItemId, [...ids]), isNotNull(orders.mergeItemId), childCondition))
      .orderBy(orders.createdAt, orders.id),
  ]);
  const children = await loadOrderViewList(
    db,
    childIds.map((c) => c.id),
  );
  const childrenOf = new Map<number, (Order & { isChild: true })[]>();
  for (const child of children) {
    if (child.merge_item_id === null) continue;
    const list = childrenOf.get(child.merge_item_id) ?? [];
    list.push({ ...child, isChild: true });
    childrenOf.set(child.merge_item_id, list);
  }
  return new Map(
    items.map((m) => {
      const kids = childrenOf.get(m.id) ?? [];
      const row: MergeItemRow = {
        type: 'merge_item',
        id: m.id,
        merge_item_id: m.id,
        title: m.title,
        orders_count: kids.length,
        creator: m.creatorId === null ? null : { id: m.creatorId, name: m.creatorName ?? '' },
        warehouse: { id: m.warehouseId, name: m.warehouseName, code: m.warehouseCode },
        pdf_original_name: m.pdfOriginalName,
        pdf_file_path: mergeItemPdfPath(m.id),
        has_uploaded_pdf: m.pdfFileId !== null,
        created_at: m.createdAt.toISOString(),
        children: kids,
      };
      return [m.id, row];
    }),
  );
}
