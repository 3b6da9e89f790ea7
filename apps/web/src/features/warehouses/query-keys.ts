import type { ContextKey } from '../../lib/context/context-key';
import { contextKeys } from '../../lib/query-keys/shared-keys';

/** Every query key of the warehouses feature. */
export const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (context: ContextKey, params: object) => ['warehouses', 'list', context, params] as const,
  detail: (id: number) => ['warehouses', 'detail', id] as const,
  statistics: (id: number) => ['warehouses', 'statistics', id] as const,
  /** People who may be assigned (a users list, invalidated with them). */
  assignableUsers: () => ['users', 'assignable'] as const,
  /** The header's selector list (lib/context), refreshed after a warehouse changes. */
  selectable: contextKeys.warehouses,
};
