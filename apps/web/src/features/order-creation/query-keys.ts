import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the order-creation feature. */
export const orderCreationKeys = {
  shippers: () => ['order-creation', 'shippers'] as const,
  accounts: () => ['order-creation', 'accounts'] as const,
  inventory: (context: ContextKey, accountId: number | null, search: string) =>
    ['order-creation', 'inventory', context, accountId, search] as const,
  draft: (id: number) => ['order-creation', 'draft', id] as const,
};
