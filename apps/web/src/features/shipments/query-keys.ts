import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the shipments feature (one factory: invalidations and lists cannot drift apart). */
export const shipmentKeys = {
  all: ['shipments'] as const,
  list: (context: ContextKey, params: { status: string; page: number; search: string }) =>
    ['shipments', 'list', context, params] as const,
  statistics: (context: ContextKey) => ['shipments', 'statistics', context] as const,
  detail: (id: number) => ['shipments', 'detail', id] as const,
  putawaySuggestions: (id: number) => ['shipments', 'putaway-suggestions', id] as const,
  productOptions: (accountId: number, term: string) => ['shipments', 'product-options', accountId, term] as const,
};
