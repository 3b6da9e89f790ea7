import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  list: (context: ContextKey, params: object) => ['users', 'list', context, params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};
