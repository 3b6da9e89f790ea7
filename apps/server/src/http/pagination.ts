import { type PageMeta, pageMeta } from '@wms/contract/pagination';

export interface PageRequest {
  page: number;
  per_page: number;
}

export const pageOffset = ({ page, per_page }: PageRequest): number => (page - 1) * per_page;

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export const toPage = <T>(data: T[], total: number, request: PageRequest): Page<T> => ({
  data,
  meta: pageMeta(total, request.page, request.per_page),
});

/** `ILIKE` pattern for a user's search text, with the wildcard characters they typed taken literally. */
export const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
