/** Paging limits, free of zod so the web app can import them without pulling the schema library into its first chunk. */
export const MAX_PER_PAGE = 100;
/** Spec 1 §9: users and accounts tables. */
export const PAGE_SIZES = [10, 25, 50] as const;
