import type { OrderListQuery, OrderSort } from '@wms/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { type KeysetColumns, rowsAfter } from '../../../db/keyset-rows';
import { cappedCount, countMemo } from '../../../db/paging';
import { mergeItems, orders } from '../../../db/schema/orders';
import { users } from '../../../db/schema/users';
import { warehouses } from '../../../db/schema/warehouses';
import type { KeysetPlan, RowPosition } from '../../../http/keyset';
import type { CountedTotal } from '../../../http/pagination';
import type { MergeItemHeader } from './orders-list-repository';

/** What the list matches: standalone orders, merge items (through their orders), and any order (`matches`). */
export interface ListConditions {
  standaloneMatch: SQL;
  mergedMatch: SQL;
  matches: SQL;
}

/** One top-level row of the page; a merge item carries its header (title, creator, warehouse, PDF). */
export interface TopLevelRow {
  kind: 'order' | 'merge_item';
  id: number;
  position: RowPosition;
  header: MergeItemHeader | null;
}

// The merge item's own joins, aliased apart from the tables the page's branches read (in a sql template an alias
// renders as its name only, hence `${table} as ${alias}` below).
const header = alias(mergeItems, 'header');
const creator = alias(users, 'creator');
const headerWarehouse = alias(warehouses, 'header_warehouse');

/**
 * The page's top-level rows, the list's capped total and the merge items' headers in ONE statement (each statement
 * cost the API ≈ 0.3 ms of CPU in the driver and its wake-ups; the total and the headers were two more). The total
 * is the left side of the join, so an empty page still answers it; a total still cached is not counted again.
 *
 * The page has one row more than asked (it says whether more follow). Each branch walks its own index and stops
 * after offset + page rows (a plain UNION ALL under one ORDER BY would sort every matching order: seconds at a
 * million); only those few rows are sorted together. Sorting keeps one direction for the key, the id and the kind
 * tie-breaks, so an index on (warehouse or account, key, id) serves it either way (PostgreSQL's default: empty ship
 * dates last when ascending, first when descending). From a cursor, each branch starts at the cursor's position
 * through that index instead of skipping rows (keyset paging). The headers join only the page's few rows, after
 * the sort, which the outer ORDER BY repeats.
 */
export async function pageWithTotal(
  db: Executor,
  { standaloneMatch, mergedMatch, matches }: ListConditions,
  query: OrderListQuery,
  plan: KeysetPlan,
): Promise<{ rows: TopLevelRow[]; total: CountedTotal }> {
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
  const count = cappedCount(
    (limit) => sql`(select 1 from ${orders} where ${standaloneMatch})
      union all (select 1 from ${mergeItems} where ${mergedMatch}) limit ${limit}`,
    query,
    { searchCapped: true },
  );
  // A total counted moments ago for the very same rows (LIST_COUNT_CACHE_SECONDS) is reused: the page is then its
  // rows alone, a few hundred buffers where the count reads up to ten thousand rows.
  const memo = countMemo(db, count.statement);
  const counting = memo.known ? sql`select 0 as total` : count.statement;
  // cursor_key: the sort key as text, which the cursor keeps exactly as PostgreSQL compares it (timestamps to the
  // microsecond, where a JavaScript Date keeps milliseconds). header_created_at: as text, the form drizzle reads
  // timestamps in on both drivers, decoded below by the column itself.
  const result = (await db.execute(sql`
    select counted.total, page.kind, page.id, page.cursor_key,
      ${header.title} as header_title, (${header.createdAt})::text as header_created_at,
      ${header.pdfFileId} as header_pdf_file_id, ${header.pdfOriginalName} as header_pdf_original_name,
      ${creator.id} as creator_id, ${creator.name} as creator_name,
      ${headerWarehouse.id} as warehouse_id, ${headerWarehouse.name} as warehouse_name,
      ${headerWarehouse.code} as warehouse_code
    from (${counting}) as counted
    left join (
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
      offset ${plan.offset} limit ${query.per_page + 1}
    ) as page on true
    left join ${mergeItems} as ${header} on page.kind = 'merge_item' and ${header.id} = page.id
    left join ${warehouses} as ${headerWarehouse} on ${headerWarehouse.id} = ${header.warehouseId}
    left join ${users} as ${creator} on ${creator.id} = ${header.createdBy}
    order by page.sort_key ${direction}, page.id ${direction}, page.kind ${direction}`)) as unknown as {
    rows: PageRow[];
  };
  const rows = result.rows.flatMap((r): TopLevelRow[] => {
    if (r.kind === null || r.id === null) return [];
    const id = Number(r.id);
    return [{ kind: r.kind, id, position: { key: r.cursor_key, id, kind: r.kind }, header: headerOf(r, id) }];
  });
  return { rows, total: memo.known ?? memo.remember(count.totalOf(result.rows[0]?.total ?? 0)) };
}

interface PageRow {
  total: number | string;
  kind: 'order' | 'merge_item' | null;
  id: number | string | null;
  cursor_key: string | null;
  header_title: string | null;
  header_created_at: string | null;
  header_pdf_file_id: string | null;
  header_pdf_original_name: string | null;
  creator_id: number | null;
  creator_name: string | null;
  warehouse_id: number | null;
  warehouse_name: string | null;
  warehouse_code: string | null;
}

/** A merge item's header from its page row (null for an order, or a merge item gone since the page was read). */
function headerOf(r: PageRow, id: number): MergeItemHeader | null {
  if (r.kind !== 'merge_item' || r.header_title === null || r.header_created_at === null || r.warehouse_id === null) {
    return null;
  }
  return {
    id,
    title: r.header_title,
    createdAt: mergeItems.createdAt.mapFromDriverValue(r.header_created_at) as Date,
    pdfFileId: r.header_pdf_file_id,
    pdfOriginalName: r.header_pdf_original_name,
    creatorId: r.creator_id,
    creatorName: r.creator_name,
    warehouseId: r.warehouse_id,
    warehouseName: r.warehouse_name ?? '',
    warehouseCode: r.warehouse_code ?? '',
  };
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
