import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the shippers feature. */
export const shipperKeys = {
  all: ['shippers'] as const,
  lists: () => ['shippers', 'list'] as const,
  list: (context: ContextKey, params: object) => ['shippers', 'list', context, params] as const,
  detail: (id: number) => ['shippers', 'detail', id] as const,
  /** The shipper's cut-off time per warehouse. */
  cutoffs: (id: number) => ['shippers', 'cutoffs', id] as const,
};
