import type { KeysetPageMeta } from '@wms/contract/pagination';

/**
 * Where a keyset-paged list stands (orders, the shipped archive, products, inventory): its page number (as the pager
 * shows it) and the cursor or date it was reached by.
 */
export interface CursorPagingState {
  page: number;
  cursor: string | null;
  jumpTo: string | null;
}

/**
 * The URL change for a move to page `next`. Beyond the count cap ("10,000+"), after a jump to a date, or
 * once on a cursor page, next/previous follow the answer's cursors, so a deep page costs what page 1 costs; in the
 * counted range the list keeps plain page numbers. After a jump, page 1 is the jump's own page.
 */
export function pageMove(
  next: number,
  state: CursorPagingState,
  meta: Pick<KeysetPageMeta, 'total_is_capped' | 'next_cursor' | 'prev_cursor'> | undefined,
): { page: number | null; cursor: string | null } {
  const byCursor = meta?.total_is_capped === true || state.cursor !== null || state.jumpTo !== null;
  const plain = { page: next > 1 ? next : null, cursor: null };
  if (!byCursor || !meta) return plain;
  if (next === state.page + 1) {
    // The last page: nothing follows (the pager disables next; this guards a stale click).
    return meta.next_cursor ? { page: next, cursor: meta.next_cursor } : { page: state.page, cursor: state.cursor };
  }
  if (next === state.page - 1) {
    // Back to page 1 of a plain list: page 1 itself, no cursor needed.
    if (next <= 1 && state.jumpTo === null) return plain;
    if (meta.prev_cursor) return { page: Math.max(1, next), cursor: next <= 1 ? null : meta.prev_cursor };
  }
  return plain;
}

/**
 * The paging state in the URL: `page`, `cursor` and `jump_to` (a YYYY-MM-DD date). Lists without a date sort
 * (products, inventory) pass `withJump: false`, so a stray `jump_to` in the URL changes nothing.
 */
export function cursorPagingFromParams(params: URLSearchParams, page: number, withJump = true): CursorPagingState {
  const jumpTo = withJump ? params.get('jump_to') : null;
  return {
    page,
    cursor: params.get('cursor') || null,
    jumpTo: jumpTo && /^\d{4}-\d{2}-\d{2}$/.test(jumpTo) ? jumpTo : null,
  };
}

/**
 * The pager's `hasNext`: on a page reached by cursor (meta.page 0) the count cannot say whether another page
 * follows, the answer's next_cursor does; on a counted page the total decides (undefined).
 */
export const hasNextByCursor = (meta: Pick<KeysetPageMeta, 'page' | 'next_cursor'> | undefined): boolean | undefined =>
  meta?.page === 0 ? meta.next_cursor !== null : undefined;

/** The list query's part of the state (absent values stay out of the query key). */
export const cursorQueryParams = ({ cursor, jumpTo }: CursorPagingState) => ({
  ...(cursor ? { cursor } : {}),
  ...(jumpTo ? { jumpTo } : {}),
});
