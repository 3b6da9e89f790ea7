import { countRootKeys } from '../../lib/query-keys/shared-keys';

/** React Query keys of the cycle count screens. */
export const cycleCountKeys = {
  all: countRootKeys.all,
  list: (params: object) => ['cycle-counts', 'list', params] as const,
  detail: (id: number) => ['cycle-counts', 'detail', id] as const,
  /** Accounts linked to a warehouse: the create dialog's account picker. */
  accounts: (warehouseId: number) => ['cycle-counts', 'accounts', warehouseId] as const,
};
