import { ALL_CONTEXT, type ContextKey } from '../../lib/context/context-key';

/** Every query key of the statuses feature. Statuses are global configuration: the context part is constant. */
export const statusKeys = {
  all: ['statuses'] as const,
  list: (params: { search: string; module: string; active: string }, context: ContextKey = ALL_CONTEXT) =>
    ['statuses', 'list', context, params] as const,
  modules: () => ['statuses', 'modules'] as const,
  detail: (id: number) => ['statuses', 'detail', id] as const,
};
