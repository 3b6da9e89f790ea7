import {
  DEFAULT_SORT_DIRECTION,
  type MergeItemRow,
  type Order,
  type OrderListQuery,
  type OrderListRow,
} from '@wms/contract/orders';
import type { KeysetPageMeta } from '@wms/contract/pagination';
import { CURSOR_MESSAGES } from '@wms/contract/paging';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import { anyId } from '../../../db/id-array';
import { mergeItems, orders } from '../../../db/schema/orders';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';
import { fieldError } from '../../../http/errors';
import { keysetPage, keysetPlan, type RowPosition } from '../../../http/keyset';
import { orderFilterCondition } from './order-filters-repository';
import { loadOrderViewsWhere } from './order-views-repository';
import { pageWithTotal } from './orders-list-page-repository';

/** Where a merge item's PDF downloads from (the uploaded file, or one built from its orders' labels). */
const mergeItemPdfPath = (id: number): string => `/api/merge-items/${id}/download-pdf`;

/**
 * GET /orders/with-merge-items: one page of top-level rows, newest first unless `sort` says otherwise — standalone orders and merge items (a
 * merge item is listed when any of its orders matches the filters, with those orders as children). Paging counts
 * top-level rows only. Two statements per page whatever its content: the page's rows with the capped total and the
 * merge items' headers, then the order views (standalone orders and merged children together).
 */
export async function listOrdersWithMergeItems(
  db: Executor,
  scope: Scope,
  query: OrderListQuery,
): Promise<{ data: OrderListRow[]; meta: KeysetPageMeta }> {
  const direction = query.direction ?? DEFAULT_SORT_DIRECTION[query.sort];
  const plan = keysetPlan(query, query.sort, direction, jumpToPosition(query, direction));
  const matches = orderFilterCondition(scope, query) ?? sql`true`;
  // A search finds the merge items from their matching orders (orders_merged_search_trgm_idx, merged orders only):
  // walking every merge item newest first to test its orders cost 0.5 s at a million orders when none matched.
  // Without a search, that walk stops after a page's worth, so it stays.
  const mergedMatch = query.search
    ? sql`${mergeItems.id} in (select ${orders.mergeItemId} from ${orders} where ${orders.mergeItemId} is not null and ${matches})`
    : sql`exists (select 1 from ${orders} where ${orders.mergeItemId} = ${mergeItems.id} and ${matches})`;
  const standaloneMatch = sql`${orders.mergeItemId} is null and ${matches}`;
  const { rows, total } = await pageWithTotal(db, { standaloneMatch, mergedMatch, matches }, query, plan);
  const page = keysetPage(rows, (r) => r.position, plan, query, { sort: query.sort, direction }, total);
  const top = page.data;
  const orderIds = top.filter((r) => r.kind === 'order').map((r) => r.id);
  const headers = top.flatMap((r) => (r.header ? [r.header] : []));
  const mergeIds = headers.map((h) => h.id);
  const wantedViews = [
    orderIds.length > 0 ? anyId(orders.id, orderIds) : undefined,
    mergeIds.length > 0 ? and(anyId(orders.mergeItemId, mergeIds), matches) : undefined,
  ].filter((condition) => condition !== undefined);
  const views = wantedViews.length > 0 ? await loadOrderViewsWhere(db, or(...wantedViews) as SQL) : [];
  const orderById = new Map(views.filter((v) => v.merge_item_id === null).map((v) => [v.id, v]));
  const merged = assembleMergeItemRows(
    headers,
    views.filter((v) => v.merge_item_id !== null),
  );
  const data = top.flatMap((r): OrderListRow[] => {
    const row = r.kind === 'order' ? orderById.get(r.id) : merged.get(r.id);
    return row ? [row] : [];
  });
  return { data, meta: page.meta };
}

/**
 * "Jump to date" as a start position: newest first, the rows before the next day's midnight (UTC); oldest first,
 * the rows from that day's midnight. Id 0 and an empty kind sit before every real row of the same key.
 */
function jumpToPosition(query: OrderListQuery, direction: 'asc' | 'desc'): RowPosition | undefined {
  if (!query.jump_to) return undefined;
  if (query.sort !== 'created_at' && query.sort !== 'ship_date') {
    throw fieldError('jump_to', CURSOR_MESSAGES.jumpToNeedsDateSort);
  }
  const day = new Date(`${query.jump_to}T00:00:00Z`);
  if (direction === 'desc') day.setUTCDate(day.getUTCDate() + 1);
  const iso = day.toISOString();
  return { key: query.sort === 'ship_date' ? iso.slice(0, 10) : iso, id: 0, kind: '' };
}

/** Merge-item rows with their children that match `childCondition` (scope and filters), in two statements. */
export async function loadMergeItemRows(
  db: Executor,
  ids: readonly number[],
  childCondition: SQL | undefined,
): Promise<Map<number, MergeItemRow>> {
  if (ids.length === 0) return new Map();
  const [headers, children] = await Promise.all([
    loadMergeItemHeaders(db, ids),
    loadOrderViewsWhere(db, and(inArray(orders.mergeItemId, [...ids]), childCondition) as SQL),
  ]);
  return assembleMergeItemRows(headers, children);
}

export type MergeItemHeader = Awaited<ReturnType<typeof loadMergeItemHeaders>>[number];

async function loadMergeItemHeaders(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
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
    .where(inArray(mergeItems.id, [...ids]));
}

/** Merge-item rows from their headers and their children's views (oldest child first). */
function assembleMergeItemRows(headers: MergeItemHeader[], children: Order[]): Map<number, MergeItemRow> {
  const childrenOf = new Map<number, (Order & { isChild: true })[]>();
  for (const child of children) {
    if (child.merge_item_id === null) continue;
    const list = childrenOf.get(child.merge_item_id) ?? [];
    list.push({ ...child, isChild: true });
    childrenOf.set(child.merge_item_id, list);
  }
  return new Map(
    headers.map((m) => {
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
