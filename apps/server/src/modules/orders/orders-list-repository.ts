import {
  DEFAULT_SORT_DIRECTION,
  type MergeItemRow,
  type Order,
  type OrderListQuery,
  type OrderListRow,
  type OrderSort,
} from '@wms/contract/orders';
import type { KeysetPageMeta } from '@wms/contract/pagination';
import { CURSOR_MESSAGES } from '@wms/contract/paging';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { mergeItems, orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { warehouses } from '../../db/schema/warehouses';
import { fieldError } from '../../http/errors';
import {
  type KeysetColumns,
  type KeysetPlan,
  keysetPage,
  keysetPlan,
  type RowPosition,
  rowsAfter,
} from '../../http/keyset';
import { countCapped } from '../../http/pagination';
import { mergeItemPdfPath } from '../merge-items/merge-item-paths';
import { orderFilterCondition } from './order-filters-repository';
import { loadOrderViewsWhere } from './order-views-repository';

/**
 * GET /orders/with-merge-items: one page of top-level rows, newest first unless `sort` says otherwise — standalone orders and merge items (a
 * merge item is listed when any of its orders matches the filters, with those orders as children). Paging counts
 * top-level rows only. Four statements per page whatever its content (three without merge items): the page's
 * rows, the capped total, the order views (standalone orders and merged children together) and the merge items.
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
  const [topRows, total] = await Promise.all([
    pageOfTopLevelRows(db, { standaloneMatch, mergedMatch, matches }, query, plan),
    countCapped(
      db,
      (limit) => sql`(select 1 from ${orders} where ${standaloneMatch})
        union all (select 1 from ${mergeItems} where ${mergedMatch}) limit ${limit}`,
      query,
      { searchCapped: true },
    ),
  ]);
  const page = keysetPage(topRows, (r) => r.position, plan, query, { sort: query.sort, direction }, total);
  const top = page.data;
  const orderIds = top.filter((r) => r.kind === 'order').map((r) => r.id);
  const mergeIds = top.filter((r) => r.kind === 'merge_item').map((r) => r.id);
  const wantedViews = [
    orderIds.length > 0 ? inArray(orders.id, orderIds) : undefined,
    mergeIds.length > 0 ? and(inArray(orders.mergeItemId, mergeIds), matches) : undefined,
  ].filter((condition) => condition !== undefined);
  const [views, headers] = await Promise.all([
    wantedViews.length > 0 ? loadOrderViewsWhere(db, or(...wantedViews) as SQL) : [],
    loadMergeItemHeaders(db, mergeIds),
  ]);
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

/**
 * The page's top-level rows in one statement, with one row more than the page (it says whether more follow). Each
 * branch walks its own index and stops after offset + page rows (a plain UNION ALL under one ORDER BY would sort
 * every matching order: seconds at a million); only those few rows are sorted together. Sorting keeps one direction
 * for the key, the id and the kind tie-breaks, so an index on (warehouse or account, key, id) serves it either way
 * (PostgreSQL's default: empty ship dates last when ascending, first when descending). From a cursor, each branch
 * starts at the cursor's position through that index instead of skipping rows (keyset paging).
 */
async function pageOfTopLevelRows(
  db: Executor,
  { standaloneMatch, mergedMatch, matches }: { standaloneMatch: SQL; mergedMatch: SQL; matches: SQL },
  query: OrderListQuery,
  plan: KeysetPlan,
): Promise<{ kind: 'order' | 'merge_item'; id: number; position: RowPosition }[]> {
  const depth = plan.offset + query.per_page + 1;
  const direction = sql.raw(plan.scan);
  const keys = sortKeys(query.sort, matches);
  const type = query.sort === 'created_at' ? 'timestamptz' : query.sort === 'ship_date' ? 'date' : 'text';
  const branch = (expression: SQL, id: SQL, kind: 'order' | 'merge_item'): KeysetColumns => ({
    key: { expression, type, nullable: query.sort === 'ship_date' },
    id,
    kind,
  });
  const after = (columns: KeysetColumns) => (plan.position ? rowsAfter(columns, plan.scan, plan.position) : sql`true`);
  const orderAfter = after(branch(keys.order, sql`${orders.id}`, 'order'));
  const mergeItemAfter = after(branch(keys.mergeItem, sql`${mergeItems.id}`, 'merge_item'));
  // cursor_key: the sort key as text, which the cursor keeps exactly as PostgreSQL compares it (timestamps to the
  // microsecond, where a JavaScript Date keeps milliseconds).
  const result = (await db.execute(sql`
    (select 'order' as kind, ${orders.id} as id, ${keys.order} as sort_key, (${keys.order})::text as cursor_key
      from ${orders}
      where ${standaloneMatch} and ${orderAfter}
      order by ${keys.order} ${direction}, ${orders.id} ${direction} limit ${depth})
    union all
    (select 'merge_item' as kind, ${mergeItems.id} as id, ${keys.mergeItem} as sort_key,
      (${keys.mergeItem})::text as cursor_key from ${mergeItems}
      where ${mergedMatch} and ${mergeItemAfter}
      order by sort_key ${direction}, ${mergeItems.id} ${direction} limit ${depth})
    order by sort_key ${direction}, id ${direction}, kind ${direction}
    offset ${plan.offset} limit ${query.per_page + 1}`)) as unknown as {
    rows: { kind: 'order' | 'merge_item'; id: number | string; cursor_key: string | null }[];
  };
  return result.rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    position: { key: r.cursor_key, id: Number(r.id), kind: r.kind },
  }));
}

/**
 * The sort key of an order row and of a merge-item row. A merge item has no ship date or customer of its own: it
 * takes the earliest ship date / first customer of its orders that the list shows (those `matches` keeps).
 */
function sortKeys(sort: OrderSort, matches: SQL): { order: SQL; mergeItem: SQL } {
  const children = sql`${orders.mergeItemId} = ${mergeItems.id} and ${matches}`;
  if (sort === 'ship_date') {
    return {
      order: sql`${orders.shipDate}`,
      mergeItem: sql`(select min(${orders.shipDate}) from ${orders} where ${children})`,
    };
  }
  if (sort === 'customer_name') {
    return {
      order: sql`lower(${orders.customerName})`,
      mergeItem: sql`(select min(lower(${orders.customerName})) from ${orders} where ${children})`,
    };
  }
  return { order: sql`${orders.createdAt}`, mergeItem: sql`${mergeItems.createdAt}` };
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

type MergeItemHeader = Awaited<ReturnType<typeof loadMergeItemHeaders>>[number];

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
