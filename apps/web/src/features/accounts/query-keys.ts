import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the accounts feature. */
export const accountKeys = {
  all: ['accounts'] as const,
  list: (context: ContextKey, params: object) => ['accounts', 'list', context, params] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  holdings: (id: number) => ['accounts', 'holdings', id] as const,
  logo: (id: number) => ['accounts', 'logo', id] as const,
  /** The owner picker's client users (a users list, invalidated with them). */
  clientUsers: () => ['users', 'clients'] as const,
};
