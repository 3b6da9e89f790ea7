import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ListCountCache } from '../http/list-count-cache';
import type { CountedTotal, PageRequest } from '../http/pagination';
import type { Executor } from './client';

/*
 * The SQL side of offset paging (http/pagination.ts holds the page shapes): a page's offset and a list's capped
 * total, with the process-wide caps app.ts sets from the configuration.
 */

/** The rows before a page (OFFSET). */
export const pageOffset = ({ page, per_page }: PageRequest): number => (page - 1) * per_page;

/** LIST_COUNT_CAP's default: an exact total up to ten thousand rows, "10,000+" beyond. */
export const DEFAULT_LIST_COUNT_CAP = 10_000;
let listCountCap = DEFAULT_LIST_COUNT_CAP;

/**
 * Set from LIST_COUNT_CAP when the app is built. Process-wide: it is a property of the deployment (every list of
 * every app in the process counts alike), and threading it through each repository would add nothing.
 */
export function setListCountCap(cap: number): void {
  listCountCap = cap;
}

/** SEARCH_COUNT_CAP's default: a text search counts its matches exactly up to two hundred, "200+" beyond. */
export const DEFAULT_SEARCH_COUNT_CAP = 200;
let searchCountCap = DEFAULT_SEARCH_COUNT_CAP;

/**
 * Set from SEARCH_COUNT_CAP when the app is built (process-wide, like LIST_COUNT_CAP). Why a lower cap for text
 * searches: a contains-search cannot be counted from an index alone — every match is a heap row read and
 * rechecked — so ten thousand matches of a million orders cost 0.5–1 s; up to two hundred, PostgreSQL walks the
 * table and stops early (≈ 40 ms at a million orders). A search that matches hundreds is refined, not paged.
 */
export function setSearchCountCap(cap: number): void {
  searchCountCap = cap;
}

/** How many rows a page counts at most: the cap, or every row up to the end of a page that lies deeper. */
export const countLimit = (request: PageRequest, cap = listCountCap): number =>
  Math.max(cap, pageOffset(request) + request.per_page);

/**
 * The total of a list that may hold millions of rows: `count(*)` over the matching rows `limit n + 1`, so its
 * cost is bounded by the cap whatever the table's size (an exact count walks every matching row on every page).
 * Below the limit the total is exact; at it the answer says "more than n". `matchingRows(limit)` is the
 * list's filtered rows (any single column) with that limit applied. `searchCapped`: a list whose text search is a
 * contains-search counts a request with `search` up to SEARCH_COUNT_CAP instead.
 */
export async function countCapped(
  db: Executor,
  matchingRows: (limit: number) => SQLWrapper,
  request: PageRequest & { search?: string },
  options: { searchCapped?: boolean } = {},
): Promise<CountedTotal> {
  const count = cappedCount(matchingRows, request, options);
  const memo = countMemo(db, count.statement);
  if (memo.known) return memo.known;
  const result = (await db.execute(count.statement)) as unknown as { rows: { total: number | string }[] };
  return memo.remember(count.totalOf(result.rows[0]?.total ?? 0));
}

/**
 * The exact total of a list bounded by what it lists (a warehouse's locations, invoices: one per account and
 * month), reused like a capped count for the same scope and filters. `matchingRows`: the list's filtered rows.
 */
export async function countExactly(db: Executor, matchingRows: SQLWrapper): Promise<number> {
  const statement = sql`select count(*)::int as total from (${matchingRows}) as matching_rows`;
  const memo = countMemo(db, statement);
  if (memo.known) return memo.known.total;
  const result = (await db.execute(statement)) as unknown as { rows: { total: number | string }[] };
  return memo.remember({ total: Number(result.rows[0]?.total ?? 0), capped: false }).total;
}

/**
 * `countCapped` as a statement to embed (one column, `total`, one row) and the reading of its answer, for a list
 * that counts inside its page's own statement (one round trip fewer; docs/decisions/cpu-per-request.md).
 */
export function cappedCount(
  matchingRows: (limit: number) => SQLWrapper,
  request: PageRequest & { search?: string },
  { searchCapped = false }: { searchCapped?: boolean } = {},
): { statement: SQL; totalOf: (counted: number | string) => CountedTotal } {
  const limit = countLimit(request, searchCapped && request.search ? searchCountCap : listCountCap);
  return {
    statement: sql`select count(*)::int as total from (${matchingRows(limit + 1)}) as capped_rows`,
    totalOf: (value) => {
      const counted = Number(value);
      return counted > limit ? { total: limit, capped: true } : { total: counted, capped: false };
    },
  };
}

const countCaches = new WeakMap<object, ListCountCache>();
const dialect = new PgDialect();

/**
 * Lets every count run through `db` (the app's executor, as its routes receive it) reuse totals from `cache`.
 * Keyed by the executor: several apps in one process (the tests) each count their own database.
 */
export function useListCountCache(db: object, cache: ListCountCache): void {
  if (cache.enabled) countCaches.set(db, cache);
}

/** A count's cached answer (`known`), or how to store the answer once counted (`remember` returns it). */
export interface CountMemo {
  known?: CountedTotal;
  remember(total: CountedTotal): CountedTotal;
}

const uncached: CountMemo = { remember: (total) => total };

/**
 * The memo of one count statement on `db`: the statement's SQL and parameters are the key (they hold the scope,
 * the filters and the depth counted, so only a request counting the very same rows reuses the answer). Without a
 * cache for `db` (a transaction, a script, LIST_COUNT_CACHE_SECONDS=0), every count runs.
 */
export function countMemo(db: Executor, statement: SQL): CountMemo {
  const cache = countCaches.get(db);
  if (!cache) return uncached;
  const rendered = dialect.sqlToQuery(statement);
  const key = `${rendered.sql}\u0000${JSON.stringify(rendered.params)}`;
  const known = cache.get(key);
  if (known) return { known, remember: (total) => total };
  const generation = cache.generation;
  return {
    remember: (total) => {
      cache.set(key, total, generation);
      return total;
    },
  };
}
