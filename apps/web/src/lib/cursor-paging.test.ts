import { describe, expect, it } from 'vitest';
import { cursorPagingFromParams, hasNextByCursor, pageMove } from './cursor-paging';

const meta = { next_cursor: 'N', prev_cursor: 'P' };
const at = (page: number, cursor: string | null = null, jumpTo: string | null = null) => ({ page, cursor, jumpTo });

describe('pageMove', () => {
  it('keeps page numbers while the total is counted', () => {
    expect(pageMove(3, at(2), meta)).toEqual({ page: 3, cursor: null });
    expect(pageMove(1, at(2), meta)).toEqual({ page: null, cursor: null });
  });

  it('follows the cursors beyond the count cap, and returns to plain page 1', () => {
    const capped = { ...meta, total_is_capped: true as const };
    expect(pageMove(401, at(400), capped)).toEqual({ page: 401, cursor: 'N' });
    expect(pageMove(400, at(401, 'X'), meta)).toEqual({ page: 400, cursor: 'P' });
    expect(pageMove(1, at(2, 'X'), meta)).toEqual({ page: null, cursor: null });
  });

  it('after a jump to a date, pages on from the jump by cursor; page 1 is the jump’s page', () => {
    expect(pageMove(2, at(1, null, '2026-05-20'), meta)).toEqual({ page: 2, cursor: 'N' });
    expect(pageMove(1, at(2, 'X', '2026-05-20'), meta)).toEqual({ page: 1, cursor: null });
  });

  it('stops at the last page: no next cursor, no move by cursor', () => {
    const last = { next_cursor: null, prev_cursor: 'P', total_is_capped: true as const };
    expect(pageMove(6, at(5, 'X'), last)).toEqual({ page: 5, cursor: 'X' });
  });
});

describe('cursorPagingFromParams', () => {
  it('reads the cursor, and the jump date only on lists that offer it', () => {
    const params = new URLSearchParams('cursor=C&jump_to=2026-05-20');
    expect(cursorPagingFromParams(params, 3)).toEqual({ page: 3, cursor: 'C', jumpTo: '2026-05-20' });
    expect(cursorPagingFromParams(params, 3, false)).toEqual({ page: 3, cursor: 'C', jumpTo: null });
  });
});

describe('hasNextByCursor', () => {
  it('follows next_cursor on a cursor page, and leaves a counted page to its total', () => {
    expect(hasNextByCursor({ page: 0, next_cursor: null })).toBe(false);
    expect(hasNextByCursor({ page: 0, next_cursor: 'N' })).toBe(true);
    expect(hasNextByCursor({ page: 2, next_cursor: null })).toBeUndefined();
    expect(hasNextByCursor(undefined)).toBeUndefined();
  });
});
