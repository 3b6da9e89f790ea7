import { createHash } from 'node:crypto';
import { type KeysetPageMeta, pageMeta } from '@wms/contract/pagination';
import { CURSOR_MESSAGES } from '@wms/contract/paging';
import { validationError } from './errors';
import type { CountedTotal, PageRequest } from './pagination';

/**
 * Keyset (cursor) paging: a page starts after the last row of the page before, found through the sort's
 * index (`(key, id) < (…)`), so page 2000 costs what page 1 costs, where an OFFSET walks every row before it.
 *
 * A cursor names a row position in one sort order: the row's sort key (as PostgreSQL prints it), its id, and for
 * lists that mix two tables (orders and merge items) its kind as the last tie-break. `back` cursors read the page
 * before the position. The cursor is opaque to clients (base64url JSON with a checksum): a damaged or edited one is
 * refused with 422. The checksum is not a secret: a hand-made cursor only positions the caller inside their own
 * scoped, filtered list, which every page already limits.
 */
export interface RowPosition {
  /** The sort key as text (null: an empty ship date); absent for lists sorted by id alone. */
  key?: string | null;
  id: number;
  /** Rows of two tables in one list: the table's name, the last tie-break. */
  kind?: string;
}

export interface Cursor {
  /** The sort and direction the cursor was made for: another sort's cursor is refused. */
  sort: string;
  direction: 'asc' | 'desc';
  back: boolean;
  at: RowPosition;
}

const checksum = (payload: string) =>
  createHash('sha256').update(`wms-cursor:${payload}`).digest('base64url').slice(0, 12);

export function encodeCursor(cursor: Cursor): string {
  const payload = Buffer.from(JSON.stringify([cursor.sort, cursor.direction, cursor.back ? 1 : 0, cursor.at])).toString(
    'base64url',
  );
  return `${payload}.${checksum(payload)}`;
}

const invalid = (message: string = CURSOR_MESSAGES.cursorInvalid) => validationError({ cursor: [message] });

/** The cursor a client sent back, or 422 (field `cursor`) when it is damaged, edited or of another sort. */
export function decodeCursor(text: string, expected: { sort: string; direction: 'asc' | 'desc' }): Cursor {
  const [payload, sum, ...rest] = text.split('.');
  if (!payload || !sum || rest.length > 0 || checksum(payload) !== sum) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  const [sort, direction, back, at] = parsed as [unknown, unknown, unknown, Record<string, unknown> | null];
  const position = at && typeof at === 'object' ? at : null;
  if (
    typeof sort !== 'string' ||
    (direction !== 'asc' && direction !== 'desc') ||
    (back !== 0 && back !== 1) ||
    !position ||
    !Number.isSafeInteger(position.id) ||
    !(position.key === undefined || position.key === null || typeof position.key === 'string') ||
    !(position.kind === undefined || typeof position.kind === 'string')
  ) {
    throw invalid();
  }
  if (sort !== expected.sort || direction !== expected.direction) throw invalid(CURSOR_MESSAGES.cursorOtherSort);
  return {
    sort,
    direction,
    back: back === 1,
    at: { key: position.key as string | null | undefined, id: position.id as number, kind: position.kind as string },
  };
}

/** How a list request reads its page: by offset (the spec's `page`) or from a cursor position. */
export interface KeysetPlan {
  /** The direction the rows are read in (the list's, or its reverse for a back page). */
  scan: 'asc' | 'desc';
  position: RowPosition | null;
  back: boolean;
  /** Rows to skip (offset mode only). */
  offset: number;
}

export function keysetPlan(
  request: PageRequest & { cursor?: string },
  sort: string,
  direction: 'asc' | 'desc',
  start?: RowPosition,
): KeysetPlan {
  if (request.cursor) {
    const cursor = decodeCursor(request.cursor, { sort, direction });
    const reverse = direction === 'asc' ? 'desc' : 'asc';
    return { scan: cursor.back ? reverse : direction, position: cursor.at, back: cursor.back, offset: 0 };
  }
  if (start) return { scan: direction, position: start, back: false, offset: 0 };
  return { scan: direction, position: null, back: false, offset: (request.page - 1) * request.per_page };
}

/**
 * The page from rows read with `per_page + 1` as the limit (the extra row says whether more follow), with the
 * cursors of the pages around it. In cursor mode `page` is 0: the page's number is not counted.
 */
export function keysetPage<T>(
  rows: T[],
  positionOf: (row: T) => RowPosition,
  plan: KeysetPlan,
  request: PageRequest,
  list: { sort: string; direction: 'asc' | 'desc' },
  total: CountedTotal,
): { data: T[]; meta: KeysetPageMeta } {
  const more = rows.length > request.per_page;
  const data = rows.slice(0, request.per_page);
  if (plan.back) data.reverse();
  const cursorAt = (row: T | undefined, back: boolean) =>
    row === undefined ? null : encodeCursor({ ...list, back, at: positionOf(row) });
  const byCursor = plan.position !== null;
  // Forward: a next page when the extra row came; a previous one unless this is page 1. Back: the page we came
  // from follows; a previous one when the extra row came.
  const hasNext = plan.back ? true : more;
  const hasPrev = plan.back ? more : byCursor || plan.offset > 0;
  return {
    data,
    meta: {
      ...pageMeta(total.total, byCursor ? 0 : request.page, request.per_page, total.capped),
      next_cursor: hasNext ? cursorAt(data.at(-1), false) : null,
      prev_cursor: hasPrev ? cursorAt(data[0], true) : null,
    },
  };
}
