import { z } from 'zod';
import { MAX_PER_PAGE, PAGE_SIZES } from './paging';
import { SEARCH_MAX_LENGTH, safeString } from './text';

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(PAGE_SIZES[0]),
  search: safeString().trim().max(SEARCH_MAX_LENGTH).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const pageMeta = (total: number, page: number, perPage: number): PageMeta => ({
  total,
  page,
  per_page: perPage,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});
