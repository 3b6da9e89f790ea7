import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the drafts feature. */
export const draftKeys = {
  all: ['drafts'] as const,
  list: (context: ContextKey, params: { page: number; search: string }) => ['drafts', 'list', context, params] as const,
  statistics: (context: ContextKey) => ['drafts', 'statistics', context] as const,
};
