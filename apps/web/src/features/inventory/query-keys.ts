import type { ContextKey } from '../../lib/context/context-key';
import { stockKeys } from '../../lib/query-keys/shared-keys';

/** Every query key of the inventory feature (one factory: invalidations and lists cannot drift apart). */
export const inventoryKeys = {
  all: stockKeys.all,
  /** Every list and every card total (what a deletion makes stale: the deleted row's own page is being left). */
  lists: () => ['inventories', 'list'] as const,
  summaries: () => ['inventories', 'summary'] as const,
  /** The cards' totals, per working context (a client's cards are their selection). */
  summary: (context: ContextKey) => ['inventories', 'summary', context] as const,
  /** `scope` is what the list shows: the working context, or what the staff member chose on the cards. */
  list: (
    context: ContextKey,
    params: { filter: string; page: number; search: string; expiring: number | null; cursor?: string },
  ) => ['inventories', 'list', context, params] as const,
  detail: (id: number) => ['inventories', 'detail', id] as const,
  movements: (id: number, page: number) => ['inventories', 'movements', id, page] as const,
  /** Where the row's units lie. */
  places: (id: number) => ['inventories', 'places', id] as const,
  activeWarehouses: () => ['inventories', 'active-warehouses'] as const,
  /** An account's bundles with what their components make in a warehouse. */
  bundles: (accountId: number, warehouseId: number) => ['inventories', 'bundles', accountId, warehouseId] as const,
};
