/** Paging limits, free of zod so the web app can import them without pulling the schema library into its first chunk. */
export const MAX_PER_PAGE = 100;
/** Spec 1 §9: users and accounts tables. */
export const PAGE_SIZES = [10, 25, 50] as const;

/** Cursor (keyset) paging: what the API answers about a `cursor` or `jump_to` it cannot use (422, field named). */
export const CURSOR_MESSAGES = {
  cursorInvalid: 'This page link is not valid any more. Start again from the first page.',
  cursorOtherSort: 'This page link belongs to another sort order. Start again from the first page.',
  jumpToNeedsDateSort: 'Jump to date works when the list is sorted by a date.',
  jumpToInvalid: 'Enter a valid date.',
} as const;
