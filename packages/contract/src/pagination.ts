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
  total: z
    .number()
    .int()
    .describe('Matching rows; with total_is_capped, a lower bound: more than this many rows match'),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z
    .number()
    .int()
    .describe('The last page; with total_is_capped, the last page known to exist (more may follow)'),
  total_is_capped: z
    .literal(true)
    .optional()
    .describe(
      'Present (true) only when counting stopped at the count cap (10 000 by default, or the requested page when deeper): the list has more than `total` rows, shown as "10,000+"',
    ),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/**
 * The optional `cursor` of a list with keyset paging (orders and the shipped archive, products, inventory): an
 * opaque value from a previous answer's next_cursor/prev_cursor. With it, `page` is ignored and the page costs what
 * page 1 costs however deep it lies.
 */
export const cursorParam = z
  .string()
  .max(1000)
  .optional()
  .describe(
    "Keyset paging: a previous answer's meta.next_cursor or meta.prev_cursor (opaque). With it, `page` is ignored and any page costs what page 1 costs",
  );

/** Page meta of a list with keyset paging: the offset fields as before, and the cursors of the pages around. */
export const keysetPageMetaSchema = pageMetaSchema.extend({
  page: pageMetaSchema.shape.page.describe(
    'The page number; 0 for a page reached by cursor (its number is not counted)',
  ),
  next_cursor: z.string().nullable().describe('The next page, as a `cursor`; null on the last page'),
  prev_cursor: z.string().nullable().describe('The previous page, as a `cursor`; null on the first page'),
});
export type KeysetPageMeta = z.infer<typeof keysetPageMetaSchema>;

/**
 * Page meta from the number of matching rows. `capped`: counting stopped early, `total` rows were counted and more
 * exist — so the last page known to exist is the one holding row `total + 1`.
 */
export const pageMeta = (total: number, page: number, perPage: number, capped = false): PageMeta =>
  capped
    ? { total, page, per_page: perPage, last_page: Math.ceil((total + 1) / perPage), total_is_capped: true }
    : { total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
