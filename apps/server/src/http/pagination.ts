import { type PageMeta, pageMeta } from '@wms/contract/pagination';
import { pageOffset } from '../db/paging';

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

/** A list's total; `capped`: counting stopped at the limit, so more than `total` rows match. */
export interface CountedTotal {
  total: number;
  capped: boolean;
}

export const toPage = <T>(data: T[], total: number | CountedTotal, request: PageRequest): Page<T> => {
  const counted = typeof total === 'number' ? { total, capped: false } : total;
  return { data, meta: pageMeta(counted.total, request.page, request.per_page, counted.capped) };
};

/**
 * The total a page already tells, so no count is needed: a page shorter than asked ends the list when it holds rows
 * or is the first (an exact code lookup, a narrow search). Undefined when the list may go on (a full page) or the
 * page lies beyond the end (empty, not the first): count then.
 */
export const totalOfShortPage = (rows: number, request: PageRequest): number | undefined =>
  rows < request.per_page && (rows > 0 || request.page === 1) ? pageOffset(request) + rows : undefined;

/** `ILIKE` pattern for a user's search text, with the wildcard characters they typed taken literally. */
export const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
