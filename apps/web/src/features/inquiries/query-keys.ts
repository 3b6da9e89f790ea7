import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the inquiries feature. */
export const inquiryKeys = {
  all: ['inquiries'] as const,
  /** Every list and every statistics card (what a deletion makes stale: the deleted inquiry's own page is left). */
  lists: () => ['inquiries', 'list'] as const,
  allStatistics: () => ['inquiries', 'statistics'] as const,
  list: (context: ContextKey, params: object) => ['inquiries', 'list', context, params] as const,
  statistics: (context: ContextKey) => ['inquiries', 'statistics', context] as const,
  detail: (id: number) => ['inquiries', 'detail', id] as const,
  timeline: (id: number) => ['inquiries', 'timeline', id] as const,
  subjects: (context: ContextKey, type: string, search: string) =>
    ['inquiries', 'subjects', context, type, search] as const,
  assignable: (warehouseId: number | null) => ['inquiries', 'assignable', warehouseId] as const,
};
