import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the products feature (one factory: invalidations and lists cannot drift apart). */
export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  /** A list of the working context: the selection is part of the key (see docs/platform.md "Working context"). */
  list: (
    context: ContextKey,
    params: { page: number; perPage: number; search: string; kind?: string; cursor?: string },
  ) => ['products', 'list', context, params] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
  /** Where a product lies in each warehouse (its detail page's Locations card). */
  locations: (id: number) => ['products', 'locations', id] as const,
  /** The components editor's search among the kit's account's products. */
  componentOptions: (accountId: number, term: string) => ['products', 'component-options', accountId, term] as const,
  copyTargets: () => ['products', 'copy-targets'] as const,
  accountOptions: () => ['products', 'account-options'] as const,
};
